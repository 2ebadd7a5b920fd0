// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import type { ToolRuns } from './context.js';
import { codeTask } from './code_task/run.js';

/** The run steps of guilds-harness's tools, by name. */
export const HARNESS_TOOL_RUNS: ToolRuns = {
  code_task: codeTask,
};
