// The `unit` project's list (test/helpers/unit-files.ts) against its rule: every file there exists and
// none reaches for what only the `helpers` project's global set-up provides — the bundles, a sandbox
// of bwrap or docker, a browser, another Node line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_FILES } from './helpers/unit-files.js';

const ROOT = join(import.meta.dirname, '..');

/** What a test names when it runs a bundle or a sandbox, and the helpers that do it for it. */
const OUT_OF_UNIT = [
  /\b(callHelper|callHelperAsync|runHelperArgument|spawnBundle)\b/,
  /\b[A-Z_]*BUNDLE\b/,
  /from '[./]*helpers\/(background|bundle|docker|mcp|node-lines|processes|sandboxes|serve)\.js'/,
  /\b(chromium|GUILDS_TEST_NODE)\b/,
  /\bscripts\/try\.ts\b/,
];

describe('the unit project', () => {
  it('lists files that exist, once each', () => {
    expect(UNIT_FILES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
    expect(new Set(UNIT_FILES).size).toBe(UNIT_FILES.length);
  });

  it('lists no test that runs a bundle, a sandbox, a browser or another Node line', () => {
    const offending = UNIT_FILES.filter((file) => file !== 'test/unit-files.test.ts').flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return OUT_OF_UNIT.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`);
    });
    expect(offending).toEqual([]);
  });
});
