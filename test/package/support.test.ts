import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../helpers/markdown.js';
import { asRunHere, FIXED_FILES, importedSpecifiers, libraryExports, packageLines, tarballProblems } from './support.js';

const EXPORTS = {
  '.': './lib/orchestrator/index.js',
  './local-sandbox': './lib/orchestrator/local-sandbox.js',
  './dist/guilds-code.js': './dist/guilds-code.js',
  './package.json': './package.json',
};
const SOURCES = new Set(['src/orchestrator/index.ts', 'src/orchestrator/local-sandbox.ts', 'src/limits.ts']);
const sourceExists = (path: string): boolean => SOURCES.has(path);
const COMPLETE = [
  ...FIXED_FILES,
  'lib/orchestrator/index.js',
  'lib/orchestrator/index.d.ts',
  'lib/orchestrator/local-sandbox.js',
  'lib/orchestrator/local-sandbox.d.ts',
  'lib/chunks/chunk-P6YDX25H.js',
  'lib/limits.d.ts',
];

describe('the library exports', () => {
  it('are the exports that point into lib/, the bundles and package.json left out', () => {
    expect(libraryExports(EXPORTS)).toEqual([
      ['.', './lib/orchestrator/index.js'],
      ['./local-sandbox', './lib/orchestrator/local-sandbox.js'],
    ]);
  });
});

describe("the tarball's rules", () => {
  it('take the fixed files, each export with its declarations, chunks, and declarations of source modules', () => {
    expect(tarballProblems(COMPLETE, EXPORTS, sourceExists)).toEqual({ unexpected: [], missing: [] });
  });

  it('refuse a test, a fixture, a source, a map, and a declaration no source module has', () => {
    const extra = ['test/layout.test.ts', 'fixtures/tryout-repo/README.md', 'src/limits.ts', 'lib/orchestrator/index.js.map', 'lib/gone.d.ts'];
    expect(tarballProblems([...COMPLETE, ...extra], EXPORTS, sourceExists)).toEqual({ unexpected: extra, missing: [] });
  });

  it("name an export's missing module or declarations, and a missing fixed file", () => {
    const without = COMPLETE.filter((file) => !['lib/orchestrator/local-sandbox.d.ts', 'LICENSE'].includes(file));
    expect(tarballProblems(without, EXPORTS, sourceExists)).toEqual({ unexpected: [], missing: ['LICENSE', 'lib/orchestrator/local-sandbox.d.ts'] });
  });

  it('take only chunks named as the build names them', () => {
    expect(tarballProblems([...COMPLETE, 'lib/chunks/other.js'], EXPORTS, sourceExists).unexpected).toEqual(['lib/chunks/other.js']);
  });
});

describe('the imports of a built module', () => {
  it('are its imports and re-exports, on one line or several, side effects and dynamic imports included', () => {
    const code = [
      'import {',
      '  LocalSandbox',
      '} from "../chunks/chunk-P6YDX25H.js";',
      'import { spawn } from "node:child_process";',
      'import * as fs from "node:fs";',
      'import "./side-effect.js";',
      'export { a } from "./a.js";',
      'export * from "./b.js";',
      'export {',
      '  LocalSandbox',
      '};',
      'const later = () => import("node:os");',
      'const text = "import x from \\"not-a-module\\"";',
    ].join('\n');
    expect(importedSpecifiers(code)).toEqual(['../chunks/chunk-P6YDX25H.js', 'node:child_process', 'node:fs', './side-effect.js', './a.js', './b.js', 'node:os']);
  });
});

describe("the README's lines that pack, install or start the package", () => {
  const markdown = [
    '```sh',
    'npm pack --pack-destination ~   # writes ~/p-1.0.0.tgz',
    'npm install ~/p-1.0.0.tgz   # once published: npm install p',
    'install -m 755 node_modules/p/dist/p.js /usr/local/bin/p',
    '```',
    '```',
    'npx -y -p ~/p-1.0.0.tgz p-mcp --home DIR   # the bin',
    '```',
    '```ts',
    "import { x } from 'p'; // npm install p",
    '```',
    '```sh',
    'claude mcp add p -- npx -y -p /opt/guilds-code p-mcp --home "$PWD"',
    'npm start',
    '```',
  ].join('\n');

  it('are those of shell and bare blocks, their comments dropped', () => {
    expect(packageLines(fencedBlocks(markdown))).toEqual([
      'npm pack --pack-destination ~',
      'npm install ~/p-1.0.0.tgz',
      'npx -y -p ~/p-1.0.0.tgz p-mcp --home DIR',
      'claude mcp add p -- npx -y -p /opt/guilds-code p-mcp --home "$PWD"',
    ]);
  });

  it('run with the packed tarball for ~/<tarball>, the checkout for its placeholder and the folder for DIR', () => {
    const places = { tarballName: 'p-1.0.0.tgz', tarball: '/tmp/x/p-1.0.0.tgz', checkout: '/src/p', dir: '/tmp/x/fresh' };
    expect(asRunHere('npx -y -p ~/p-1.0.0.tgz p-mcp --home DIR   # the bin', places)).toBe('npx -y -p /tmp/x/p-1.0.0.tgz p-mcp --home /tmp/x/fresh');
    expect(asRunHere('npx -y -p /opt/guilds-code p-mcp --home "$PWD"', places)).toBe('npx -y -p /src/p p-mcp --home "$PWD"');
    expect(asRunHere('npm install ~/p-2.0.0.tgz', places)).toBe('npm install ~/p-2.0.0.tgz');
  });
});
