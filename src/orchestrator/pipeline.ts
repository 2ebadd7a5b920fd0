// The platform's output pipeline, applied to every code tool result after the helper's own cap, in
// this order: redaction, the 64 KiB cap, the remaining_tool_calls trailer. Pure.
import { PLATFORM_RESULT_MAX_BYTES } from '../limits.js';
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
  const values = [...new Set(secretValues.filter((value) => value !== ''))].sort((a, b) => b.length - a.length);
  let result = text;
  for (const value of values) {
    if (result.includes(value)) result = result.split(value).join(REDACTION_MASK);
  }
  return result;
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
