// The tools of dist/guilds-code.js. Another bundle (a harness with code_task) has a table of its own.
import { CODE_SEARCH_SPEC, resolveCodeSearchArgs } from '../contract/tools/code_search.js';
import { FILE_READ_SPEC, resolveFileReadArgs } from '../contract/tools/file_read.js';
import { resolveShellArgs, SHELL_SPEC } from '../contract/tools/shell.js';
import { resolveShellStatusArgs, SHELL_STATUS_SPEC } from '../contract/tools/shell_status.js';
import type { OpTable } from './context.js';
import { codeSearch } from './code_search/run.js';
import { fileRead } from './file_read/run.js';
import { shell } from './shell/run.js';
import { shellStatus } from './shell_status/run.js';

export const CODE_TOOLS: OpTable = {
  shell: { spec: SHELL_SPEC, resolve: resolveShellArgs, run: shell },
  shell_status: { spec: SHELL_STATUS_SPEC, resolve: resolveShellStatusArgs, run: shellStatus },
  file_read: { spec: FILE_READ_SPEC, resolve: resolveFileReadArgs, run: fileRead },
  code_search: { spec: CODE_SEARCH_SPEC, resolve: resolveCodeSearchArgs, run: codeSearch },
};
