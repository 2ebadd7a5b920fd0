// Paths: a missing path outside the home answered `no such file or folder: …` and an
// existing one `… is outside the home`, which told whether a file exists outside; and the error
// named a relative path rewritten from the model's (`../../../../etc/passwd` came back with another
// count of `../`). Now nothing outside is looked at, and the path is quoted as given.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  writeFileSync(join(sandbox.outside, 'there.txt'), 'secret\n');
  mkdirSync(join(sandbox.home, 'repos', 'app'), { recursive: true });
});
afterEach(() => sandbox.cleanup());

const outside = (path: string) => ({
  ok: false,
  error: `${path} is outside the home; only paths inside it can be read`,
  kind: 'outside_home',
});

for (const op of ['file_read', 'code_search'] as const) {
  const call = (path: string, defaultCwd = '') =>
    callHelper(sandbox, { op, args: op === 'file_read' ? { path } : { pattern: 'secret', path }, default_cwd: defaultCwd });

  it(`${op}: a missing path outside answers as an existing one does`, () => {
    expect(call(join(sandbox.outside, 'there.txt'))).toEqual(outside(join(sandbox.outside, 'there.txt')));
    expect(call(join(sandbox.outside, 'missing.txt'))).toEqual(outside(join(sandbox.outside, 'missing.txt')));
    expect(call('/nonexistent/x')).toEqual(outside('/nonexistent/x'));
  });

  it(`${op}: a link inside to a missing file outside answers as one to an existing file`, () => {
    symlinkSync(join(sandbox.outside, 'there.txt'), join(sandbox.home, 'live'));
    symlinkSync(join(sandbox.outside, 'missing.txt'), join(sandbox.home, 'dead'));
    expect(call('live')).toEqual(outside('live'));
    expect(call('dead')).toEqual(outside('dead'));
  });

  it(`${op}: the error quotes the path as the model wrote it, ../ and all`, () => {
    expect(call('../../../../../../../../etc/passwd', 'repos/app')).toEqual(outside('../../../../../../../../etc/passwd'));
    expect(call('./../../../outside//missing.txt', 'repos/app')).toEqual(outside('./../../../outside//missing.txt'));
  });
}

it('a missing file inside is still named missing, in the words given', () => {
  expect(callHelper(sandbox, { op: 'file_read', args: { path: './repos//app/none.txt' } })).toEqual({
    ok: false,
    error: 'no such file or folder: ./repos//app/none.txt',
    kind: 'not_found',
  });
});
