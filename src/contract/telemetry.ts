// What a request may carry for the operator's telemetry, and what the helper answers with it: the
// call's trace context (W3C Trace Context's traceparent and tracestate), which the helper hands to
// every command the call starts as TRACEPARENT and TRACESTATE, and `telemetry`, which asks for what
// the meta otherwise leaves out: the helper's own phases (`timings_us`) and a shell output's elided
// bytes (`elided_bytes`). Pure. All are optional and off by default, so that a request without them
// is answered exactly as before (docs/telemetry.md).
import { TRACESTATE_MAX_CHARS } from '../limits.js';
import { invalidRequest } from './errors.js';

/** A call's trace context as W3C Trace Context's headers spell it. */
export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

/**
 * The helper's own phases of a call, in whole microseconds (the meta field `timings_us`): `start`
 * from the helper's start (a cold helper's process start, a warm stream's reading of the line) to
 * the call's run, `run` the run (its working directory, the tool's own work and formatting), `shape`
 * what follows (the text capped, the envelope made).
 */
export interface HelperTimings {
  start: number;
  run: number;
  shape: number;
}

/** Where a command finds its call's trace context: OpenTelemetry's environment carrier's names. */
export const TRACEPARENT_VARIABLE = 'TRACEPARENT';
export const TRACESTATE_VARIABLE = 'TRACESTATE';

/** The meta field that carries HelperTimings, in microseconds. */
export const TIMINGS_META_FIELD = 'timings_us';
/** The meta field of a foreground shell call whose output was elided: the bytes left out, as its elision line counts them. */
export const ELIDED_BYTES_META_FIELD = 'elided_bytes';

export const telemetryReasons = {
  notTelemetry: 'telemetry must be true or false',
  notTraceparent: 'traceparent must be a W3C traceparent: 00-<32 hex digits>-<16 hex digits>-<2 hex digits>, ids not all zeros',
  notTracestate: `tracestate must be at most ${TRACESTATE_MAX_CHARS} printable ASCII characters, and comes only with a traceparent`,
} as const;

// Version 00's layout; a later version may append fields after a dash, which a reader of 00 ignores.
const TRACEPARENT_PATTERN = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Whether `text` is a traceparent a W3C reader takes: a known layout, no invalid version, no all-zero id. */
export function isTraceparent(text: string): boolean {
  const match = TRACEPARENT_PATTERN.exec(text);
  if (match === null) return false;
  const [, version, traceId, parentId] = match;
  if (version === 'ff' || (version === '00' && match[5] !== undefined)) return false;
  return !/^0+$/.test(traceId!) && !/^0+$/.test(parentId!);
}

/** A request's `telemetry`: absent, null or false ask for nothing; true asks for the meta's telemetry fields. */
export function telemetryAskOf(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  throw invalidRequest(telemetryReasons.notTelemetry);
}

/**
 * A request's `traceparent` and `tracestate`, checked: null when it carries none. Anything else is
 * refused, cold or warm, so that a request has one answer wherever it runs, and no text reaches a
 * command's environment that a W3C reader would not take.
 */
export function traceContextOf(traceparent: unknown, tracestate: unknown): TraceContext | null {
  const noState = tracestate === undefined || tracestate === null;
  if (traceparent === undefined || traceparent === null) {
    if (!noState) throw invalidRequest(telemetryReasons.notTracestate);
    return null;
  }
  if (typeof traceparent !== 'string' || !isTraceparent(traceparent)) throw invalidRequest(telemetryReasons.notTraceparent);
  if (noState) return { traceparent };
  if (typeof tracestate !== 'string' || tracestate.length > TRACESTATE_MAX_CHARS || !PRINTABLE_ASCII.test(tracestate)) {
    throw invalidRequest(telemetryReasons.notTracestate);
  }
  return tracestate === '' ? { traceparent } : { traceparent, tracestate };
}

/** Milliseconds to whole microseconds, never below 0 (a clock read twice in one tick). */
function microseconds(ms: number): number {
  return Math.max(0, Math.round(ms * 1000));
}

/**
 * The phases from four readings of one monotonic clock, in milliseconds: the helper's start, the
 * run's start, its end, and the envelope made.
 */
export function helperTimings(origin: number, runStart: number, runEnd: number, shaped: number): HelperTimings {
  return { start: microseconds(runStart - origin), run: microseconds(runEnd - runStart), shape: microseconds(shaped - runEnd) };
}

/** The phases as a meta carries them, read back; null when the meta has none whole. */
export function helperTimingsOf(meta: Readonly<Record<string, unknown>>): HelperTimings | null {
  const value = meta[TIMINGS_META_FIELD];
  if (typeof value !== 'object' || value === null) return null;
  const { start, run, shape } = value as Record<string, unknown>;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  return count(start) && count(run) && count(shape) ? { start, run, shape } : null;
}
