// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.
import { hostColdCall } from '../../entry.js';
import { toolTable } from '../index.js';
import { HARNESS_TOOL_CONTRACTS } from '../harness-contracts.generated.js';
import { CODE_TASK_NODE_IO } from './node-io.js';
import { codeTask } from './run.js';

// code_task's body in dist/guilds-harness.js (build.mjs bundles it; src/boot/loader.ts picks it by the request's op).
hostColdCall(toolTable(HARNESS_TOOL_CONTRACTS, { code_task: codeTask }), CODE_TASK_NODE_IO);
