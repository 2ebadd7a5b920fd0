// A coding agent's own events as progress steps (SPEC section 9): what each adapter's stream says
// worth showing while a task runs, as `{type:'step', kind, text}`. Pure. The adapters derive steps
// from their CLI's JSON events (stepsOf* beside each parser); this module says once how a step's text
// is made, so that every CLI's steps read alike:
//
// - message: the assistant's text;
// - tool:    `<tool> <first argument>` (the first argument: the first value of the call's input that is
//            a string, a number or a boolean, in the order the CLI gave them; none: the tool alone);
// - edit:    the same for a tool that writes files (Codex, which names no tool: `<change> <path>`);
// - command: the command line alone;
// - error:   the error as the task's failure reason would say it.
//
// The text is one line: every run of blanks, line breaks and control characters is one space, the
// ends trimmed. Longer than the cap (in code points), it is its first cap − 1 code points and `…`. An
// empty text is no step. The orchestrator redacts secrets in it after the helper, on the whole step.
import type { ProgressReport, StepKind } from '../../../contract/live-calls.js';
import { clipCharsWithin } from '../../../text/clip.js';
import { jsonObjectOf, type JsonObject } from './events.js';

export type StepReport = Extract<ProgressReport, { type: 'step' }>;

export interface StepLimits {
  /** A step's text, in code points, its `…` included. */
  maxChars: number;
}

/** Blanks, line breaks (U+2028, U+2029 too) and control characters: one space each run. */
const BREAKS = /[\s\p{Cc}]+/gu;

/** The text as one line, its ends as they are. */
export function oneLine(text: string): string {
  return text.replace(BREAKS, ' ');
}

/** The step's text: one line, at most `maxChars` code points. */
export function stepText(text: string, maxChars: number): string {
  return clipCharsWithin(oneLine(text).trim(), maxChars);
}

/** A step of `kind`, or none when its text is empty. */
export function step(kind: StepKind, text: string | null, limits: StepLimits): StepReport[] {
  if (text === null) return [];
  const line = stepText(text, limits.maxChars);
  return line === '' ? [] : [{ type: 'step', kind, text: line }];
}

/** The first argument of a tool call: its input's first string, number or boolean value. */
export function firstArgument(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  for (const value of Object.values(input as JsonObject)) {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  }
  return null;
}

/** `<tool> <first argument>`, or the tool alone. */
export function toolCallText(tool: string, input: unknown): string {
  const argument = firstArgument(input);
  return argument === null ? tool : `${tool} ${argument}`;
}

/** One JSON event of a CLI's stream in, its steps out (none for most). Stateless, or with the little state a CLI needs. */
export interface StepDeriver {
  event(event: JsonObject): StepReport[];
  /** The stream ended: what was held back (Gemini's last message). */
  end(): StepReport[];
}

/**
 * The steps of a CLI's output, line by line: a line that is no JSON event is none, and a step that
 * repeats the one just reported (an error both a retry notice and the turn's failure report) is not
 * reported again.
 */
export class StepStream {
  private last: StepReport | null = null;

  constructor(private readonly deriver: StepDeriver) {}

  line(text: string, clipped: boolean): StepReport[] {
    const event = jsonObjectOf(text, clipped);
    return event === null ? [] : this.fresh(this.deriver.event(event));
  }

  end(): StepReport[] {
    return this.fresh(this.deriver.end());
  }

  private fresh(steps: StepReport[]): StepReport[] {
    const out: StepReport[] = [];
    for (const candidate of steps) {
      if (this.last !== null && this.last.kind === candidate.kind && this.last.text === candidate.text) continue;
      this.last = candidate;
      out.push(candidate);
    }
    return out;
  }
}

/** A deriver with no state: each event's steps from the event alone. */
export function statelessDeriver(steps: (event: JsonObject) => StepReport[]): StepDeriver {
  return { event: steps, end: () => [] };
}
