// UTF-16 text is text (issue 13, item 13): files that start with a UTF-16 byte-order mark, as Windows
// tools write them (fixtures/search/utf16), are searched and their lines shown decoded, walking a
// folder or named on their own, with the same counts in both modes. The bundle, real ripgrep.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { placeFixture } from './fixtures.js';

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = makeSandbox();
  placeFixture(sandbox.home, 'utf16', 'win', false);
});
afterAll(() => sandbox.cleanup());

const search = (args: Record<string, unknown>) => callHelper(sandbox, { op: 'code_search', args: { pattern: 'milk', ...args } });

it('a folder: both files, counted alike in both modes, lines decoded (a CRLF file\'s \\r dropped)', () => {
  expect(search({ path: 'win' })).toMatchObject({
    ok: true,
    text: 'win/notes-le.txt: 3\nwin/export-be.reg: 1\n4 matches in 2 files',
    meta: { matches: 4, files: 2, truncated: false },
  });
  expect(search({ path: 'win', mode: 'content', ignore_case: true })).toMatchObject({
    ok: true,
    text:
      'win/export-be.reg:2: [HKEY_CURRENT_USER\\Milk]\n' +
      'win/export-be.reg:3: "Name"="milk"\n' +
      'win/notes-le.txt:2: buy milk\n' +
      'win/notes-le.txt:3: milk and honey, milk again\n' +
      '5 matches in 2 files',
    meta: { matches: 5, files: 2, truncated: false },
  });
});

it('a file named on its own is searched, not called binary; non-ASCII letters decoded', () => {
  expect(search({ path: 'win/notes-le.txt', mode: 'content' }).text).toBe(
    'win/notes-le.txt:2: buy milk\nwin/notes-le.txt:3: milk and honey, milk again\n3 matches in 1 file',
  );
  expect(search({ path: 'win/notes-le.txt', pattern: 'crème', mode: 'content' }).text).toBe('win/notes-le.txt:4: café crème\n1 match in 1 file');
  expect(search({ path: 'win/export-be.reg' }).text).toBe('win/export-be.reg: 1\n1 match in 1 file');
});
