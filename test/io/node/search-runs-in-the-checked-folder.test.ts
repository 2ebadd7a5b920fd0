// Ripgrep was started in the root's path after the check, so a folder swapped for a link in
// between sent it outside the home (and a single file swapped for a link was followed).
import { NEVER_STOPPED } from '../../../src/io/stop.js';
import { chmodSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { nodeIo } from '../../../src/tools/all.js';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

/** A ripgrep that says where it runs and what its stdin holds. */
function whereRipgrepRuns(): string {
  const path = join(sandbox.root, 'rg');
  writeFileSync(path, '#!/bin/sh\npwd -P\ncat\n');
  chmodSync(path, 0o755);
  return path;
}

async function run(cwd: string, folder: 'folder' | 'input', opened: ReturnType<ReturnType<typeof nodeIo>['fs']['openRead']>) {
  const io = nodeIo(sandbox.home, sandbox.runDir, {});
  let text = '';
  await io.search.run({
    binary: whereRipgrepRuns(),
    args: [],
    cwd,
    ...(folder === 'folder' ? { folder: opened } : { input: opened }),
    timeoutMs: 30_000,
    stop: NEVER_STOPPED,
    output: 'line-per-file',
    newSink: () => ({ feed: (chunk: Uint8Array) => void (text += Buffer.from(chunk).toString()) }),
  });
  return text;
}

it('a folder swapped for a link to outside the home after it was opened: ripgrep runs in the folder opened', async () => {
  const checked = join(sandbox.home, 'src');
  mkdirSync(checked);
  const opened = nodeIo(sandbox.home, sandbox.runDir, {}).fs.openRead(checked);
  try {
    renameSync(checked, join(sandbox.home, 'moved'));
    symlinkSync(sandbox.outside, checked);
    expect(await run(checked, 'folder', opened)).toBe(`${join(sandbox.home, 'moved')}\n`);
  } finally {
    opened.close();
  }
});

it('a file swapped for a link after it was opened: ripgrep reads the file opened', async () => {
  const checked = join(sandbox.home, 'a.txt');
  writeFileSync(checked, 'inside\n');
  writeFileSync(join(sandbox.outside, 'secret.txt'), 'outside\n');
  const opened = nodeIo(sandbox.home, sandbox.runDir, {}).fs.openRead(checked);
  try {
    renameSync(checked, join(sandbox.home, 'moved.txt'));
    symlinkSync(join(sandbox.outside, 'secret.txt'), checked);
    expect(await run(sandbox.home, 'input', opened)).toBe(`${sandbox.home}\ninside\n`);
  } finally {
    opened.close();
  }
});
