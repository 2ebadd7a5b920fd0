// Finding ripgrep. The bundle is copied to /usr/local/bin without node_modules, so @vscode/ripgrep's
// own rgPath (fixed at build time) is never used: the binary is looked for at run time.
import { accessSync, constants, statSync } from 'node:fs';
import { RipgrepError } from '../io.js';

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The file this code runs from: the bundle in dist/, or the source module under the test runner. */
function ownFile(): string {
  if (typeof __filename === 'string') return __filename;
  return new URL(import.meta.url).pathname;
}

function parentFolder(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** The package name @vscode/ripgrep installs its binary from on this machine. */
export function vscodeRipgrepPackage(): string {
  return `@vscode/ripgrep-${process.platform}-${process.arch}`;
}

/** Where a development checkout holds ripgrep: node_modules beside the running file or above it. */
function developmentRipgrep(): { found: string | null; from: string } {
  const start = parentFolder(ownFile());
  const relative = `node_modules/${vscodeRipgrepPackage()}/bin/rg`;
  for (let folder = start; ; folder = parentFolder(folder)) {
    const candidate = `${folder === '/' ? '' : folder}/${relative}`;
    if (isExecutableFile(candidate)) return { found: candidate, from: start };
    if (folder === '/') return { found: null, from: start };
  }
}

export function findRipgrepIn(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env.GUILDS_RG;
  if (configured) {
    // An explicit choice that does not work is reported, not silently replaced by another ripgrep.
    if (configured.startsWith('/') && isExecutableFile(configured)) return configured;
    throw new RipgrepError({ code: 'RG_CONFIGURED_NOT_EXECUTABLE', configured });
  }
  for (const folder of (env.PATH ?? '').split(':')) {
    if (!folder.startsWith('/')) continue;
    const candidate = `${folder}/rg`;
    if (isExecutableFile(candidate)) return candidate;
  }
  const development = developmentRipgrep();
  if (development.found) return development.found;
  throw new RipgrepError({ code: 'RG_NOT_FOUND', packageName: vscodeRipgrepPackage(), searchedFrom: development.from });
}
