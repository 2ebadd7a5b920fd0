// Paths: with $HOME a link, `~` paths after `cd ~` (and from a working directory given through
// the link) were shown the long way round, `../home/a.txt` instead of `a.txt`.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
let homeLink: string;
beforeEach(() => {
  sandbox = makeSandbox();
  homeLink = join(sandbox.root, 'agent');
  symlinkSync(sandbox.home, homeLink);
  mkdirSync(join(sandbox.home, 'repo'));
  writeFileSync(join(sandbox.home, 'a.txt'), 'alpha\n');
  writeFileSync(join(sandbox.home, 'repo', 'b.txt'), 'beta\n');
});
afterEach(() => sandbox.cleanup());

it('after cd ~, file_read ~/a.txt shows a.txt and code_search shows repo/b.txt', () => {
  const env = { HOME: homeLink };
  const run = { run_id: 'home-link' };
  expect(callHelper(sandbox, { op: 'shell', args: { command: 'cd ~ && pwd' }, ...run }, env)).toMatchObject({ ok: true, text: homeLink });
  expect(callHelper(sandbox, { op: 'file_read', args: { path: '~/a.txt' }, ...run }, env)).toMatchObject({
    ok: true,
    text: 'a.txt · lines 1–1 of 1\n1\talpha',
  });
  expect(callHelper(sandbox, { op: 'code_search', args: { pattern: 'beta', path: '~' }, ...run }, env)).toMatchObject({
    ok: true,
    text: 'repo/b.txt: 1\n1 match in 1 file',
  });
});

it('a working directory given as the link\'s path shows ~ paths from the home', () => {
  expect(
    callHelper(sandbox, { op: 'file_read', args: { path: '~/repo/b.txt' }, default_cwd: join(homeLink, 'repo') }, { HOME: homeLink }),
  ).toMatchObject({ ok: true, text: 'b.txt · lines 1–1 of 1\n1\tbeta' });
});
