// Builds fresh bundles beside the committed ones, so that a test can tell when dist/ is stale.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { FRESH_BUILD_DIR } from './paths.js';

export default function setup(): void {
  mkdirSync(FRESH_BUILD_DIR, { recursive: true });
  execFileSync(process.execPath, ['build.mjs'], {
    env: { ...process.env, GUILDS_BUILD_OUTDIR: FRESH_BUILD_DIR },
    stdio: 'inherit',
  });
}
