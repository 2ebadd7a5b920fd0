// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { SHELL_CONTRACT } from './shell/contract.js';
import { SHELL_STATUS_CONTRACT } from './shell_status/contract.js';
import { FILE_READ_CONTRACT } from './file_read/contract.js';
import { CODE_SEARCH_CONTRACT } from './code_search/contract.js';

/** The contracts of guilds-code's tools, in the registry's order. */
export const CODE_TOOL_CONTRACTS = [SHELL_CONTRACT, SHELL_STATUS_CONTRACT, FILE_READ_CONTRACT, CODE_SEARCH_CONTRACT] as const;
