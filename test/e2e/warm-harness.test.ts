// code_task over the warm runner (SPEC section 9, "code_task streams too"): a guilds-harness stream
// per sandbox beside guilds-code's, through the local sandbox, with the command harness running the
// scripted harness of fixtures/harness/. Its progress reaches onProgress; a harness stream that ends
// during a task fails that call with section 8's line, and the task is never run again.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../src/contract/live-calls.js';
import { CodeToolRun, type LiveUpdate } from '../../src/orchestrator/code-tools.js';
import { STREAM_ENDED_DURING_CALL } from '../../src/orchestrator/format.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { pollUntil } from '../helpers/background.js';
import { FIXTURES } from '../helpers/paths.js';
import { processRuns } from '../helpers/processes.js';

const SCRIPTED_HARNESS = join(FIXTURES, 'harness', 'scripted-harness.mjs');
const ENV = { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `'${process.execPath}' '${SCRIPTED_HARNESS}'` };

let sandbox: LocalSandbox;
let seq = 0;

beforeEach(async () => {
  sandbox = await LocalSandbox.start();
  const repo = join(sandbox.home, 'repos', 'app');
  mkdirSync(repo, { recursive: true });
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'init');
});
afterEach(() => {
  for (const pid of servePids()) process.kill(pid, 'SIGKILL');
  return sandbox.cleanup();
});

/** The `--serve` helpers this test started in its sandbox, by the helper's file name. */
function servePids(helper?: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
        const named = helper === undefined || cmdline.some((arg) => arg.endsWith(`/${helper}`));
        return named && cmdline.includes('--serve') && environ.includes(`HOME=${sandbox.home}\0`) && processRuns(Number(entry));
      } catch {
        return false;
      }
    })
    .map(Number);
}

function warmRun() {
  return new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1', env: ENV });
}

function call(on: CodeToolRun, tool: string, args: Record<string, unknown>, onProgress?: (update: LiveUpdate) => void) {
  seq += 1;
  return on.call({ tool, args, callId: `c${seq}`, resultSeq: seq, onProgress });
}

describe('code_task over the warm runner', () => {
  it("runs over a guilds-harness stream beside guilds-code's, its output events handed on as they come", async () => {
    const on = warmRun();
    expect(await call(on, 'shell', { command: 'echo hi' })).toMatchObject({ ok: true, text: 'hi' });
    const events: ProgressEvent[] = [];
    const task = await call(on, 'code_task', { brief: 'say one\nsleep 400\nedit a.txt\nfinal done' }, (update) => {
      if (update.event !== null) events.push(update.event);
    });
    expect(task).toMatchObject({ ok: true, meta: { status: 'completed', harness: 'command', files_changed: 1 } });
    expect(events[0]).toMatchObject({ type: 'output', text: 'one' });
    expect(servePids('guilds-code.js')).toHaveLength(1);
    expect(servePids('guilds-harness.js')).toHaveLength(1);
    // The next task goes over the same stream.
    const [stream] = servePids('guilds-harness.js');
    expect(await call(on, 'code_task', { brief: 'final again' })).toMatchObject({ ok: true, meta: { status: 'completed' } });
    expect(servePids('guilds-harness.js')).toEqual([stream]);
  });

  it('fails a task whose stream was SIGKILLed with the line, never runs it again, and opens a new stream for the next', async () => {
    const on = warmRun();
    const events: ProgressEvent[] = [];
    const running = call(on, 'code_task', { brief: 'edit runs.txt started\nsay working\nhang' }, (update) => {
      if (update.event !== null) events.push(update.event);
    });
    await pollUntil(() => events.some((event) => event.type === 'output' && event.text.includes('working')), Boolean);
    const [stream] = servePids('guilds-harness.js');
    process.kill(stream!, 'SIGKILL');
    expect(await running).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
    // The task's lock is its dead helper's: the next task takes it over, over a new stream.
    expect(await call(on, 'code_task', { brief: 'final next' })).toMatchObject({ ok: true, meta: { status: 'completed' } });
    expect(servePids('guilds-harness.js')).not.toContain(stream);
    expect(readFileSync(join(sandbox.home, 'repos', 'app', 'runs.txt'), 'utf8')).toBe('started\n');
  });

  it('stops the harness on an abort during progress: the task answers stopped over its stream', async () => {
    const on = warmRun();
    const abort = new AbortController();
    seq += 1;
    const running = on.call({
      tool: 'code_task',
      args: { brief: 'say working\nhang' },
      callId: `c${seq}`,
      resultSeq: seq,
      signal: abort.signal,
      onProgress: (update) => {
        if (update.event?.type === 'output') abort.abort();
      },
    });
    expect(await running).toMatchObject({ ok: true, meta: { status: 'stopped' } });
    expect(servePids('guilds-harness.js')).toHaveLength(1);
  });
});
