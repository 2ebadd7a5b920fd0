// A search says what it skipped (issue 13, item 12): a search that shows all it found (nothing, or
// fewer than the caps) under an ignore file says, in one line, how many more matches the files that
// .gitignore or .ignore hide hold, one of them, and the path that searches them; meta
// ignored_matches and ignored_files. A real git repository (fixtures/search/ignored: node_modules/ and
// dist/ in .gitignore, generated/ in .ignore); the bundle, real ripgrep.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { placeFixture } from './fixtures.js';

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = makeSandbox();
  placeFixture(sandbox.home, 'ignored', 'app', true);
});
afterAll(() => sandbox.cleanup());

const search = (args: Record<string, unknown>, cwd = 'app') => callHelper(sandbox, { op: 'code_search', args, default_cwd: cwd });

it('no match, but ignored files hold some: one line says how many, where, and how to search them', () => {
  expect(search({ pattern: 'leftPad' })).toMatchObject({
    ok: true,
    text:
      "no matches for 'leftPad' in .\n" +
      '(4 more matches in 3 files ignored by .gitignore or .ignore, e.g. node_modules/left-pad/index.js; search them with path: "node_modules")',
    meta: { matches: 0, files: 0, truncated: false, ignored_matches: 4, ignored_files: 3 },
  });
});

it('few matches: the line comes after the totals, in content mode too', () => {
  expect(search({ pattern: 'pad', ignore_case: true, mode: 'content' })).toMatchObject({
    text:
      'src/main.ts:1: import { pad } from "./pad";\n' +
      '2 matches in 1 file\n' +
      '(4 more matches in 3 files ignored by .gitignore or .ignore, e.g. node_modules/left-pad/index.js; search them with path: "node_modules")',
    meta: { matches: 2, files: 1, ignored_matches: 4, ignored_files: 3 },
  });
});

it('the path it names finds them; a folder named in the path is given whole from the working directory', () => {
  expect(search({ pattern: 'leftPad', path: 'node_modules' }).text).toBe('node_modules/left-pad/index.js: 2\n2 matches in 1 file');
  expect(search({ pattern: 'leftPad', path: 'app' }, '.').text).toBe(
    "no matches for 'leftPad' in app\n" +
      '(4 more matches in 3 files ignored by .gitignore or .ignore, e.g. app/node_modules/left-pad/index.js; search them with path: "app/node_modules")',
  );
});

it('nothing hidden matches: no line, and the meta says none', () => {
  expect(search({ pattern: 'no such text anywhere' })).toMatchObject({
    text: "no matches for 'no such text anywhere' in .",
    meta: { matches: 0, files: 0, truncated: false, ignored_matches: 0, ignored_files: 0 },
  });
});

it("the home's .runs/ and every .git/ stay out of the count", () => {
  writeFileSync(join(sandbox.home, '.gitignore'), 'app/\n');
  mkdirSync(join(sandbox.home, '.runs', 'r0'), { recursive: true });
  writeFileSync(join(sandbox.home, '.runs', 'r0', 'c1.log'), 'leftPad in a log\n');
  writeFileSync(join(sandbox.home, 'app', '.git', 'leftPad-note'), 'leftPad in .git\n');
  expect(search({ pattern: 'leftPad' }, '.')).toMatchObject({
    text:
      "no matches for 'leftPad' in .\n" +
      '(4 more matches in 3 files ignored by .gitignore or .ignore, e.g. app/node_modules/left-pad/index.js; search them with path: "app")',
    meta: { ignored_matches: 4, ignored_files: 3 },
  });
});

it('a search with more than the caps shows its own findings and looks no further', () => {
  const many = search({ pattern: 'e', limit: 1 });
  expect(many.meta).toMatchObject({ truncated: true });
  expect(many.meta).not.toHaveProperty('ignored_matches');
});
