// dist/guilds-harness.js's code for `--serve` (SPEC section 9, "code_task streams too"): section 8's
// stream with code_task alone, the real git and harness processes, through the same serveStream as
// guilds-code's (src/serve-main.ts). A body of its own (src/boot/loader.ts picks it by the argument),
// so that a cold call's body stays what it was.
import { nodeGitProcesses } from './io/node/git.js';
import { nodeHarnessProcesses } from './io/node/harness.js';
import { ALL_NODE_IO_PARTS } from './io/node/index.js';
import { serveStream } from './serve.js';
import { codeTaskLimits } from './tools/code_task/run.js';
import { harnessTools } from './tools/harness.js';

serveStream(harnessTools({ git: nodeGitProcesses, harness: nodeHarnessProcesses }, codeTaskLimits(process.env)), ALL_NODE_IO_PARTS);
