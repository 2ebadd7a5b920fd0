// code_task's I/O (io.ts), as Node gives it: git and the harness's processes (node/), and node:crypto's
// SHA-256 (a task runs for minutes: loading node:crypto costs it nothing to speak of).
import { loadCrypto } from '../../io/node/modules.js';
import type { CodeTaskIo } from './io.js';
import { nodeGitProcesses } from './node/git.js';
import { nodeHarnessProcesses } from './node/harness.js';

export const CODE_TASK_NODE_IO: CodeTaskIo = {
  git: nodeGitProcesses,
  harness: nodeHarnessProcesses,
  sha256Hex: (text) => loadCrypto().createHash('sha256').update(text, 'utf8').digest('hex'),
};
