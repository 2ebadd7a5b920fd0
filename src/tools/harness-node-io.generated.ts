// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { CODE_TASK_NODE_IO } from './code_task/node-io.js';

/** The I/O of all of guilds-harness's tools, as Node gives it: its warm stream runs them all. */
export const HARNESS_TOOLS_NODE_IO = { ...CODE_TASK_NODE_IO };
