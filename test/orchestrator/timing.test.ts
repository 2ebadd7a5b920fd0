// Where a call's time went (src/orchestrator/telemetry/timeline.ts, src/orchestrator/view/timing.ts):
// the parts a runner times, the helper's phases laid into the round trip, and what the app shows.
import { describe, expect, it } from 'vitest';
import { callTimings, CallTimeline, helperPhases, type CallTimings } from '../../src/orchestrator/telemetry/timeline.js';
import { durationText, timingBars, timingField, timingText } from '../../src/orchestrator/view/timing.js';
import { callView } from '../../src/orchestrator/view/call-view.js';

/** A timeline on a clock that reads the given values, one per reading. */
function timelineReading(...readings: number[]): CallTimeline {
  let index = 0;
  return new CallTimeline(() => readings[index++]!);
}

describe('a call timeline', () => {
  it('times a cold call: its request file, its exec, and says cold', () => {
    const timeline = timelineReading(100, 100.5, 102.5, 102.5, 190);
    timeline.part('request_file', timeline.now());
    timeline.part('exec', timeline.now());
    expect(timeline.mode).toBe('cold');
    expect(callTimings(timeline, 191, { start: 48_000, run: 38_000, shape: 250 })).toEqual({
      totalMs: 91,
      mode: 'cold',
      parts: [
        { name: 'request_file', startMs: 0.5, durationMs: 2 },
        { name: 'exec', startMs: 2.5, durationMs: 87.5 },
        { name: 'helper_start', startMs: 3.75, durationMs: 48 },
        { name: 'helper_run', startMs: 51.75, durationMs: 38 },
        { name: 'helper_shape', startMs: 89.75, durationMs: 0.25 },
      ],
    });
  });

  it('that fell back from a dead stream to a cold exec says cold, and lays the phases into the exec', () => {
    const timeline = timelineReading(0, 1, 4, 4, 60);
    timeline.part('stream', timeline.now());
    timeline.fellBack('stream_ended');
    timeline.part('exec', timeline.now());
    expect(timeline.fallbacks).toEqual(['stream_ended']);
    expect(callTimings(timeline, 61, { start: 10_000, run: 5_000, shape: 1_000 })).toEqual({
      totalMs: 61,
      mode: 'cold',
      parts: [
        { name: 'stream', startMs: 1, durationMs: 3 },
        { name: 'exec', startMs: 4, durationMs: 56 },
        { name: 'helper_start', startMs: 44, durationMs: 10 },
        { name: 'helper_run', startMs: 54, durationMs: 5 },
        { name: 'helper_shape', startMs: 59, durationMs: 1 },
      ],
    });
  });

  it('of a call refused before it ran has no parts and no mode', () => {
    const timeline = timelineReading(10);
    expect(callTimings(timeline, 10.25, null)).toEqual({ totalMs: 0.25, parts: [] });
  });
});

describe("the helper's phases inside a round trip", () => {
  it("end where the round trip ended, on the orchestrator's clock", () => {
    expect(helperPhases({ startMs: 10, endMs: 20 }, { start: 1000, run: 6000, shape: 500 })).toEqual([
      { name: 'helper_start', startMs: 12.5, endMs: 13.5 },
      { name: 'helper_run', startMs: 13.5, endMs: 19.5 },
      { name: 'helper_shape', startMs: 19.5, endMs: 20 },
    ]);
  });

  it('longer than the round trip (another clock) start with it and are cut at its end', () => {
    expect(helperPhases({ startMs: 10, endMs: 14 }, { start: 3000, run: 3000, shape: 1000 })).toEqual([
      { name: 'helper_start', startMs: 10, endMs: 13 },
      { name: 'helper_run', startMs: 13, endMs: 14 },
      { name: 'helper_shape', startMs: 14, endMs: 14 },
    ]);
  });
});

const WARM: CallTimings = {
  totalMs: 85.2,
  mode: 'warm',
  parts: [
    { name: 'stream', startMs: 0.6, durationMs: 84.1 },
    { name: 'helper_start', startMs: 0.8, durationMs: 0.31 },
    { name: 'helper_run', startMs: 1.11, durationMs: 83.4 },
    { name: 'helper_shape', startMs: 84.51, durationMs: 0.05 },
  ],
};

describe('what the app shows of it', () => {
  it.each([
    [0.049, '0.05 ms'],
    [3.25, '3.3 ms'],
    [9.96, '10.0 ms'],
    [85.5, '86 ms'],
    [1190, '1.19 s'],
    [59_994, '59.99 s'],
    [134_000, '2m14s'],
  ])('says %s ms as %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });

  it('is one Metadata line: the whole, how it ran, each part, the phases in brackets after their round trip', () => {
    expect(timingField(WARM)).toEqual({ label: 'Timing', value: '85 ms warm: stream 84 ms (helper start 0.31 ms, run 83 ms, shape 0.05 ms)' });
  });

  it('names a request file and a fallback in the order they happened', () => {
    const timings: CallTimings = {
      totalMs: 1190,
      mode: 'cold',
      parts: [
        { name: 'stream', startMs: 0.2, durationMs: 3 },
        { name: 'request_file', startMs: 3.3, durationMs: 1.5 },
        { name: 'exec', startMs: 5, durationMs: 1184 },
        { name: 'helper_start', startMs: 40, durationMs: 48 },
        { name: 'helper_run', startMs: 88, durationMs: 1100 },
        { name: 'helper_shape', startMs: 1188, durationMs: 0.2 },
      ],
    };
    expect(timingText(timings)).toBe('1.19 s cold: stream 3.0 ms, request file 1.5 ms, exec 1.18 s (helper start 48 ms, run 1.10 s, shape 0.20 ms)');
  });

  it('of a call that never reached a helper is its time alone', () => {
    expect(timingText({ totalMs: 0.4, parts: [] })).toBe('0.40 ms');
  });

  it('draws a waterfall: the whole call, then each part where it fell, the phases one level in', () => {
    expect(timingBars(WARM)).toEqual([
      { label: 'call', offsetPercent: 0, widthPercent: 100, duration: '85 ms', depth: 0 },
      { label: 'stream', offsetPercent: 0.7, widthPercent: 98.7, duration: '84 ms', depth: 0 },
      { label: 'helper start', offsetPercent: 0.9, widthPercent: 0.4, duration: '0.31 ms', depth: 1 },
      { label: 'run', offsetPercent: 1.3, widthPercent: 97.9, duration: '83 ms', depth: 1 },
      { label: 'shape', offsetPercent: 99.2, widthPercent: 0.1, duration: '0.05 ms', depth: 1 },
    ]);
  });
});

describe("a call's view", () => {
  const result = { ok: true, text: 'x', summary: 'Read a.txt', meta: {}, metadata: [{ label: 'Call', value: 'c1' }], cut: false };

  it('carries the waterfall of a call that asked for its timings', () => {
    expect(callView({ seq: 1, callId: 'c1', tool: 'file_read', args: {}, result: { ...result, timings: WARM } }).timing).toEqual(timingBars(WARM));
  });

  it('has no waterfall for a call that did not ask', () => {
    expect(callView({ seq: 1, callId: 'c1', tool: 'file_read', args: {}, result })).not.toHaveProperty('timing');
  });
});
