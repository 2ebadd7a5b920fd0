// The home as the helper checks it at every start, and the MCP server and the warm stream at every
// call: absolute, there, a folder; its links resolved.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { homeMissing, homeNotAbsolute, homeNotAFolder } from '../../contract/errors.js';
import { HOMES_KEPT } from '../../limits.js';

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

/**
 * homeFolder for a process that answers many calls: a home resolved before is only looked at again
 * (still a folder there), not walked link by link at every call; one that is not is resolved anew.
 */
export class HomeFolders {
  private readonly resolved = new Map<string, string>();

  folder(named: string | undefined): string {
    const known = named === undefined ? undefined : this.resolved.get(named);
    if (known !== undefined && lstatSync(known, { throwIfNoEntry: false })?.isDirectory() === true) return known;
    const real = homeFolder(named);
    if (this.resolved.size >= HOMES_KEPT) this.resolved.clear();
    this.resolved.set(named!, real);
    return real;
  }
}
