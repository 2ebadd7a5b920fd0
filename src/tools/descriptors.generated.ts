// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { SHELL_TOOL } from './shell/tool.js';
import { SHELL_STATUS_TOOL } from './shell_status/tool.js';
import { FILE_READ_TOOL } from './file_read/tool.js';
import { CODE_SEARCH_TOOL } from './code_search/tool.js';
import { CODE_TASK_TOOL } from './code_task/tool.js';

/** Every tool's descriptor, in the registry's order. */
export const DESCRIPTORS = [SHELL_TOOL, SHELL_STATUS_TOOL, FILE_READ_TOOL, CODE_SEARCH_TOOL, CODE_TASK_TOOL] as const;
