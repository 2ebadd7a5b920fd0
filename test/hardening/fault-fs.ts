// A FileSystem that runs a hook before each call and then does the real thing: the hook can throw
// (a full disk, an I/O error) or change the world (a link swapped between a check and an open).
// It is a test double of our own Io interface; node: itself is never mocked.
import type { FileSystem } from '../../src/io/types.js';

export type FileSystemCall = keyof FileSystem;
export type Hook = (call: FileSystemCall, args: unknown[]) => void;

export function hookedFileSystem(real: FileSystem, hook: Hook): FileSystem {
  const wrapped = {} as Record<FileSystemCall, (...args: unknown[]) => unknown>;
  for (const call of Object.keys(real) as FileSystemCall[]) {
    const method = real[call] as (...args: unknown[]) => unknown;
    wrapped[call] = (...args: unknown[]) => {
      hook(call, args);
      return method(...args);
    };
  }
  return wrapped as unknown as FileSystem;
}

/** An error as node:fs throws it, with its errno name. */
export function fsError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}
