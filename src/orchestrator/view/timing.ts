// Where a call's time went, as the app shows it (CodeToolResult.timings): one Metadata field for the
// terminal and the page, and the bars of the page's small waterfall. Every word of it is here. Pure.
import { formatElapsed } from '../../text/elapsed.js';
import type { MetadataField } from '../summary.js';
import type { CallTimings, TimingPart, TimingPartName } from '../telemetry/timeline.js';

/** The Metadata field's label. */
export const TIMING_LABEL = 'Timing';

/** What each part is called where it is shown. */
export const TIMING_PART_NAMES: Readonly<Record<TimingPartName, string>> = {
  request_file: 'request file',
  exec: 'exec',
  stream: 'stream',
  helper_start: 'helper start',
  helper_run: 'run',
  helper_shape: 'shape',
};

const HELPER_PHASES: readonly TimingPartName[] = ['helper_start', 'helper_run', 'helper_shape'];

/** A duration as a person reads it: `0.42 ms`, `3.2 ms`, `85 ms`, `1.19 s`, then `2m14s`. */
export function durationText(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  return formatElapsed(ms);
}

function partText(part: TimingPart): string {
  return `${TIMING_PART_NAMES[part.name]} ${durationText(part.durationMs)}`;
}

/**
 * One line: the whole call and how it ran, then each part in order, the helper's phases in
 * brackets after the round trip that carried them: `85 ms warm: stream 84 ms (helper start 0.31 ms,
 * run 83 ms, shape 0.05 ms)`.
 */
export function timingText(timings: CallTimings): string {
  const head = `${durationText(timings.totalMs)}${timings.mode === undefined ? '' : ` ${timings.mode}`}`;
  const pieces: string[] = [];
  let phases: string[] = [];
  for (const part of timings.parts) {
    if (HELPER_PHASES.includes(part.name)) phases.push(partText(part));
    else pieces.push(partText(part));
    const next = timings.parts[timings.parts.indexOf(part) + 1];
    if (phases.length > 0 && (next === undefined || !HELPER_PHASES.includes(next.name))) {
      pieces[pieces.length - 1] += ` (${phases.join(', ')})`;
      phases = [];
    }
  }
  return pieces.length === 0 ? head : `${head}: ${pieces.join(', ')}`;
}

export function timingField(timings: CallTimings): MetadataField {
  return { label: TIMING_LABEL, value: timingText(timings) };
}

/** One bar of the waterfall: where it starts and how wide it is, as shares of the whole call. */
export interface TimingBar {
  label: string;
  /** Percent of the call's time before the part began, and the part's own, to 0.1. */
  offsetPercent: number;
  widthPercent: number;
  duration: string;
  /** 1 for the helper's phases, drawn under the round trip that carried them. */
  depth: 0 | 1;
}

function percentOf(ms: number, totalMs: number): number {
  return totalMs <= 0 ? 0 : Math.min(100, Math.round((ms / totalMs) * 1000) / 10);
}

/** The waterfall: the whole call first, then each part where it fell in the call's time. */
export function timingBars(timings: CallTimings): TimingBar[] {
  const whole: TimingBar = { label: 'call', offsetPercent: 0, widthPercent: 100, duration: durationText(timings.totalMs), depth: 0 };
  return [
    whole,
    ...timings.parts.map((part) => ({
      label: TIMING_PART_NAMES[part.name],
      offsetPercent: percentOf(part.startMs, timings.totalMs),
      widthPercent: percentOf(part.durationMs, timings.totalMs),
      duration: durationText(part.durationMs),
      depth: HELPER_PHASES.includes(part.name) ? (1 as const) : (0 as const),
    })),
  ];
}
