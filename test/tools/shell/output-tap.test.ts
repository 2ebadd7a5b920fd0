// The tap of a running command's output (src/tools/shell/output-tap.ts) on a clock the test sets:
// an event at once after a quiet spell, then at most one each 250 ms by that clock, none after the end.
import { expect, it } from 'vitest';
import type { ProgressReport } from '../../../src/contract/live-calls.js';
import { outputTapFor } from '../../../src/tools/shell/output-tap.js';
import { pause, pollUntil } from '../../helpers/poll.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function tapOn(clock: { time: number }) {
  const reports: ProgressReport[] = [];
  const tap = outputTapFor({ wanted: true, report: (report) => void reports.push(report) }, () => clock.time);
  return { tap, reports };
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
  const reports: ProgressReport[] = [];
  const tap = outputTapFor({ wanted: false, report: (report) => void reports.push(report) }, () => 0);
  tap.write(bytes('one\n'));
  tap.end();
  expect(reports).toEqual([]);
});
