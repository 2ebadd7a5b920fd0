// The search waited for ripgrep's pipes to close, so a wrapper behind GUILDS_RG that left a
// child holding stdout kept the call open past the time limit.
import { NEVER_STOPPED } from '../../../src/io/stop.js';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeSearchProcesses } from '../../../src/tools/code_search/node/search.js';
import { makeSandbox, type Sandbox } from '../../helpers/helper.js';

/** The time limit of a fake ripgrep that prints, then hangs: long enough for it to start and print on a loaded machine. */
const RG_TIME_LIMIT_MS = 1_000;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

it.each(['line-per-file', 'unbounded'] as const)('output %s: the run ends at the time limit, with what was printed', async (output) => {
  const pidFile = join(sandbox.root, 'left-behind.pid');
  const wrapper = join(sandbox.root, 'rg');
  writeFileSync(wrapper, `#!/bin/sh\nprintf 'found\\n'\nsleep 100 & echo $! > '${pidFile}'\nwait\n`);
  chmodSync(wrapper, 0o755);
  // TMPDIR unchanged: files mode through a temporary file, content mode through the spool; the pipe
  // (the case of the bug) is forced by a temporary folder that takes no file.
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = join(sandbox.root, 'no-such-folder');
  try {
    let text = '';
    const { exit } = await makeSearchProcesses({ spoolMaxBytes: 1_048_576 }).run({
      binary: wrapper,
      args: [],
      cwd: sandbox.home,
      timeoutMs: RG_TIME_LIMIT_MS,
      stop: NEVER_STOPPED,
      output,
      newSink: () => ({ feed: (chunk: Uint8Array) => void (text += Buffer.from(chunk).toString()) }),
    });
    expect(exit).toEqual({ exitCode: null, stderr: '', timedOut: true });
    expect(text).toBe('found\n');
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    const leftBehind = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
    if (leftBehind > 1) process.kill(leftBehind, 'SIGKILL');
  }
});
