// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { SHELL_CONTRACT } from '../../tools/shell/contract.js';
import { SHELL_STATUS_CONTRACT } from '../../tools/shell_status/contract.js';
import { FILE_READ_CONTRACT } from '../../tools/file_read/contract.js';
import { CODE_SEARCH_CONTRACT } from '../../tools/code_search/contract.js';
import { CODE_TASK_CONTRACT } from '../../tools/code_task/contract.js';

/** Every tool's contract, in the registry's order. */
export const CONTRACTS = [SHELL_CONTRACT, SHELL_STATUS_CONTRACT, FILE_READ_CONTRACT, CODE_SEARCH_CONTRACT, CODE_TASK_CONTRACT] as const;
