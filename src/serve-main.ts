// dist/guilds-code.js's code for `--serve` (SPEC section 8): every tool in one body, compiled once for
// the stream's life (src/boot/loader.ts picks it by the argument; docs/orchestrator.md, "Decisions", says why).
import { serveStream } from './serve.js';
import { CODE_TOOLS } from './tools/all.js';
import { CODE_TOOLS_NODE_IO } from './tools/code-node-io.generated.js';
import { FILE_READ_LONG_LIVED_NODE_IO } from './tools/file_read/node-io.js';

serveStream(CODE_TOOLS, { ...CODE_TOOLS_NODE_IO, ...FILE_READ_LONG_LIVED_NODE_IO });
