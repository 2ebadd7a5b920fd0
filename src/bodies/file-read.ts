// dist/guilds-code.js's code for a file_read call, and for a request whose op the loader cannot read
// (which every body refuses alike). src/boot/loader.ts picks a body by the request's op.
import { hostColdCall } from '../entry.js';
import { partLeftOut } from '../io/node/core.js';
import { sha256Hasher } from '../io/node/sha256.js';
import { fileRead } from '../tools/file_read/run.js';
import { codeTools } from '../tools/index.js';

hostColdCall(codeTools({ file_read: fileRead }), { shell: partLeftOut('a shell'), search: partLeftOut('ripgrep'), sha256: sha256Hasher });
