import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The committed bundle: end-to-end tests run exactly what ships. */
export const BUNDLE = join(REPO_ROOT, 'dist', 'guilds-code.js');
export const FRESH_BUILD_DIR = join(REPO_ROOT, '.tmp', 'fresh-build');
export const FRESH_BUNDLE = join(FRESH_BUILD_DIR, 'guilds-code.js');
export const FIXTURES = join(REPO_ROOT, 'fixtures');
