// Fixture repositories for code_search, made real in a sandbox home: copied from fixtures/search/,
// each `_gitignore` becoming `.gitignore` (a committed .gitignore would hide the fixture's own
// ignored files from this repository), then `git init` where a repository is wanted.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../../helpers/paths.js';

function renameIgnoreFiles(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) renameIgnoreFiles(path);
    else if (entry.name === '_gitignore') renameSync(path, join(folder, '.gitignore'));
  }
}

/** Copy fixtures/search/<name> to <home>/<destination>, as a git repository when `git` is true. */
export function placeFixture(home: string, name: string, destination: string, git: boolean): string {
  const target = join(home, destination);
  cpSync(join(FIXTURES, 'search', name), target, { recursive: true });
  renameIgnoreFiles(target);
  if (git) {
    execFileSync('git', ['init', '-q', target], {
      env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
      stdio: 'ignore',
    });
  }
  return target;
}
