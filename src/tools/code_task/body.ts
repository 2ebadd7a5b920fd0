// code_task's body, the whole of dist/guilds-harness.js, run by its loader (src/boot/loader.ts): code_task
// only, with the real git and harness processes.
import { hostColdCall } from '../../entry.js';
import { nodeGitProcesses } from '../../io/node/git.js';
import { nodeHarnessProcesses } from '../../io/node/harness.js';
import { ALL_NODE_IO_PARTS } from '../../io/node/index.js';
import { codeTaskLimits } from './run.js';
import { harnessTools } from '../harness.js';

hostColdCall(harnessTools({ git: nodeGitProcesses, harness: nodeHarnessProcesses }, codeTaskLimits(process.env)), ALL_NODE_IO_PARTS);
