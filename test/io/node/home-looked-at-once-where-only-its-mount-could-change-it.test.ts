// A helper that answers many calls looks at its home at every call, as a cold helper does at its
// start, unless nothing in the sandbox can change the home: a mount point (no one may remove or rename
// it while it is mounted, root included) under folders of root's that no one else may write, for an
// agent that is not root. That is the sandbox image's /home/agent, and such a home is looked at once
// (src/io/home-reach.ts); under gVisor the look cost a warm call one system call, about 0.1 ms.
//
// Here the warm stream runs as a container runs it (root, acting as the home's owner) in a mount
// namespace of its own, where its home is a tmpfs. Only from outside that namespace can the home go
// (removing the folder there detaches the mount): a platform's doing, not a process's of the sandbox.
// That is what shows whether the helper looked again. Needs root and unshare; elsewhere skipped with
// the reason.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../../helpers/serve.js';

/** The sandbox image's agent is uid 1000; any uid but root's will do. */
const AGENT = 1000;
const ROOT = process.getuid?.() === 0;
const UNSHARE = ROOT && spawnSync('unshare', ['--mount', '--propagation', 'private', 'true']).status === 0;
const SKIPPED = !ROOT ? ' (skipped: needs root)' : !UNSHARE ? ' (skipped: unshare --mount cannot run here)' : '';

/** The stream's node, started in a mount namespace of its own after `mount` ran there (or not). */
function inOwnNamespace(mountHome: boolean, home: string): string[] {
  const mount = mountHome ? `mount -t tmpfs -o mode=0755,uid=${AGENT},gid=${AGENT} guilds-home "$0" && ` : '';
  return ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', `${mount}exec "$@"`, home];
}

let root: string;
let home: string;
let runDir: string;
let serve: ServeProcess | undefined;
let seq = 0;

const status = (): Record<string, unknown> => ({ op: 'shell_status', args: {}, run_id: 'r1', agent_id: 'a1', call_id: `c${++seq}` });

beforeEach(() => {
  // Under /run, not the temporary folder: every folder above the home must be root's and closed to
  // others (/tmp is everyone's to write, sticky).
  root = mkdtempSync('/run/guilds-pinned-home-');
  // The agent walks through it to its home, as through /home.
  chmodSync(root, 0o755);
  home = join(root, 'home');
  runDir = join(root, 'run');
  mkdirSync(home, { mode: 0o755 });
  chownSync(home, AGENT, AGENT);
  mkdirSync(runDir);
  chownSync(runDir, AGENT, AGENT);
});

afterEach(async () => {
  if (serve !== undefined && serve.child.exitCode === null && serve.child.signalCode === null) {
    serve.child.kill('SIGKILL');
    await serve.done;
  }
  serve = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(SKIPPED !== '')(`the warm stream's home${SKIPPED}`, () => {
  it('is looked at once when it is a mount point under folders only root may change: a call after it went still takes it', async () => {
    serve = startServe({ home, runDir }, {}, undefined, inOwnNamespace(true, home));
    expect(await serve.call(status())).toEqual({ ok: true, text: 'no background commands', meta: { count: 0 } });
    expect(await serve.call(status())).toEqual({ ok: true, text: 'no background commands', meta: { count: 0 } });
    rmSync(home, { recursive: true });
    expect(await serve.call(status())).toEqual({ ok: true, text: 'no background commands', meta: { count: 0 } });
  });

  it('is looked at every call when it is a folder of its parent\'s device: one removed between two calls is missing at the next', async () => {
    serve = startServe({ home, runDir }, {}, undefined, inOwnNamespace(false, home));
    expect(await serve.call(status())).toEqual({ ok: true, text: 'no background commands', meta: { count: 0 } });
    expect(await serve.call(status())).toEqual({ ok: true, text: 'no background commands', meta: { count: 0 } });
    rmSync(home, { recursive: true });
    expect(await serve.call(status())).toEqual({ ok: false, error: `the home folder ${home} does not exist`, kind: 'not_found' });
  });
});
