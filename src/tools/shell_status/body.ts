// shell_status's body in dist/guilds-code.js: its run step and the I/O parts it uses, with every code
// tool's spec (build.mjs bundles each tool's body; src/boot/loader.ts picks one by the request's op).
import { hostColdCall } from '../../entry.js';
import { partLeftOut } from '../../io/node/core.js';
import { codeTools } from '../index.js';
import { shellStatus } from './run.js';

hostColdCall(codeTools({ shell_status: shellStatus }), { shell: partLeftOut('a shell'), search: partLeftOut('ripgrep'), sha256: partLeftOut('SHA-256') });
