// The layout's rules, for every file under src/: no file over FILE_MAX_LINES lines, no function of
// FUNCTION_MAX_LINES or more (past them a file holds two ideas and a function two steps; split them),
// no module but the entries listening to the process's signals (a call's stop is one AbortSignal:
// src/io/stop.ts), and no module importing dockerode, the bench's yardstick (bench/docker-client.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'src');
const FILE_MAX_LINES = 350;
const FUNCTION_MAX_LINES = 80;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** `file:line name` and the line count of every function, method and arrow with a body. */
function functionLengths(path: string): { where: string; lines: number }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { where: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = 'name' in node && node.name !== undefined ? node.name.getText(source) : '(anonymous)';
      found.push({ where: `${relative(ROOT, path)}:${first + 1} ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(SOURCES);

describe('the layout of src/', () => {
  it('has its sources to check', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it(`has no file over ${FILE_MAX_LINES} lines`, () => {
    const long = files
      .map((path) => ({ where: relative(ROOT, path), lines: lineCount(readFileSync(path, 'utf8')) }))
      .filter(({ lines }) => lines > FILE_MAX_LINES);
    expect(long).toEqual([]);
  });

  it(`has no function of ${FUNCTION_MAX_LINES} lines or more`, () => {
    const long = files.flatMap(functionLengths).filter(({ lines }) => lines >= FUNCTION_MAX_LINES);
    expect(long).toEqual([]);
  });

  it('listens to SIGTERM and SIGINT in the entries alone', () => {
    const listening = files
      .filter((path) => /process\.(on|once|off|addListener|prependListener|listenerCount|listeners)\(\s*'SIG/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(listening).toEqual(['src/entry.ts', 'src/mcp-main.ts', 'src/serve.ts']);
  });

  it('imports dockerode nowhere: a devDependency for the bench alone', () => {
    const importing = files
      .filter((path) => /(from\s+|import\s*\(\s*|require\s*\(\s*)['"](dockerode|docker-modem)['"]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(importing).toEqual([]);
  });
});
