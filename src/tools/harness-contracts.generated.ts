// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { CODE_TASK_CONTRACT } from './code_task/contract.js';

/** The contracts of guilds-harness's tools, in the registry's order. */
export const HARNESS_TOOL_CONTRACTS = [CODE_TASK_CONTRACT] as const;
