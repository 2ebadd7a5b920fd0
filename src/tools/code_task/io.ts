// code_task's I/O beyond what every tool has (src/io/types.ts): git for its snapshots (git-io.ts), and
// the harness's process with the few system calls its lock and records need (harness-io.ts), and a
// hash to name a lock by. Its Node implementation is node-io.ts.
import type { GitProcesses } from './git-io.js';
import type { HarnessProcesses } from './harness-io.js';

export interface CodeTaskIo {
  git: GitProcesses;
  harness: HarnessProcesses;
  /** The hex SHA-256 of `text`'s UTF-8 bytes: a repository's lock is named by its path's. */
  sha256Hex(text: string): string;
}
