// Live calls (SPEC section 9): what a request asks for, the events a running call reports, and the
// warm stream's progress line, both ways. Pure. The helper's side (src/call/progress.ts, the tools)
// and the orchestrator's (src/orchestrator/warm-runner.ts) share this file, so that the two read
// one format.
import {
  PROGRESS_HEARTBEAT_DEFAULT_MS,
  PROGRESS_HEARTBEAT_MAX_MS,
  PROGRESS_HEARTBEAT_MIN_MS,
  PROGRESS_STEP_MAX_CHARS,
} from '../limits.js';
import { isPlainObject } from './encoding.js';
import { invalidRequest } from './errors.js';

/** A request's `progress`, checked: how long a call may stay silent before a heartbeat. */
export interface ProgressAsk {
  heartbeatMs: number;
}

export const STEP_KINDS = ['message', 'tool', 'edit', 'command', 'error'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** What a running call reports, before its host stamps the time (`elapsed_ms`) on it. */
export type ProgressReport =
  /** A foreground command's (or a `command` harness's) lines completed since the previous event. */
  | { type: 'output'; text: string; bytes: number; skipped_bytes?: number }
  /** One event of a coding agent's own stream worth showing: one line of at most PROGRESS_STEP_MAX_CHARS. */
  | { type: 'step'; kind: StepKind; text: string }
  /** Nothing was reported for the heartbeat's time. */
  | { type: 'heartbeat' };

/** An event as it travels: the report and the milliseconds since the call began. */
export type ProgressEvent = ProgressReport & { elapsed_ms: number };

export const progressReasons = {
  notProgress: `progress must be true, false or {"heartbeat_ms": N} with N a whole number from ${PROGRESS_HEARTBEAT_MIN_MS} to ${PROGRESS_HEARTBEAT_MAX_MS}`,
} as const;

/**
 * The request's `progress` field: absent, null or false ask for nothing; true for the default
 * heartbeat; `{"heartbeat_ms": N}` for N in bounds. Anything else is refused, cold or warm, so that a
 * request has one answer wherever it runs.
 */
export function progressAskOf(value: unknown): ProgressAsk | null {
  if (value === undefined || value === null || value === false) return null;
  if (value === true) return { heartbeatMs: PROGRESS_HEARTBEAT_DEFAULT_MS };
  if (!isPlainObject(value)) throw invalidRequest(progressReasons.notProgress);
  const keys = Object.keys(value);
  if (keys.some((key) => key !== 'heartbeat_ms')) throw invalidRequest(progressReasons.notProgress);
  const given = value.heartbeat_ms;
  if (given === undefined || given === null) return { heartbeatMs: PROGRESS_HEARTBEAT_DEFAULT_MS };
  if (typeof given !== 'number' || !Number.isInteger(given) || given < PROGRESS_HEARTBEAT_MIN_MS || given > PROGRESS_HEARTBEAT_MAX_MS) {
    throw invalidRequest(progressReasons.notProgress);
  }
  return { heartbeatMs: given };
}

/** The `progress` field as a request carries it on the wire: true for the default, else the object. */
export function progressField(ask: ProgressAsk): true | { heartbeat_ms: number } {
  return ask.heartbeatMs === PROGRESS_HEARTBEAT_DEFAULT_MS ? true : { heartbeat_ms: ask.heartbeatMs };
}

/** One progress line of the warm stream, newline included. */
export function progressLine(callId: string, event: ProgressEvent): string {
  return `${JSON.stringify({ call_id: callId, progress: event })}\n`;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** An event read back, checked field by field; null when it is none (then the line is a fault). */
export function progressEventOf(value: unknown): ProgressEvent | null {
  if (!isPlainObject(value) || !isCount(value.elapsed_ms)) return null;
  const elapsed_ms = value.elapsed_ms;
  switch (value.type) {
    case 'heartbeat':
      return { type: 'heartbeat', elapsed_ms };
    case 'output': {
      if (typeof value.text !== 'string' || !isCount(value.bytes)) return null;
      const event: ProgressEvent = { type: 'output', elapsed_ms, text: value.text, bytes: value.bytes };
      if (value.skipped_bytes !== undefined) {
        if (!isCount(value.skipped_bytes)) return null;
        event.skipped_bytes = value.skipped_bytes;
      }
      return event;
    }
    case 'step': {
      const kind = value.kind;
      if (typeof kind !== 'string' || !(STEP_KINDS as readonly string[]).includes(kind)) return null;
      if (typeof value.text !== 'string' || [...value.text].length > PROGRESS_STEP_MAX_CHARS || value.text.includes('\n')) return null;
      return { type: 'step', elapsed_ms, kind: kind as StepKind, text: value.text };
    }
    default:
      return null;
  }
}

/**
 * A progress line read back (a JSON object already parsed): its call_id and event, or null when the
 * object is no progress line.
 */
export function parseProgressObject(value: Record<string, unknown>): { callId: string; event: ProgressEvent } | null {
  if (!Object.hasOwn(value, 'progress') || typeof value.call_id !== 'string') return null;
  const event = progressEventOf(value.progress);
  return event === null ? null : { callId: value.call_id, event };
}
