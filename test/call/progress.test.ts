// A hosted call's progress (src/call/progress.ts) on a clock the test turns by hand: each event
// stamped with the call's time, a heartbeat only after the whole asked quiet, nothing after close.
import { expect, it } from 'vitest';
import { CallProgress } from '../../src/call/progress.js';
import type { ProgressClock } from '../../src/io/due-timer.js';
import type { ProgressEvent } from '../../src/contract/live-calls.js';

/** A clock whose time moves only when told, and whose timers fire only when the test fires them. */
class HandClock implements ProgressClock {
  time = 0;
  timers: { ms: number; run: () => void }[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, run: () => void): () => void {
    const timer = { ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((armed) => armed !== timer);
    };
  }

  /** Moves the time to `time` and fires the one armed timer, as Node would at that moment. */
  fireAt(time: number): void {
    expect(this.timers).toHaveLength(1);
    this.time = time;
    const [timer] = this.timers.splice(0, 1);
    timer!.run();
  }
}

function progressOn(clock: HandClock, heartbeatMs = 1000): { progress: CallProgress; events: ProgressEvent[] } {
  const events: ProgressEvent[] = [];
  return { progress: new CallProgress({ heartbeatMs }, (event) => events.push(event), clock), events };
}

it('sends a heartbeat when the asked time passed with nothing reported, stamped with the call\'s time', () => {
  const clock = new HandClock();
  const { events } = progressOn(clock);
  expect(clock.timers.map((timer) => timer.ms)).toEqual([1000]);
  clock.fireAt(1000);
  expect(events).toEqual([{ type: 'heartbeat', elapsed_ms: 1000 }]);
  clock.fireAt(2003);
  expect(events).toEqual([
    { type: 'heartbeat', elapsed_ms: 1000 },
    { type: 'heartbeat', elapsed_ms: 2003 },
  ]);
});

it('sends no heartbeat 999 ms after the last event when its timer fires a millisecond early, but at 1000', () => {
  // The bug: the timer was armed on libuv's cached time, the event stamped with a later clock read,
  // so a heartbeat came 999 ms after the output event before it.
  const clock = new HandClock();
  const { progress, events } = progressOn(clock);
  clock.time = 400.5;
  progress.report({ type: 'output', text: 'one', bytes: 4 });
  clock.fireAt(1399.75);
  expect(events).toEqual([{ type: 'output', text: 'one', bytes: 4, elapsed_ms: 401 }]);
  expect(clock.timers.map((timer) => timer.ms)).toEqual([1]);
  clock.fireAt(1400.5);
  expect(events).toEqual([
    { type: 'output', text: 'one', bytes: 4, elapsed_ms: 401 },
    { type: 'heartbeat', elapsed_ms: 1401 },
  ]);
});

it('waits the whole asked time again after each report', () => {
  const clock = new HandClock();
  const { progress, events } = progressOn(clock, 15_000);
  clock.time = 14_000;
  progress.report({ type: 'output', text: 'line', bytes: 5 });
  expect(clock.timers.map((timer) => timer.ms)).toEqual([15_000]);
  clock.fireAt(29_000);
  expect(events.map((event) => [event.type, event.elapsed_ms])).toEqual([
    ['output', 14_000],
    ['heartbeat', 29_000],
  ]);
});

it('reports nothing and leaves no timer once closed', () => {
  const clock = new HandClock();
  const { progress, events } = progressOn(clock);
  progress.close();
  expect(clock.timers).toEqual([]);
  progress.report({ type: 'output', text: 'late', bytes: 5 });
  expect(events).toEqual([]);
  expect(clock.timers).toEqual([]);
});

it('stamps an event at the call\'s start with 0 ms', () => {
  const clock = new HandClock();
  clock.time = 5_000;
  const { progress, events } = progressOn(clock);
  progress.report({ type: 'step', kind: 'message', text: 'hi' });
  expect(events).toEqual([{ type: 'step', kind: 'message', text: 'hi', elapsed_ms: 0 }]);
});

it('tells the call\'s time by the clock it stamps with, and what each report was stamped', () => {
  const clock = new HandClock();
  clock.time = 5_000;
  const { progress } = progressOn(clock);
  clock.time = 5_250.4;
  expect(progress.elapsedMs()).toBeCloseTo(250.4, 9);
  expect(progress.report({ type: 'output', text: 'one', bytes: 4 })).toBe(250);
  clock.time = 5_500.5;
  expect(progress.report({ type: 'output', text: 'two', bytes: 4 })).toBe(501);
  progress.close();
  expect(progress.report({ type: 'output', text: 'late', bytes: 5 })).toBe(501);
});
