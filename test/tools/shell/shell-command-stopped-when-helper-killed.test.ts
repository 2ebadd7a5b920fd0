// Shell: a helper killed mid-call (SIGKILL: the orchestrator's deadline, the OOM killer, a
// container stop) takes its foreground command's process group with it; what a finished command left
// running and background jobs stay.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SHELL_KILL_GRACE_MS } from '../../../src/limits.js';
import { sandboxEnv } from '../../helpers/bundle.js';
import { killSandboxJobs, liveGroupMembers, pause, pollUntil, procStat, start } from '../../helpers/background.js';
import { callHelper, encodeRequest, makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { BUNDLE, BUNDLE_NODE } from '../../helpers/paths.js';

let sandbox: Sandbox;
const leftGroups: number[] = [];
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  for (const group of leftGroups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone: what the test wanted
    }
  }
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

/** The helper as the orchestrator runs it, with a handle to kill it by. */
function spawnHelper(command: string): ChildProcess {
  return spawn(BUNDLE_NODE, [BUNDLE, encodeRequest({ op: 'shell', args: { command, timeout_seconds: 600 } })], {
    env: sandboxEnv(sandbox),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The process group the command wrote to `file` ($$ is bash's pid, its group's id). */
async function groupWrittenTo(file: string): Promise<number> {
  await pollUntil(() => existsSync(file) && readFileSync(file, 'utf8').endsWith('\n'), Boolean);
  const group = Number(readFileSync(file, 'utf8'));
  leftGroups.push(group);
  return group;
}

/** Past the grace between SIGTERM and SIGKILL, with room for a loaded machine. */
const pastTheGrace = () => pause(SHELL_KILL_GRACE_MS + 1500);

it('a SIGKILLed helper leaves no process of its foreground command\'s group running, children included', async () => {
  const file = join(sandbox.root, 'group');
  // The command ignores SIGTERM, so only the SIGKILL after the grace ends it.
  const helper = spawnHelper(`trap '' TERM; sleep 300 & sleep 301 & echo $$ > '${file}'; wait`);
  const group = await groupWrittenTo(file);
  // bash, its two sleeps (and the lifeline's watcher, which goes with them)
  expect(liveGroupMembers(group).length).toBeGreaterThanOrEqual(3);
  helper.kill('SIGKILL');
  await pollUntil(() => liveGroupMembers(group), (members) => members.length === 0);
});

it('what a finished command left running (server &) outlives the helper\'s normal end', async () => {
  const envelope = callHelper(sandbox, { op: 'shell', args: { command: 'sleep 300 >/dev/null 2>&1 & echo $!' } });
  const pid = Number(envelope.text);
  const group = procStat(pid)!.processGroup;
  leftGroups.push(group);
  await pastTheGrace();
  expect(procStat(pid)?.state).not.toBe('Z');
  expect(liveGroupMembers(group)).toEqual([pid]);
});

it('a background job outlives a helper SIGKILLed in a later call', async () => {
  const started = start(sandbox, 'sleep 300');
  const jobGroup = Number(/\(pid (\d+)\)/.exec(started.text!)![1]);
  const file = join(sandbox.root, 'group');
  const helper = spawnHelper(`echo $$ > '${file}'; sleep 300`);
  const group = await groupWrittenTo(file);
  helper.kill('SIGKILL');
  await pollUntil(() => liveGroupMembers(group), (members) => members.length === 0);
  await pastTheGrace();
  expect(liveGroupMembers(jobGroup).length).toBeGreaterThan(0);
});
