// Shell: a helper killed mid-call (SIGKILL: the orchestrator's deadline, the OOM killer, a
// container stop) takes its foreground command's process group with it; what a finished command left
// running and background jobs stay. A long-lived helper (the warm stream, the MCP server) has a guard
// for that, one bash started once for the helper's life (src/io/node/group-guard.ts); a cold helper's
// call is swept by its orchestrator, through the sandbox (test/e2e/orchestrator-sweep.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SHELL_KILL_GRACE_MS } from '../../../src/limits.js';
import { killSandboxJobs, liveGroupMembers, pause, pollUntil, procStat, start } from '../../helpers/background.js';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';
import { connectMcp, makeMcpScratch, processRuns } from '../../helpers/mcp.js';
import { startServe, type ServeProcess } from '../../helpers/serve.js';

let sandbox: Sandbox;
let serve: ServeProcess | undefined;
const leftGroups: number[] = [];
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(async () => {
  for (const group of leftGroups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone: what the test wanted
    }
  }
  serve?.child.kill('SIGKILL');
  serve = undefined;
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

/** A warm helper given a shell call it does not answer before it is killed. */
function warmHelperRunning(command: string): ServeProcess {
  serve = startServe(sandbox);
  serve.write(`${JSON.stringify({ run_id: 'r1', agent_id: 'a1', call_id: 'c1', op: 'shell', args: { command, timeout_seconds: 600 } })}\n`);
  return serve;
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

it("a SIGKILLed warm helper leaves no process of its foreground command's group running, a SIGTERM-ignoring bash and its children included", async () => {
  const file = join(sandbox.root, 'group');
  // The command ignores SIGTERM, so only the SIGKILL after the grace ends it.
  const helper = warmHelperRunning(`trap '' TERM; sleep 300 & sleep 301 & echo $$ > '${file}'; wait`);
  const group = await groupWrittenTo(file);
  // bash and its two sleeps: nothing else of the call's is in the group
  await pollUntil(() => liveGroupMembers(group).length, (count) => count === 3);
  helper.child.kill('SIGKILL');
  await pollUntil(() => liveGroupMembers(group), (members) => members.length === 0);
});

it('the guard outlives a call and a killed guard is started again: a warm helper killed in its third call still takes that command with it', async () => {
  const helper = startServe(sandbox);
  serve = helper;
  expect((await helper.call({ run_id: 'r1', agent_id: 'a1', call_id: 'c1', op: 'shell', args: { command: 'true' } })).ok).toBe(true);
  // The guard is the helper's child and runs as the agent's commands do: one of them may kill it.
  const killed = await helper.call({ run_id: 'r1', agent_id: 'a1', call_id: 'c2', op: 'shell', args: { command: "pkill -KILL -P $PPID -f 'guilds-gu[a]rd' && echo killed" } });
  expect(killed).toMatchObject({ ok: true, text: 'killed' });
  const file = join(sandbox.root, 'group');
  helper.write(`${JSON.stringify({ run_id: 'r1', agent_id: 'a1', call_id: 'c3', op: 'shell', args: { command: `sleep 302 & echo $$ > '${file}'; wait`, timeout_seconds: 600 } })}\n`);
  const group = await groupWrittenTo(file);
  helper.child.kill('SIGKILL');
  await pollUntil(() => liveGroupMembers(group), (members) => members.length === 0);
});

it("a SIGKILLed warm helper whose temporary folder takes no file leaves no process of its command's group: the guard's list is in the home", async () => {
  const file = join(sandbox.root, 'group');
  serve = startServe(sandbox, { TMPDIR: join(sandbox.root, 'no-such-folder') });
  serve.write(`${JSON.stringify({ run_id: 'r1', agent_id: 'a1', call_id: 'c1', op: 'shell', args: { command: `sleep 304 & echo $$ > '${file}'; wait`, timeout_seconds: 600 } })}\n`);
  const group = await groupWrittenTo(file);
  serve.child.kill('SIGKILL');
  await pollUntil(() => liveGroupMembers(group), (members) => members.length === 0);
});

/** The helper's child that is its guard (`bash ... guilds-guard`), once there is one. */
async function guardOf(helperPid: number): Promise<number> {
  const isGuard = (pid: number): boolean => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === helperPid && readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('guilds-guard');
    } catch {
      return false;
    }
  };
  const guards = await pollUntil(
    () => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter(isGuard),
    (found) => found.length === 1,
  );
  return guards[0]!;
}

/** The bytes a process has read so far, by any read (/proc/PID/io). */
function bytesRead(pid: number): number {
  return Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'latin1'))![1]);
}

it("a warm call wakes no guard: over five calls, the guard reads nothing (each call's group was two lines it read a byte at a time)", async () => {
  const helper = startServe(sandbox);
  serve = helper;
  expect((await helper.call({ run_id: 'r1', agent_id: 'a1', call_id: 'c1', op: 'shell', args: { command: 'true' } })).ok).toBe(true);
  const guard = await guardOf(helper.child.pid!);
  const before = bytesRead(guard);
  for (let call = 2; call <= 6; call++) {
    expect(await helper.call({ run_id: 'r1', agent_id: 'a1', call_id: `c${call}`, op: 'shell', args: { command: 'echo $$' } })).toMatchObject({ ok: true });
  }
  expect(bytesRead(guard)).toBe(before);
});

it("a SIGKILLed MCP server leaves no process of its call's command running", async () => {
  const scratch = makeMcpScratch();
  const mcp = await connectMcp(scratch);
  try {
    const call = mcp.client.callTool({ name: 'shell', arguments: { command: "trap '' TERM; sleep 303 & echo $! > child; wait" } });
    call.catch(() => undefined);
    const child = join(scratch.home, 'child');
    await pollUntil(() => existsSync(child) && readFileSync(child, 'utf8').endsWith('\n'), Boolean);
    const pid = Number(readFileSync(child, 'utf8'));
    expect(processRuns(pid)).toBe(true);
    process.kill(mcp.pid, 'SIGKILL');
    await pollUntil(() => processRuns(pid), (running) => !running);
  } finally {
    await mcp.close().catch(() => undefined);
    scratch.cleanup();
  }
});

it("what a finished command left running (server &) outlives the helper's normal end", async () => {
  const envelope = callHelper(sandbox, { op: 'shell', args: { command: 'sleep 300 >/dev/null 2>&1 & echo $!' } });
  const pid = Number(envelope.text);
  const group = procStat(pid)!.processGroup;
  leftGroups.push(group);
  await pastTheGrace();
  expect(procStat(pid)?.state).not.toBe('Z');
  expect(liveGroupMembers(group)).toEqual([pid]);
});

it('a background job outlives a warm helper SIGKILLed in a later call', async () => {
  const started = start(sandbox, 'sleep 300');
  const jobGroup = Number(/\(pid (\d+)\)/.exec(started.text!)![1]);
  const file = join(sandbox.root, 'group');
  const helper = warmHelperRunning(`echo $$ > '${file}'; sleep 300`);
  const group = await groupWrittenTo(file);
  helper.child.kill('SIGKILL');
  await pollUntil(() => liveGroupMembers(group), (members) => members.length === 0);
  await pastTheGrace();
  expect(liveGroupMembers(jobGroup).length).toBeGreaterThan(0);
});
