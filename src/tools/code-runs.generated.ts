// Made by build.mjs from the rows of src/contract/tool-names.ts (src/tools/registry-lists.ts): do not edit.
import type { CodeToolRuns } from './index.js';
import { SHELL_CONTRACT } from './shell/contract.js';
import { shell } from './shell/run.js';
import { SHELL_STATUS_CONTRACT } from './shell_status/contract.js';
import { shellStatus } from './shell_status/run.js';
import { FILE_READ_CONTRACT } from './file_read/contract.js';
import { fileRead } from './file_read/run.js';
import { CODE_SEARCH_CONTRACT } from './code_search/contract.js';
import { codeSearch } from './code_search/run.js';

/** The run steps of guilds-code's tools, by name. */
export const CODE_TOOL_RUNS: CodeToolRuns = {
  [SHELL_CONTRACT.spec.name]: shell,
  [SHELL_STATUS_CONTRACT.spec.name]: shellStatus,
  [FILE_READ_CONTRACT.spec.name]: fileRead,
  [CODE_SEARCH_CONTRACT.spec.name]: codeSearch,
};
