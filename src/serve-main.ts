// dist/guilds-code.js's code for `--serve` (SPEC section 8): every tool in one body, compiled once for
// the stream's life (src/boot/loader.ts picks it by the argument; docs/orchestrator.md, "Decisions", says why).
// The stream lives for many calls, so its shell commands are guarded by one process for its whole life
// rather than each by one of its own (src/io/node/group-guard.ts).
import { longLivedIo } from './io/node/core.js';
import { guardGroupsOfThisProcess } from './io/node/group-guard.js';
import { SHELL_KILL_GRACE_MS } from './limits.js';
import { serveStream } from './serve.js';
import { CODE_TOOLS } from './tools/all.js';
import { CODE_TOOLS_NODE_IO } from './tools/code-node-io.generated.js';
import { FILE_READ_LONG_LIVED_NODE_IO } from './tools/file_read/node-io.js';

guardGroupsOfThisProcess(SHELL_KILL_GRACE_MS);
serveStream(CODE_TOOLS, { ...CODE_TOOLS_NODE_IO, ...FILE_READ_LONG_LIVED_NODE_IO, ...longLivedIo() });
