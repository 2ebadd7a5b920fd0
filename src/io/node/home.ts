// The home as the helper checks it at every start, and the MCP server at every call: absolute,
// there, a folder; its links resolved.
import { realpathSync, statSync } from 'node:fs';
import { homeMissing, homeNotAbsolute, homeNotAFolder } from '../../contract/errors.js';

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
