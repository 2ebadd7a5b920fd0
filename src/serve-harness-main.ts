// dist/guilds-harness.js's code for `--serve` (SPEC section 9, "code_task streams too"): section 8's
// stream with guilds-harness's tools, their real I/O, through the same serveStream as guilds-code's
// (src/serve-main.ts). A body of its own (src/boot/loader.ts picks it by the argument), so that a
// cold call's body stays what it was.
import { serveStream } from './serve.js';
import { HARNESS_TOOL_CONTRACTS } from './tools/harness-contracts.generated.js';
import { HARNESS_TOOLS_NODE_IO } from './tools/harness-node-io.generated.js';
import { HARNESS_TOOL_RUNS } from './tools/harness-runs.generated.js';
import { toolTable } from './tools/index.js';

serveStream(toolTable(HARNESS_TOOL_CONTRACTS, HARNESS_TOOL_RUNS), HARNESS_TOOLS_NODE_IO);
