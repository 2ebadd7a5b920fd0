// The tap of a running command's output (src/tools/shell/output-tap.ts) on a clock the test sets:
// an event at once after a quiet spell, then at most one each 250 ms by that clock, none after the end.
// The clock is the call's progress's own, the one its events are stamped with.
import { expect, it } from 'vitest';
import type { ProgressReport } from '../../../src/contract/live-calls.js';
import type { Progress } from '../../../src/io/progress-sink.js';
import { outputTapFor } from '../../../src/tools/shell/output-tap.js';
import { pause, pollUntil } from '../../helpers/poll.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * A progress on `clock`; each report is stamped `lagMs` after the clock's time, as a preempted
 * helper's would be. `wanted`: whether the call asked for progress.
 */
function tapOn(clock: { time: number; lagMs?: number }, wanted = true) {
  const reports: ProgressReport[] = [];
  const stamps: number[] = [];
  const progress: Progress = {
    wanted,
    elapsedMs: () => clock.time,
    report: (report) => {
      reports.push(report);
      stamps.push(clock.time + (clock.lagMs ?? 0));
      return stamps.at(-1)!;
    },
  };
  return { tap: outputTapFor(progress), reports, stamps };
}

it('reports a line at once after a quiet spell', () => {
  const { tap, reports } = tapOn({ time: 0 });
  tap.write(bytes('one\n'));
  expect(reports).toEqual([{ type: 'output', text: 'one', bytes: 4 }]);
  tap.end();
});

it('takes no event while its clock says the interval is not over, even when the timer has fired', async () => {
  // The bug: the timer, counted from the event loop's cached time, fired early and took the event
  // before 250 ms had passed by the clock the tap reads.
  const clock = { time: 0 };
  const { tap, reports } = tapOn(clock);
  tap.write(bytes('one\n'));
  clock.time = 10;
  tap.write(bytes('two\n'));
  clock.time = 100;
  // Past the 240 ms the timer was armed for: it fired, and found 150 ms still to go.
  await pause(400);
  expect(reports).toEqual([{ type: 'output', text: 'one', bytes: 4 }]);
  clock.time = 250;
  await pollUntil(() => reports.length, (count) => count === 2);
  expect(reports).toEqual([
    { type: 'output', text: 'one', bytes: 4 },
    { type: 'output', text: 'two', bytes: 8 },
  ]);
  tap.end();
});

it('keeps 250 ms between the stamps of two events when the first was stamped after the tap took it', async () => {
  // The bug: the tap kept its pace by the wall clock, read before the report was stamped by the
  // call's clock; an event stamped late under load brought the next one's `elapsed_ms` nearer than 250 ms.
  const clock = { time: 0, lagMs: 5 };
  const { tap, stamps } = tapOn(clock);
  tap.write(bytes('one\n'));
  clock.lagMs = 0;
  tap.write(bytes('two\n'));
  clock.time = 250;
  await pause(400);
  expect(stamps).toEqual([5]);
  clock.time = 255;
  await pollUntil(() => stamps.length, (count) => count === 2);
  expect(stamps).toEqual([5, 255]);
  tap.end();
});

it('reports nothing after the command ended', async () => {
  const clock = { time: 0 };
  const { tap, reports } = tapOn(clock);
  tap.write(bytes('one\n'));
  tap.write(bytes('two\n'));
  tap.end();
  clock.time = 1000;
  tap.write(bytes('three\n'));
  await pause(300);
  expect(reports).toEqual([{ type: 'output', text: 'one', bytes: 4 }]);
});

it('does nothing for a call nobody asked progress of', () => {
  const { tap, reports } = tapOn({ time: 0 }, false);
  tap.write(bytes('one\n'));
  tap.end();
  expect(reports).toEqual([]);
});
