// What the two sandboxes of this machine (local, bubblewrap) share: the interface chooseSandbox gives,
// their scratch folder with the home and the run folder in it, and a write into a
// folder the agent owns that never follows a link.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, cpSync, mkdirSync, mkdtempSync, openSync, realpathSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox.js';

/** A sandbox on this machine: the local one or bubblewrap's. */
export interface MachineSandbox extends Sandbox {
  /** The agent's home, the same path on the host and inside. */
  readonly home: string;
  /** The host folder holding the helper's state (the sandbox's runDir, seen from the host). */
  readonly hostRunDir: string;
  /** Stop everything the sandbox runs and remove what it made (a home passed in is left alone). */
  cleanup(): Promise<void>;
}

export interface MachineFolderOptions {
  /** The agent's home; made in the scratch folder when absent. */
  home?: string | undefined;
  /** Copied into the home (e.g. a repository under repos/<name>). */
  seed?: { from: string; to: string } | undefined;
  /** The host folder of the helper's state; made in the scratch folder when absent. */
  runDir?: string | undefined;
}

export interface MachineFolders {
  /** The scratch folder holding whatever the sandbox made; its cleanup removes it. */
  scratch: string;
  /** The home, by its physical path. */
  home: string;
  /** The state folder as given (or made), with its requests/ folder of mode 0700. */
  runDir: string;
  /** The same folder by its physical path, from which a write goes down without following a link. */
  physicalRunDir: string;
}

/** Makes a scratch folder named `prefix`…, the home and the state folder (in it when not given), and seeds the home. */
export function makeMachineFolders(prefix: string, options: MachineFolderOptions): MachineFolders {
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const given = options.home ?? join(scratch, 'home');
  mkdirSync(given, { recursive: true });
  const home = realpathSync(given);
  const runDir = options.runDir ?? join(scratch, 'run');
  mkdirSync(join(runDir, 'requests'), { recursive: true, mode: 0o700 });
  if (options.seed) cpSync(options.seed.from, join(home, options.seed.to), { recursive: true });
  return { scratch, home, runDir, physicalRunDir: realpathSync(runDir) };
}

/**
 * Writes `bytes` to base/names… without following a link on the way: each folder is opened from the
 * one before through /proc/self/fd with O_NOFOLLOW, the file is made new under a temporary name
 * (O_EXCL, never `.json`) and renamed over the final name, which replaces a link there instead of
 * writing through it. The agent owns the home and the run folder; a link it plants is refused.
 */
export function writeWithoutFollowing(base: string, names: readonly string[], bytes: Uint8Array): void {
  const folderFlags = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
  let folder = openSync(base, folderFlags);
  try {
    for (const name of names.slice(0, -1)) {
      const next = openSync(`/proc/self/fd/${folder}/${name}`, folderFlags);
      closeSync(folder);
      folder = next;
    }
    const last = names.at(-1)!;
    const temporary = `/proc/self/fd/${folder}/.${last}.${randomBytes(6).toString('hex')}.tmp`;
    const file = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      writeSync(file, bytes);
    } catch (error) {
      closeSync(file);
      unlinkSync(temporary);
      throw error;
    }
    closeSync(file);
    renameSync(temporary, `/proc/self/fd/${folder}/${last}`);
  } finally {
    closeSync(folder);
  }
}

