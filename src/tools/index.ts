// The tools of dist/guilds-code.js. Another bundle (a harness with code_task) has a table of its own.
import type { Context, OpResult, OpTable } from './context.js';
import type { CodeSearchMeta } from '../contract/tools/code_search.js';
import { codeSearch } from '../ops/code_search.js';
import { fileRead } from './file_read/run.js';
import { shell } from './shell/run.js';
import { shellStatus } from './shell_status/run.js';

export const CODE_TOOLS: OpTable = {
  shell,
  shell_status: shellStatus,
  file_read: fileRead,
  // code_search resolves its own arguments until it moves to src/tools/code_search/.
  code_search: (context: Context) => codeSearch(context) as unknown as Promise<OpResult<CodeSearchMeta>>,
};
