// The layout's rules: no file under src/ over FILE_MAX_LINES lines, no function under src/ or
// scripts/ over FUNCTION_MAX_LINES (past them a file holds two ideas and a function two steps; split
// them), no module but the entries listening to the process's signals (a call's stop is one
// AbortSignal: src/io/stop.ts), no module importing dockerode, the bench's yardstick
// (bench/docker-client.ts), and no comment naming a file of the repository that is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'src');
const SCRIPTS = join(ROOT, 'scripts');
const FILE_MAX_LINES = 350;
const FUNCTION_MAX_LINES = 60;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
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
const scripts = sourceFiles(SCRIPTS);

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

  it(`has no function over ${FUNCTION_MAX_LINES} lines, in src/ and scripts/`, () => {
    expect(scripts.length).toBeGreaterThan(10);
    const long = [...files, ...scripts].flatMap(functionLengths).filter(({ lines }) => lines > FUNCTION_MAX_LINES);
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

/** A path of the repository's, from its root, as a comment names it: `src/…/x.ts`, `docs/x.md`. */
const NAMED_PATH = /(?<![\w./-])((?:src|test|scripts|docs|bench|fixtures|image|\.ci)\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(?:ts|mts|mjs|js|md|json|wat|sh|css|html))(?![\w/])/g;

/** The paths the comments of `text` name (string literals are code, and not read). */
export function pathsNamedInComments(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const named: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token !== ts.SyntaxKind.SingleLineCommentTrivia && token !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    for (const match of scanner.getTokenText().matchAll(NAMED_PATH)) named.push(match[1]!);
  }
  return named;
}

describe('the comments of src/ and scripts/', () => {
  it('finds the paths a comment names, and none in a string', () => {
    expect(pathsNamedInComments("// The tap (src/tools/shell/output-tap.ts), see docs/reliability.md.\nconst path = 'src/not/read.ts'; /* test/x.test.ts */")).toEqual([
      'src/tools/shell/output-tap.ts',
      'docs/reliability.md',
      'test/x.test.ts',
    ]);
  });

  it('name only files that exist (a comment once pointed at src/shape/failure-scan.ts, long moved)', () => {
    const missing = [...files, ...scripts].flatMap((path) =>
      pathsNamedInComments(readFileSync(path, 'utf8'))
        .filter((named) => !existsSync(join(ROOT, named)))
        .map((named) => `${relative(ROOT, path)}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});
