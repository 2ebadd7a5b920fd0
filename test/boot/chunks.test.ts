// The shared chunks as pieces of one script (src/boot/chunks.ts), on texts written the way esbuild
// writes a split build, minified and readable; test/e2e/bodies.test.ts checks the built bundle.
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  chunksOfEntry,
  evaluationOrder,
  mutableExports,
  pieceOfChunk,
  readChunkModule,
  type SourceOfImport,
} from '../../src/boot/chunks.js';
import { joinedPieces } from '../../src/boot/code-cache.js';

const MINIFIED_CHUNK =
  'import{a as t,b as r}from"./chunk-A.js";var n=1;function o(){return t(n)+r}import{readFileSync as s}from"node:fs";' +
  'var i=class{};export{o as a,i as b,n as c};\n';
const READABLE_CHUNK = [
  'import {',
  '  shared,',
  '  other as other2',
  '} from "./chunk-A.js";',
  '',
  '// src/tools/x.ts',
  'function run() {',
  '  return shared() + other2;',
  '}',
  'import { statSync } from "node:fs";',
  'var VALUE = 2;',
  'export {',
  '  run,',
  '  VALUE',
  '};',
  '',
].join('\n');

const sourceOf: SourceOfImport = (from) => {
  if (from.startsWith('node:')) return { builtin: from };
  return from === './chunk-A.js' ? { exportPrefix: '__gx0_' } : null;
};

describe('a chunk as esbuild writes it', () => {
  it('gives its imports, wherever a statement may start, its export at the end and the code between', () => {
    expect(readChunkModule(MINIFIED_CHUNK)).toEqual({
      imports: [
        { from: './chunk-A.js', kind: 'named', bindings: [{ outer: 'a', local: 't' }, { outer: 'b', local: 'r' }] },
        { from: 'node:fs', kind: 'named', bindings: [{ outer: 'readFileSync', local: 's' }] },
      ],
      code: 'var n=1;function o(){return t(n)+r}var i=class{};\n',
      exports: [
        { outer: 'a', local: 'o' },
        { outer: 'b', local: 'i' },
        { outer: 'c', local: 'n' },
      ],
    });
  });

  it('keeps the code on its lines when a statement of several lines is taken out', () => {
    const { code, imports, exports } = readChunkModule(READABLE_CHUNK);
    expect(code.split('\n')).toHaveLength(READABLE_CHUNK.split('\n').length);
    expect(code.split('\n')[6]).toBe('function run() {');
    expect(imports.map((entry) => entry.from)).toEqual(['./chunk-A.js', 'node:fs']);
    expect(exports).toEqual([
      { outer: 'run', local: 'run' },
      { outer: 'VALUE', local: 'VALUE' },
    ]);
  });

  it('reads an import for its evaluation only, a namespace import and a default import', () => {
    expect(readChunkModule('import"./chunk-B.js";import*as f from"node:fs";import p from"node:path";f.x(p);').imports).toEqual([
      { from: './chunk-B.js', kind: 'evaluation' },
      { from: 'node:fs', kind: 'namespace', local: 'f' },
      { from: 'node:path', kind: 'named', bindings: [{ outer: 'default', local: 'p' }] },
    ]);
  });

  it('leaves an import written inside a string alone (build.mjs counts them against the metafile)', () => {
    const text = 'var s="x;import{a}from\\"./y.js\\"";';
    expect(readChunkModule(text)).toEqual({ imports: [], code: text, exports: [] });
  });

  it('refuses a name it cannot read, rather than guess', () => {
    expect(() => readChunkModule('var a=1;export{a as "some name"};')).toThrow(`a chunk's import or export this build cannot read: {a as "some name"}`);
  });
});

describe('a chunk as a piece of script', () => {
  it('declares its imports first, then its code, then gives its exports to the joined script', () => {
    expect(pieceOfChunk(readChunkModule(MINIFIED_CHUNK), '__gx1_', sourceOf)).toBe(
      'var __gx1_a,__gx1_b,__gx1_c;(function(){var t=__gx0_a,r=__gx0_b,{readFileSync:s}=require("node:fs");' +
        'var n=1;function o(){return t(n)+r}var i=class{};\n\n__gx1_a=o;__gx1_b=i;__gx1_c=n;})();\n',
    );
  });

  it('gives nothing when no piece imports it', () => {
    expect(pieceOfChunk(readChunkModule('import{a as t}from"./chunk-A.js";t();'), null, sourceOf)).toBe(
      '(function(){var t=__gx0_a;t();\n})();\n',
    );
  });

  it('takes a built-in whole for a namespace or default import, as require gives it', () => {
    expect(pieceOfChunk(readChunkModule('import*as f from"node:fs";import p from"node:path";f.x(p);'), null, sourceOf)).toBe(
      '(function(){var f=require("node:fs"),p=require("node:path");f.x(p);\n})();\n',
    );
  });

  it('fails on an import of something that is neither a chunk nor a built-in', () => {
    expect(() => pieceOfChunk(readChunkModule('import{x}from"left-pad";x();'), null, sourceOf)).toThrow(
      'a chunk imports left-pad, which is neither a chunk of this build nor a node: built-in',
    );
  });

  it('runs as its module would, joined with the piece it imports from', () => {
    const shared = pieceOfChunk(readChunkModule('function e(x){return x*2}var u=5;export{e as a,u as b};'), '__gx0_', sourceOf);
    const user = pieceOfChunk(readChunkModule(MINIFIED_CHUNK), '__gx1_', sourceOf);
    const entry = pieceOfChunk(readChunkModule('import{a as f}from"./chunk-B.js";result.push(f());'), null, (from) =>
      from === './chunk-B.js' ? { exportPrefix: '__gx1_' } : sourceOf(from),
    );
    const script = new Script(`(function (require, result) {${joinedPieces([[shared, 0], [user, 2], [entry, 1]])}\n})`);
    const result: number[] = [];
    const fakeRequire = (): unknown => ({ readFileSync: null });
    (script.runInThisContext() as (require: () => unknown, result: number[]) => void)(fakeRequire, result);
    expect(result).toEqual([7]);
  });
});

describe('the order the pieces run in', () => {
  const graph: Record<string, string[]> = {
    'shell.js': ['chunk-S.js', 'chunk-C.js'],
    'read.js': ['chunk-C.js', 'chunk-R.js'],
    'serve.js': ['chunk-S.js', 'chunk-R.js'],
    'chunk-S.js': ['chunk-C.js'],
    'chunk-R.js': ['chunk-C.js'],
    'chunk-C.js': [],
  };
  const importsOf = (chunk: string): string[] => graph[chunk]!;

  it('puts every chunk after those it imports, each once, from the entries in their order', () => {
    expect(evaluationOrder(['shell.js', 'read.js', 'serve.js'], importsOf)).toEqual([
      'chunk-C.js',
      'chunk-S.js',
      'shell.js',
      'chunk-R.js',
      'read.js',
      'serve.js',
    ]);
  });

  it('gives an entry only the chunks it runs, in that order', () => {
    const order = evaluationOrder(['shell.js', 'read.js', 'serve.js'], importsOf);
    expect(chunksOfEntry('read.js', order, importsOf)).toEqual(['chunk-C.js', 'chunk-R.js', 'read.js']);
    expect(chunksOfEntry('serve.js', order, importsOf)).toEqual(['chunk-C.js', 'chunk-S.js', 'chunk-R.js', 'serve.js']);
  });

  it('fails on chunks that import each other, which one script could not order', () => {
    const cyclic: Record<string, string[]> = { 'a.js': ['b.js'], 'b.js': ['a.js'] };
    expect(() => evaluationOrder(['a.js'], (chunk) => cyclic[chunk]!)).toThrow('the chunks import each other in a cycle through a.js');
  });
});

describe('what a piece cannot keep', () => {
  it('names the variables a module exports, which a later assignment would leave stale in the pieces importing them', () => {
    expect(mutableExports('export let counter = 0;\nexport const FIXED = 1;\nexport var legacy;\nexport function f() {}\n')).toEqual(['counter', 'legacy']);
    expect(mutableExports('const a = 1;\nexport { a };\n')).toEqual([]);
  });
});
