// What the app shows of a running call (src/orchestrator/view/live.ts) and the redaction of its
// events (src/orchestrator/pipeline.ts): exact values, bounded however many events come.
import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../src/contract/live-calls.js';
import { redactCut, redactProgressEvent } from '../../src/orchestrator/pipeline.js';
import { nextLiveView, startLiveView } from '../../src/orchestrator/view/live.js';

describe('a live view', () => {
  it('starts as the row alone', () => {
    expect(startLiveView('Run npm test')).toEqual({ row: 'Run npm test', elapsed: '0s', latestLine: null, outputBytes: 0, steps: [], earlierSteps: 0 });
  });

  it("shows a command's elapsed time, its latest line that says anything, and its bytes", () => {
    const view = nextLiveView(startLiveView('Run npm test'), { type: 'output', text: 'PASS a.test.ts\nPASS b.test.ts\n  ', bytes: 900, elapsed_ms: 64_000 });
    expect(view).toEqual({ row: 'Run npm test', elapsed: '1m04s', latestLine: 'PASS b.test.ts', outputBytes: 900, steps: [], earlierSteps: 0 });
  });

  it('keeps the latest line when an event shows none (all skipped)', () => {
    const first = nextLiveView(startLiveView('Run x'), { type: 'output', text: 'one', bytes: 4, elapsed_ms: 1 });
    expect(nextLiveView(first, { type: 'output', text: '', bytes: 90_000, skipped_bytes: 89_996, elapsed_ms: 300 })).toMatchObject({ latestLine: 'one', outputBytes: 90_000 });
  });

  it('moves only the elapsed time on a heartbeat', () => {
    const first = nextLiveView(startLiveView('Run x'), { type: 'output', text: 'one', bytes: 4, elapsed_ms: 1 });
    expect(nextLiveView(first, { type: 'heartbeat', elapsed_ms: 15_000 })).toEqual({ ...first, elapsed: '15s' });
  });

  it("grows a code_task's steps, the latest one its latest line", () => {
    let view = startLiveView('Code task: fix the test');
    view = nextLiveView(view, { type: 'step', kind: 'message', text: 'Looking at the failing test', elapsed_ms: 2000 });
    view = nextLiveView(view, { type: 'step', kind: 'edit', text: 'src/a.ts', elapsed_ms: 9000 });
    expect(view.steps).toEqual([
      { kind: 'message', text: 'Looking at the failing test', elapsed: '2s' },
      { kind: 'edit', text: 'src/a.ts', elapsed: '9s' },
    ]);
    expect(view.latestLine).toBe('src/a.ts');
  });

  it('holds the latest steps only, and counts the earlier ones, over 10,000 events', () => {
    let view = startLiveView('Code task: t');
    for (let index = 1; index <= 10_000; index++) view = nextLiveView(view, { type: 'step', kind: 'command', text: `step ${index}`, elapsed_ms: index });
    expect(view.steps).toHaveLength(50);
    expect(view.steps[0]!.text).toBe('step 9951');
    expect(view.earlierSteps).toBe(9950);
    expect(JSON.stringify(view).length).toBeLessThan(4000);
  });

  it('clips a long latest line to 200 characters', () => {
    const view = nextLiveView(startLiveView('Run x'), { type: 'output', text: 'é'.repeat(250), bytes: 501, elapsed_ms: 1 });
    expect(view.latestLine).toBe(`${'é'.repeat(199)}…`);
  });
});

describe('redacting an event', () => {
  const secrets = ['hunter2-value', 'tok_ABCDEFGH'];

  it('masks every secret in an output event', () => {
    const event: ProgressEvent = { type: 'output', text: 'pw=hunter2-value\nGH_TOKEN=tok_ABCDEFGH', bytes: 40, elapsed_ms: 5 };
    expect(redactProgressEvent(event, secrets)).toEqual({ ...event, text: 'pw=[REDACTED]\nGH_TOKEN=[REDACTED]' });
  });

  it('masks the start of a secret that a cut step ends with', () => {
    expect(redactCut('export TOKEN=tok_ABCD…', secrets)).toBe('export TOKEN=[REDACTED]…');
  });

  it('leaves a cut end that matches fewer than 4 characters of a secret', () => {
    expect(redactCut('see tok…', secrets)).toBe('see tok…');
  });

  it('leaves an uncut text ending like a secret\'s start as it is', () => {
    expect(redactCut('the word tok_ABC', secrets)).toBe('the word tok_ABC');
  });

  it('passes a heartbeat and a run without secrets untouched', () => {
    const heartbeat: ProgressEvent = { type: 'heartbeat', elapsed_ms: 1 };
    expect(redactProgressEvent(heartbeat, secrets)).toBe(heartbeat);
    const step: ProgressEvent = { type: 'step', kind: 'message', text: 'hi', elapsed_ms: 1 };
    expect(redactProgressEvent(step, [])).toBe(step);
  });
});
