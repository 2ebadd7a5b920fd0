// file_read's body in dist/guilds-code.js, and the one for a request whose op the loader cannot read
// (which every body refuses alike: src/contract/tool-names.ts gives it the kind `other`). build.mjs
// bundles each tool's body; src/boot/loader.ts picks one by the request's op.
import { hostColdCall } from '../../entry.js';
import { partLeftOut } from '../../io/node/core.js';
import { sha256Hasher } from '../../io/node/sha256.js';
import { fileRead } from './run.js';
import { codeTools } from '../index.js';

hostColdCall(codeTools({ file_read: fileRead }), { shell: partLeftOut('a shell'), search: partLeftOut('ripgrep'), sha256: sha256Hasher });
