// A call that times out or is stopped ends every process it started, those that left its process
// group or session included (setsid, a daemon's double fork, nohup), and nothing of another call or
// of a background command; a call that ends normally leaves what it left running (SPEC section 4).
// Through the orchestrator and the committed bundle, in each sandbox kind, cold and warm. Whether a
// process still runs is asked inside the sandbox (its pids are the sandbox's own).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { pollUntil } from '../helpers/background.js';
import { sleepMarkingItsPid } from '../helpers/foreground.js';
import { SANDBOX_KINDS, titleFor, type SandboxKind, type TestSandbox } from '../helpers/sandboxes.js';

for (const kind of SANDBOX_KINDS) describe.skipIf(kind.unavailable !== undefined)(titleFor(kind, 'the sweep of a stopped call'), () => suite(kind));

const ESCAPES = 4;

/** Escapes from the command's process group, each writing its pid to `file` (in the home). */
function escapes(file: string): string {
  return [
    // A session of its own.
    `setsid sleep 1301 & echo $! >> ${file}`,
    // A daemon: forked twice, the middle one gone, the last one in a session of its own.
    `(setsid bash -c 'sleep 1303 & echo $! >> ${file}' &)`,
    // nohup'd, in a session of its own.
    `setsid nohup sleep 1302 >/dev/null 2>&1 & echo $! >> ${file}`,
    // One that ignores SIGTERM, outside the group: only the SIGKILL after the grace ends it.
    `setsid bash -c 'trap "" TERM; echo $$ >> ${file}; sleep 1304' &`,
    // Until all four wrote their pids: a slow sandbox starts them after the command moved on.
    `until [ "$(cat ${file} 2>/dev/null | wc -l)" -ge ${ESCAPES} ]; do sleep 0.05; done`,
  ].join('\n');
}

/** Whether each pid in `file` runs, asked inside the sandbox: `runs` or `gone` (a zombie is gone). */
const STATES_OF = (file: string) =>
  `for p in $(cat ${file}); do s=$(cut -d' ' -f3 /proc/$p/stat 2>/dev/null); case "$s" in ''|Z|X) echo gone;; *) echo runs;; esac; done`;

function suite(kind: SandboxKind): void {
  let sandbox: TestSandbox;
  let seq = 0;
  beforeEach(async () => {
    sandbox = await kind.make();
    seq = 0;
  });
  afterEach(async () => {
    // Whatever a failing run left behind.
    const run = newRun();
    await call(run, 'shell', { command: 'kill -KILL $(cat pids bpids server.pid group 2>/dev/null) 2>/dev/null; true' });
    await call(run, 'shell_status', { id: 'b1', stop: true });
    await sandbox.cleanup();
  });

  function newRun(): CodeToolRun {
    return new CodeToolRun({ sandbox, warm: kind.warm, runId: 'r1', agentId: 'a1' });
  }

  function call(run: CodeToolRun, tool: string, args: Record<string, unknown>, signal?: AbortSignal) {
    seq++;
    return run.call({ tool, args, callId: `c${seq}`, resultSeq: seq, signal });
  }

  async function states(run: CodeToolRun, file: string): Promise<string[]> {
    return (await call(run, 'shell', { command: STATES_OF(file) })).text.split('\n');
  }

  function pidCount(file: string): number {
    const path = join(sandbox.home, file);
    return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0;
  }

  it('a timed-out command ends the processes that left its group: setsid, a double fork, nohup, a SIGTERM-ignoring one', async () => {
    const run = newRun();
    const result = await call(run, 'shell', { command: `${escapes('pids')}\nsleep 60`, timeout_seconds: 5 });
    expect(result.text).toBe('(no output)\n[timed out after 5s; the command was stopped]\nexit_code: 124');
    expect(pidCount('pids')).toBe(ESCAPES);
    expect(await states(run, 'pids')).toEqual(Array(ESCAPES).fill('gone'));
  });

  it('a cancelled call ends the processes that left its group', async () => {
    const run = newRun();
    const controller = new AbortController();
    const answer = call(run, 'shell', { command: `${escapes('pids')}\necho started; ${sleepMarkingItsPid('began', 60)}` }, controller.signal);
    await pollUntil(() => existsSync(join(sandbox.home, 'began')) && readFileSync(join(sandbox.home, 'began'), 'utf8').endsWith('\n'), Boolean);
    expect(pidCount('pids')).toBe(ESCAPES);
    controller.abort();
    expect((await answer).text).toBe('started\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
    expect(await states(run, 'pids')).toEqual(Array(ESCAPES).fill('gone'));
  });

  it('a stopped background command ends the processes that left its group, the SIGTERM-ignoring one at the SIGKILL', async () => {
    const run = newRun();
    const started = await call(run, 'shell', { command: `${escapes('bpids')}\necho ready; sleep 600`, background: true });
    const id = started.meta.background_id as string;
    await pollUntil(() => pidCount('bpids'), (count) => count === ESCAPES);
    expect((await call(run, 'shell_status', { id, stop: true })).meta.state).toMatch(/^stopp/);
    // The SIGKILL comes 5 s after the stop, from a process of its own.
    await pollUntil(
      () => states(run, 'bpids'),
      (found) => found.every((state) => state === 'gone'),
    );
  });

  it("a sweep spares another call's background command and the server a call that ended normally left running", async () => {
    const run = newRun();
    const job = await call(run, 'shell', { command: 'sleep 1321', background: true });
    const left = await call(run, 'shell', { command: 'sleep 1322 >/dev/null 2>&1 & echo $! > server.pid; echo serving' });
    expect(left.text).toBe('serving');
    const result = await call(run, 'shell', { command: `${escapes('pids')}\nsleep 60`, timeout_seconds: 5 });
    expect(result.text).toBe('(no output)\n[timed out after 5s; the command was stopped]\nexit_code: 124');
    expect(pidCount('pids')).toBe(ESCAPES);
    expect(await states(run, 'pids')).toEqual(Array(ESCAPES).fill('gone'));
    expect(await states(run, 'server.pid')).toEqual(['runs']);
    expect((await call(run, 'shell_status', { id: job.meta.background_id })).meta.state).toBe('running');
    const stopped = await call(run, 'shell_status', { id: job.meta.background_id, stop: true });
    expect(stopped.meta.state).toMatch(/^stopp/);
  });

  it('a command sees GUILDS_CALL_MARK, a fresh token each call; a background command has none', async () => {
    const run = newRun();
    const show = 'printenv GUILDS_CALL_MARK || echo none';
    const first = (await call(run, 'shell', { command: show })).text;
    const second = (await call(run, 'shell', { command: show })).text;
    expect(first).toMatch(/^[0-9a-z]+(-[0-9a-z]+){4}$/);
    expect(second).toMatch(/^[0-9a-z]+(-[0-9a-z]+){4}$/);
    expect(second).not.toBe(first);
    const job = await call(run, 'shell', { command: show, background: true });
    const ended = await pollUntil(
      () => call(run, 'shell_status', { id: job.meta.background_id }),
      (status) => status.meta.state === 'exited 0',
    );
    expect(ended.text.split('\n').at(-1)).toBe('none');
  });

  it('a shell call is one process besides its command: while the command runs, its group holds bash alone', async () => {
    const run = newRun();
    // Builtins only: nothing of the command's own is forked while it counts.
    const count =
      'n=0; for f in /proc/[0-9]*/stat; do read -r line < "$f" 2>/dev/null || continue; ' +
      'set -- ${line##*) }; [[ $1 != Z && $3 == $$ ]] && n=$((n + 1)); done; echo "$n"';
    expect((await call(run, 'shell', { command: count })).text).toBe('1');
  });

  it('a helper killed mid-call leaves nothing of its command running, a SIGTERM-ignoring bash and its children included; the call answers that the helper failed', async () => {
    const run = newRun();
    const command = "trap '' TERM; sleep 1311 & echo $! >> group; sleep 1312 & echo $! >> group; echo $$ >> group; echo $PPID > helper.pid; wait";
    const answer = call(run, 'shell', { command });
    await pollUntil(() => pidCount('group') === 3 && pidCount('helper.pid') === 1, Boolean);
    // As root in a container, as the user elsewhere: the agent's own commands cannot reach the helper.
    await sandbox.killInside(Number(readFileSync(join(sandbox.home, 'helper.pid'), 'utf8')));
    expect((await answer).ok).toBe(false);
    // The guard of a warm helper acts once it is gone; a cold helper's call was swept before it answered.
    await pollUntil(
      () => states(newRun(), 'group'),
      (found) => found.every((state) => state === 'gone'),
    );
    expect(await states(newRun(), 'group')).toEqual(['gone', 'gone', 'gone']);
  });

  // A warm helper has no sweep: its guard answers for its groups (the test above).
  if (!kind.warm) {
    it('a cold helper killed mid-call: the orchestrator sweeps its call, the processes that left its group included', async () => {
      const run = newRun();
      const answer = call(run, 'shell', { command: `${escapes('pids')}\necho $PPID > helper.pid; sleep 60` });
      await pollUntil(() => pidCount('pids') === ESCAPES && pidCount('helper.pid') === 1, Boolean);
      await sandbox.killInside(Number(readFileSync(join(sandbox.home, 'helper.pid'), 'utf8')));
      expect((await answer).text).toMatch(/^code helper failed: no envelope \(it was stopped by a signal\)/);
      expect(await states(newRun(), 'pids')).toEqual(Array(ESCAPES).fill('gone'));
    });
  }
}
