// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import type { ToolRuns } from './context.js';
import { shell } from './shell/run.js';
import { shellStatus } from './shell_status/run.js';
import { fileRead } from './file_read/run.js';
import { codeSearch } from './code_search/run.js';

/** The run steps of guilds-code's tools, by name. */
export const CODE_TOOL_RUNS: ToolRuns = {
  shell: shell,
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch,
};
