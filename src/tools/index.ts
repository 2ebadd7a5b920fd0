// The tools of dist/guilds-code.js. Another bundle (a harness with code_task) has a table of its own.
import type { OpTable } from './context.js';
import { codeSearch } from './code_search/run.js';
import { fileRead } from './file_read/run.js';
import { shell } from './shell/run.js';
import { shellStatus } from './shell_status/run.js';

export const CODE_TOOLS: OpTable = {
  shell,
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch,
};
