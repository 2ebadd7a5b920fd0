// dist/guilds-code.js's code for a shell_status call (src/boot/loader.ts picks a body by the request's op).
import { hostColdCall } from '../entry.js';
import { partLeftOut } from '../io/node/core.js';
import { codeTools } from '../tools/index.js';
import { shellStatus } from '../tools/shell_status/run.js';

hostColdCall(codeTools({ shell_status: shellStatus }), { shell: partLeftOut('a shell'), search: partLeftOut('ripgrep'), sha256: partLeftOut('SHA-256') });
