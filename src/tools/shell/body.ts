// shell's body in dist/guilds-code.js, for a command in the foreground or the background: its run step
// and the I/O parts it uses, with every code tool's spec (build.mjs bundles each tool's body;
// src/boot/loader.ts picks one by the request's op).
import { hostColdCall } from '../../entry.js';
import { partLeftOut } from '../../io/node/core.js';
import { nodeShellProcesses } from '../../io/node/shell.js';
import { codeTools } from '../index.js';
import { shell } from './run.js';

hostColdCall(codeTools({ shell }), { shell: nodeShellProcesses, search: partLeftOut('ripgrep'), sha256: partLeftOut('SHA-256') });
