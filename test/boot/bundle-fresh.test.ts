import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE, FRESH_BUNDLE, FRESH_HARNESS_BUNDLE, FRESH_MCP_BUNDLE, HARNESS_BUNDLE, MCP_BUNDLE } from '../helpers/paths.js';

describe.each([
  ['dist/guilds-code.js', BUNDLE, FRESH_BUNDLE],
  ['dist/guilds-harness.js', HARNESS_BUNDLE, FRESH_HARNESS_BUNDLE],
])('%s', (_name, committedPath, freshPath) => {
  it('is byte for byte what build.mjs makes from the sources (run npm run build when it is not)', () => {
    const fresh = readFileSync(freshPath);
    const committed = readFileSync(committedPath);
    expect(committed.equals(fresh)).toBe(true);
  });

  it('is ASCII, so that Node reads it as a one-byte string', () => {
    expect(readFileSync(freshPath).every((byte) => byte < 0x80)).toBe(true);
  });

  it('requires nothing at run time but node: built-ins', () => {
    const source = readFileSync(freshPath, 'utf8');
    const required = [...source.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required.filter((name) => !name!.startsWith('node:'))).toEqual([]);
  });
});

describe('dist/guilds-code.js', () => {
  it('carries nothing of code_task but its name: the harness helper has its contract and run step', () => {
    // Its bodies are minified, so it is checked by sentences of code_task's own modules.
    const source = readFileSync(FRESH_BUNDLE, 'utf8');
    for (const sentence of ['no reason given', 'no changes']) {
      expect(source).not.toContain(sentence);
      expect(readFileSync(FRESH_HARNESS_BUNDLE, 'utf8')).toContain(sentence);
    }
    expect(readFileSync(FRESH_HARNESS_BUNDLE, 'utf8')).toContain('src/tools/code_task/contract.ts');
    expect(readFileSync(FRESH_HARNESS_BUNDLE, 'utf8')).toContain('src/tools/code_task/run.ts');
  });
});

describe('dist/guilds-code-mcp.js', () => {
  it('is byte for byte what build.mjs makes from the sources (run npm run build when it is not)', () => {
    expect(readFileSync(MCP_BUNDLE).equals(readFileSync(FRESH_MCP_BUNDLE))).toBe(true);
  });

  it('requires nothing at run time but node: built-ins: the MCP SDK is inside', () => {
    const source = readFileSync(FRESH_MCP_BUNDLE, 'utf8');
    // ajv writes `require("ajv/...")` into code it generates as text; a real require is a call.
    const required = [...source.matchAll(/(?<![`'"])\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required.filter((name) => !name!.startsWith('node:'))).toEqual([]);
  });

  it('leaves the helpers alone: none of the server is in guilds-code.js or guilds-harness.js', () => {
    for (const helper of [FRESH_BUNDLE, FRESH_HARNESS_BUNDLE]) {
      const source = readFileSync(helper, 'utf8');
      expect(source).not.toContain('src/mcp/');
      expect(source).not.toContain('modelcontextprotocol');
      expect(source).not.toContain('MCP_');
    }
  });
});
