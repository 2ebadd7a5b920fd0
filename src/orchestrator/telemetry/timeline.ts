// Where a call's time went: the parts the runner times as they happen (the request file's write, the
// sandbox's exec of a cold helper, the round trip over a warm stream), what it noted on the way (a
// cold fallback, a stream opened again), and the helper's own phases placed inside the last round
// trip. Pure: one clock is read through `now`, and the same record makes the call's child spans and
// the timing breakdown the app shows (CodeToolResult.timings).
import type { HelperName } from '../../contract/registry.js';
import type { HelperTimings } from '../../contract/telemetry.js';
import type { FallbackReason } from './conventions.js';

/** A part the runner times: writing the request file, a cold helper's exec, a warm stream's round trip. */
export type RunnerPartName = 'request_file' | 'exec' | 'stream';
/** The helper's own phases (src/contract/telemetry.ts), inside the round trip that carried them. */
export type HelperPhaseName = 'helper_start' | 'helper_run' | 'helper_shape';
export type TimingPartName = RunnerPartName | HelperPhaseName;

/** One part of a call, from the call's start, in milliseconds. */
export interface TimingPart {
  name: TimingPartName;
  startMs: number;
  durationMs: number;
}

/** Where a call's time went (CodeToolResult.timings): what the app's Metadata view draws. */
export interface CallTimings {
  /** The whole call, from `call()` to its result, in milliseconds. */
  totalMs: number;
  /** How the helper answered: `warm` over its stream, `cold` as a process of its own; absent when the runner did not time it. */
  mode?: 'warm' | 'cold';
  /** The parts in the order they began; the helper's phases follow the round trip that carried them. */
  parts: TimingPart[];
}

interface TimedPart {
  name: RunnerPartName;
  /** Readings of the timeline's clock. */
  startMs: number;
  endMs: number;
}

/** The record a runner keeps of one call (HelperCall.timeline): given only when someone reads it. */
export class CallTimeline {
  readonly parts: TimedPart[] = [];
  readonly fallbacks: FallbackReason[] = [];
  /** The helpers whose stream this call opened again after an earlier one ended. */
  readonly restarts: HelperName[] = [];
  readonly startMs: number;

  constructor(readonly now: () => number = () => performance.now()) {
    this.startMs = now();
  }

  /** A part that began at `startMs` (a reading of `now`) and ends now. */
  part(name: RunnerPartName, startMs: number): void {
    this.parts.push({ name, startMs, endMs: this.now() });
  }

  fellBack(reason: FallbackReason): void {
    this.fallbacks.push(reason);
  }

  restarted(helper: HelperName): void {
    this.restarts.push(helper);
  }

  /** `warm` or `cold` from the last round trip: the one that answered. */
  get mode(): 'warm' | 'cold' | undefined {
    const last = lastRoundTrip(this.parts);
    return last === undefined ? undefined : last.name === 'stream' ? 'warm' : 'cold';
  }
}

function lastRoundTrip(parts: readonly TimedPart[]): TimedPart | undefined {
  for (let index = parts.length - 1; index >= 0; index--) if (parts[index]!.name !== 'request_file') return parts[index];
  return undefined;
}

/** Three decimals of a millisecond: a microsecond, as the helper counts. */
function rounded(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * The helper's phases inside the round trip that carried them, on the orchestrator's clock. The
 * helper's clock is not this one (a container's may not even be this machine's), so the phases are
 * laid end to end to finish where the round trip finished, never before its start: what precedes
 * them is the exec's or the line's way in, what follows them (nothing, here) the answer's way back.
 */
export function helperPhases(trip: { startMs: number; endMs: number }, timings: HelperTimings): { name: HelperPhaseName; startMs: number; endMs: number }[] {
  const phases: [HelperPhaseName, number][] = [
    ['helper_start', timings.start / 1000],
    ['helper_run', timings.run / 1000],
    ['helper_shape', timings.shape / 1000],
  ];
  const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
  let at = Math.max(trip.startMs, trip.endMs - total);
  return phases.map(([name, ms]) => {
    const startMs = at;
    at = Math.min(trip.endMs, at + ms);
    return { name, startMs, endMs: at };
  });
}

/** The breakdown of a call that began at the timeline's start and ended at `endMs`. */
export function callTimings(timeline: CallTimeline, endMs: number, helper: HelperTimings | null): CallTimings {
  const origin = timeline.startMs;
  const last = lastRoundTrip(timeline.parts);
  const parts: TimingPart[] = [];
  const add = (name: TimingPartName, startMs: number, stopMs: number): void =>
    void parts.push({ name, startMs: rounded(startMs - origin), durationMs: rounded(Math.max(0, stopMs - startMs)) });
  for (const part of timeline.parts) {
    add(part.name, part.startMs, part.endMs);
    if (part === last && helper !== null) for (const phase of helperPhases(part, helper)) add(phase.name, phase.startMs, phase.endMs);
  }
  const timings: CallTimings = { totalMs: rounded(Math.max(0, endMs - origin)), parts };
  const mode = timeline.mode;
  if (mode !== undefined) timings.mode = mode;
  return timings;
}
