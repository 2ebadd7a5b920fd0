// The real I/O with all of its parts. Only src/entry.ts and the modules of src/io/node/ touch node:
// modules.
import type { Io } from '../types.js';
import { nodeIoWith, type NodeIoParts } from './core.js';
import { nodeSearchProcesses } from './search.js';
import { sha256Hasher } from './sha256.js';
import { nodeShellProcesses } from './shell.js';

export { nodeFileSystem } from './core.js';

export const ALL_NODE_IO_PARTS: NodeIoParts = {
  shell: nodeShellProcesses,
  search: nodeSearchProcesses,
  sha256: sha256Hasher,
};

export function nodeIo(home: string, runDir: string, env: Record<string, string | undefined>): Io {
  return nodeIoWith(ALL_NODE_IO_PARTS, home, runDir, env);
}
