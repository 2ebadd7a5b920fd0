// The platform's output pipeline, applied to every code tool result after the helper's own cap, in
// this order: redaction, the 64 KiB cap, the remaining_tool_calls trailer. Pure.
import { PLATFORM_RESULT_MAX_BYTES, REDACT_CUT_SECRET_MIN_CHARS } from '../limits.js';
import type { ProgressEvent } from '../contract/live-calls.js';
import { CLIP_MARK } from '../text/clip.js';
import { capText } from '../text/utf8.js';
import { remainingToolCallsTrailer } from './format.js';

export { PLATFORM_RESULT_MAX_BYTES } from '../limits.js';
/** What a secret value reads as. */
export const REDACTION_MASK = '[REDACTED]';

/**
 * Every occurrence of every secret value masked. Longer values go first, so a secret that holds
 * another is masked whole, never left half shown around the shorter one's mask.
 */
export function redact(text: string, secretValues: readonly string[]): string {
  if (secretValues.length === 0) return text;
  const values = [...new Set(secretValues.filter((value) => value !== ''))].sort((a, b) => b.length - a.length);
  let result = text;
  for (const value of values) {
    if (result.includes(value)) result = result.split(value).join(REDACTION_MASK);
  }
  return result;
}

/**
 * A text that may end cut (a step at its cap, ending in CLIP_MARK): every secret masked, and a cut
 * end that is the start of a secret (REDACT_CUT_SECRET_MIN_CHARS or more of it) masked as well.
 */
export function redactCut(text: string, secretValues: readonly string[], minChars: number = REDACT_CUT_SECRET_MIN_CHARS): string {
  const result = redact(text, secretValues);
  if (!result.endsWith(CLIP_MARK)) return result;
  const body = result.slice(0, -CLIP_MARK.length);
  for (const value of secretValues) {
    for (let length = Math.min(value.length - 1, body.length); length >= minChars; length--) {
      if (body.endsWith(value.slice(0, length))) return body.slice(0, body.length - length) + REDACTION_MASK + CLIP_MARK;
    }
  }
  return result;
}

/** A progress event with its text redacted as a result is (SPEC section 9): the app never sees a secret. */
export function redactProgressEvent(event: ProgressEvent, secretValues: readonly string[]): ProgressEvent {
  if (event.type === 'heartbeat' || secretValues.length === 0) return event;
  return { ...event, text: redactCut(event.text, secretValues) };
}

export interface PipelineOptions {
  secretValues?: readonly string[];
  /** The run's remaining tool calls; no trailer when absent. */
  remainingToolCalls?: number | undefined;
}

export interface PipelineResult {
  text: string;
  /** True when the 64 KiB cap cut the text: such a read is never pointed to later. */
  cut: boolean;
}

export function applyPipeline(text: string, options: PipelineOptions = {}): PipelineResult {
  const redacted = redact(text, options.secretValues ?? []);
  const capped = capText(redacted, PLATFORM_RESULT_MAX_BYTES);
  const trailer =
    options.remainingToolCalls === undefined ? '' : remainingToolCallsTrailer(options.remainingToolCalls);
  return { text: capped + trailer, cut: capped !== redacted };
}
