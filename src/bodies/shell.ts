// dist/guilds-code.js's code for a shell call, foreground or background (src/boot/loader.ts picks a
// body by the request's op).
import { hostColdCall } from '../entry.js';
import { partLeftOut } from '../io/node/core.js';
import { nodeShellProcesses } from '../io/node/shell.js';
import { codeTools } from '../tools/index.js';
import { shell } from '../tools/shell/run.js';

hostColdCall(codeTools({ shell }), { shell: nodeShellProcesses, search: partLeftOut('ripgrep'), sha256: partLeftOut('SHA-256') });
