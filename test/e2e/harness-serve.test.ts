// `guilds-harness.js --serve` (SPEC section 9, "code_task streams too"): section 8's stream for
// code_task, spawned as the image runs it, with the command harness running the scripted harness of
// fixtures/harness/ and a CLI on PATH that prints a real CLI's recorded events. A call asking for
// progress gets its output or steps as lines before its answer, never after; nothing reaches stderr.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readProcessStat } from '../../src/io/node/process.js';
import { expectOneEnvelope, spawnBundle, type AnyEnvelope } from '../helpers/bundle.js';
import { BUNDLE_NODE, FIXTURES, HARNESS_BUNDLE } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { startServe, type ProgressLine, type ServeProcess } from '../helpers/serve.js';
import { initRepo, makeScratch, type Scratch } from '../tools/code_task/git-fixtures.js';
import { run } from '../tools/code_task/transcripts.js';

const SCRIPTED_HARNESS = join(FIXTURES, 'harness', 'scripted-harness.mjs');
const COMMAND_HARNESS = { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `'${BUNDLE_NODE}' '${SCRIPTED_HARNESS}'` };

let scratch: Scratch;
let runDir: string;
let serve: ServeProcess | undefined;

beforeEach(() => {
  scratch = makeScratch();
  runDir = join(scratch.home, '..', 'run');
  mkdirSync(join(runDir, 'requests'), { recursive: true });
  initRepo(scratch, { 'a.txt': 'a\n' });
});
afterEach(async () => {
  if (serve !== undefined && serve.child.exitCode === null && serve.child.signalCode === null) {
    serve.child.kill('SIGKILL');
    await serve.done;
  }
  serve = undefined;
  scratch.cleanup();
});

function request(callId: string, brief: string, progress = true) {
  return { op: 'code_task', args: { brief }, run_id: 'r1', agent_id: 'a1', call_id: callId, default_cwd: 'repos/app', ...(progress ? { progress: true } : {}) };
}

function startHarnessServe(env: Record<string, string | undefined>): ServeProcess {
  return startServe({ home: scratch.home, runDir }, env, HARNESS_BUNDLE);
}

/** An envelope with its times set aside, to compare a warm answer with a cold one. */
function timeless(envelope: AnyEnvelope): unknown {
  if (!envelope.ok) return envelope;
  return { ...envelope, text: envelope.text.replace(/^completed in \d+s/, 'completed in Ns'), meta: { ...envelope.meta, elapsed_ms: 0 } };
}

/** The lines of one call, progress and answer, in the order they came: its answer last. */
function linesOf(callId: string): string[] {
  return serve!.all.filter((line) => line.call_id === callId).map((line) => ('progress' in line ? line.progress.type : 'answer'));
}

function progressOf(callId: string): ProgressLine['progress'][] {
  return serve!.progress.filter((line) => line.call_id === callId).map((line) => line.progress);
}

describe('code_task over the harness stream', () => {
  it("answers with the cold helper's envelope, its output lines before the answer and none after; stdin's end exits 0, nothing on stderr", async () => {
    const brief = 'say one\nsleep 400\nsay two\nedit a.txt\nfinal done';
    const argument = Buffer.from(JSON.stringify(request('c1', brief, false))).toString('base64');
    const cold = expectOneEnvelope(await spawnBundle({ home: scratch.home, runDir }, argument, COMMAND_HARNESS, { bundle: HARNESS_BUNDLE }));
    serve = startHarnessServe(COMMAND_HARNESS);
    const warm = await serve.call(request('c1', brief));
    expect(timeless(warm)).toEqual(timeless(cold));
    const events = progressOf('c1');
    expect(events[0]).toMatchObject({ type: 'output', text: 'one', bytes: 4 });
    expect(events.filter((event) => event.type === 'output').map((event) => event.text).join('\n')).toMatch(/^one\ntwo(\n|$)/);
    serve.end();
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
    expect(linesOf('c1').at(-1)).toBe('answer');
    expect(linesOf('c1').slice(0, -1).every((type) => type === 'output' || type === 'heartbeat')).toBe(true);
  });

  it("reports a CLI's steps, exact, as its events come", async () => {
    const bin = join(scratch.home, 'bin');
    mkdirSync(bin);
    const recorded = join(scratch.home, '..', 'claude-task.jsonl');
    writeFileSync(recorded, run('claude', 'task').output);
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\ncat > /dev/null\ncat '${recorded}'\n`, { mode: 0o755 });
    serve = startHarnessServe({ GUILDS_HARNESS: 'claude', PATH: `${bin}:${process.env.PATH}` });
    expect(await serve.call(request('c2', 'x'))).toMatchObject({ ok: true, meta: { status: 'completed', harness: 'claude' } });
    expect(progressOf('c2').map(({ elapsed_ms: _, ...event }) => event)).toEqual([
      { type: 'step', kind: 'edit', text: 'Write /home/agent/repo-claude/one.txt' },
      { type: 'step', kind: 'message', text: 'FAKE_DONE one.txt | markers=[MARK-t1]' },
    ]);
    expect(linesOf('c2')).toEqual(['step', 'step', 'answer']);
  });

  it("stops the harness's group on a cancel during progress, and the task still answers stopped", async () => {
    serve = startHarnessServe(COMMAND_HARNESS);
    const answer = serve.call(request('c3', 'edit a.txt\nspawn-child\nsay working\nhang'));
    const seen = await pollUntil(
      () => progressOf('c3').map((event) => String(event.text ?? '')).join('\n'),
      (text) => text.includes('working'),
    );
    const child = Number(/child (\d+)/.exec(seen)![1]);
    serve.write(`${JSON.stringify({ cancel: 'c3' })}\n`);
    const envelope = await answer;
    expect(envelope).toMatchObject({ ok: true, meta: { status: 'stopped', timed_out: false, exit_code: null, files_changed: 1 } });
    expect((envelope as { text: string }).text).toMatch(/^stopped after \d+s; the call was cancelled · command\n a\.txt \| 1 \+\n/);
    const stat = readProcessStat(child);
    expect(stat === null || stat.state === 'Z').toBe(true);
    serve.end();
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
    expect(linesOf('c3').at(-1)).toBe('answer');
  });

  it('stops every task in flight on SIGTERM, answers each, then exits, nothing on stderr', async () => {
    serve = startHarnessServe(COMMAND_HARNESS);
    const answer = serve.call(request('c4', 'say working\nhang'));
    await pollUntil(() => progressOf('c4').length, (count) => count > 0);
    serve.child.kill('SIGTERM');
    expect(await answer).toMatchObject({ ok: true, meta: { status: 'stopped' } });
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
  });
});
