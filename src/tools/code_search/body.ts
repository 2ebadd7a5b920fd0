// code_search's body in dist/guilds-code.js: its run step and the I/O parts it uses, with every code
// tool's spec (build.mjs bundles each tool's body; src/boot/loader.ts picks one by the request's op).
import { hostColdCall } from '../../entry.js';
import { partLeftOut } from '../../io/node/core.js';
import { nodeSearchProcesses } from '../../io/node/search.js';
import { codeSearch } from './run.js';
import { codeTools } from '../index.js';

hostColdCall(codeTools({ code_search: codeSearch }), { shell: partLeftOut('a shell'), search: nodeSearchProcesses, sha256: partLeftOut('SHA-256') });
