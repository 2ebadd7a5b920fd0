import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE, FRESH_BUNDLE } from '../helpers/paths.js';

describe('dist/guilds-code.js', () => {
  it('is byte for byte what build.mjs makes from the sources (run npm run build when it is not)', () => {
    const fresh = readFileSync(FRESH_BUNDLE);
    const committed = readFileSync(BUNDLE);
    expect(committed.equals(fresh)).toBe(true);
  });

  it('requires nothing at run time but node: built-ins', () => {
    const source = readFileSync(FRESH_BUNDLE, 'utf8');
    const required = [...source.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required.filter((name) => !name!.startsWith('node:'))).toEqual([]);
  });
});
