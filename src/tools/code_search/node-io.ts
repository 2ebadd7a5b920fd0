// code_search's I/O (io.ts), as Node gives it: ripgrep found and run (node/).
import type { CodeSearchIo } from './io.js';
import { nodeSearchProcesses } from './node/search.js';

export const CODE_SEARCH_NODE_IO: CodeSearchIo = { search: nodeSearchProcesses };
