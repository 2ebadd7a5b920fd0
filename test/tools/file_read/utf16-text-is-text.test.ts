// File_read: a UTF-16 file (its ASCII letters hold NUL bytes) was called binary; with its
// byte-order mark it is text, shown as lines.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { FIXTURES } from '../../helpers/paths.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it('a PowerShell-style UTF-16 LE file is shown as lines, not called binary', () => {
  copyFileSync(join(FIXTURES, 'utf16', 'powershell-out.txt'), join(sandbox.home, 'out.txt'));
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'out.txt' } })).toMatchObject({
    ok: true,
    text: 'out.txt · lines 1–3 of 3 (UTF-16 LE)\n1\tName  Value\n2\t----  -----\n3\thost  büro-😀',
  });
});

it('a UTF-16 BE registry export is shown as lines', () => {
  copyFileSync(join(FIXTURES, 'utf16', 'settings-be.reg'), join(sandbox.home, 'settings.reg'));
  expect(callHelper(sandbox, { op: 'file_read', args: { path: 'settings.reg', limit: 1 } })).toMatchObject({
    ok: true,
    text: 'settings.reg · lines 1–1 of 4 (UTF-16 BE)\n1\tWindows Registry Editor Version 5.00',
  });
});
