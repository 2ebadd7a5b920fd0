// dist/guilds-code.js's code for `--serve` (SPEC section 8): every tool in one body, compiled once for
// the stream's life (src/boot/loader.ts picks it by the argument; docs/orchestrator.md, "Decisions", says why).
import { ALL_NODE_IO_PARTS } from './io/node/index.js';
import { serveStream } from './serve.js';
import { CODE_TOOLS } from './tools/all.js';

serveStream(CODE_TOOLS, ALL_NODE_IO_PARTS);
