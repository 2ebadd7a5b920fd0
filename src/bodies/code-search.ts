// dist/guilds-code.js's code for a code_search call (src/boot/loader.ts picks a body by the request's op).
import { hostColdCall } from '../entry.js';
import { partLeftOut } from '../io/node/core.js';
import { nodeSearchProcesses } from '../io/node/search.js';
import { codeSearch } from '../tools/code_search/run.js';
import { codeTools } from '../tools/index.js';

hostColdCall(codeTools({ code_search: codeSearch }), { shell: partLeftOut('a shell'), search: nodeSearchProcesses, sha256: partLeftOut('SHA-256') });
