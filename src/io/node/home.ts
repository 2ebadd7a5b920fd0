// The home as the helper checks it at every start, and the MCP server and the warm stream at every
// call: absolute, there, a folder; its links resolved. A home nothing in the sandbox can change
// (src/io/home-reach.ts) is looked at once.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { homeMissing, homeNotAbsolute, homeNotAFolder } from '../../contract/errors.js';
import { HOMES_KEPT } from '../../limits.js';
import { foldersDownTo, homeIsPinned, type FolderLook } from '../home-reach.js';

export function homeFolder(named: string | undefined): string {
  if (!named || !named.startsWith('/')) throw homeNotAbsolute();
  let real: string;
  try {
    real = realpathSync.native(named);
  } catch {
    throw homeMissing(named);
  }
  if (!statSync(real).isDirectory()) throw homeNotAFolder(named);
  return real;
}

/** Whether `home` (absolute, no link in it) is pinned for an agent of this process's effective uid. */
function pinnedHome(home: string): boolean {
  const chain: FolderLook[] = [];
  for (const folder of foldersDownTo(home)) {
    const look = lstatSync(folder, { throwIfNoEntry: false });
    if (look === undefined) return false;
    chain.push({ isDirectory: look.isDirectory(), dev: look.dev, uid: look.uid, mode: look.mode });
  }
  return homeIsPinned(chain, process.geteuid?.() ?? 0);
}

interface KnownHome {
  path: string;
  /** Decided at its second look, so that a cold helper, which looks once, pays nothing for it. */
  pinned: boolean | undefined;
}

/**
 * homeFolder for a process that answers many calls: a home resolved before is only looked at again
 * (still a folder there), not walked link by link at every call; one that is not is resolved anew.
 * A home named by its own path (no link) that nothing in the sandbox can change is not looked at again.
 */
export class HomeFolders {
  private readonly resolved = new Map<string, KnownHome>();

  folder(named: string | undefined): string {
    const known = named === undefined ? undefined : this.resolved.get(named);
    if (known !== undefined) {
      if (known.pinned === true) return known.path;
      if (lstatSync(known.path, { throwIfNoEntry: false })?.isDirectory() === true) {
        known.pinned ??= known.path === named && pinnedHome(known.path);
        return known.path;
      }
    }
    const real = homeFolder(named);
    if (this.resolved.size >= HOMES_KEPT) this.resolved.clear();
    this.resolved.set(named!, { path: real, pinned: undefined });
    return real;
  }
}
