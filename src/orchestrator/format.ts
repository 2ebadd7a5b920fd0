// Every sentence the orchestrator itself adds to what the model reads: its own errors (before the
// helper is called), the repeated-read pointer and the remaining-calls trailer.
import { ToolError } from '../contract/errors.js';

export function argumentsNotJson(tool: string): ToolError {
  return new ToolError('invalid_request', `${tool}: the arguments are not valid JSON`);
}

export function argumentsNotObject(tool: string): ToolError {
  return new ToolError('invalid_request', `${tool}: the arguments must be a JSON object`);
}

/** `shown`: the name as called, on one line and clipped; `tools`: the code tools, in order. */
export function unknownTool(shown: string, tools: readonly string[]): ToolError {
  return new ToolError('invalid_request', `unknown tool '${shown}' (the code tools are ${tools.join(', ')})`);
}

/** The one line a repeated read returns. */
export function pointerText(displayPath: string, range: [number, number], seq: number): string {
  return `${displayPath} lines ${range[0]}–${range[1]}: unchanged since step ${seq}; read that result.`;
}

/** A blank line, then the count, so that the model never reads it as part of a command's output. */
export function remainingToolCallsTrailer(remaining: number): string {
  return `\n\nremaining_tool_calls: ${remaining}`;
}

/** A call that was not read-only, lost with the warm stream: it may have run, so it is not run again. */
export const STREAM_ENDED_DURING_CALL = "the helper's stream ended during the call; it may have run";

/** Said once per run, to an app that asked for progress over a sandbox that runs calls cold. */
export const PROGRESS_NOT_STREAMED = 'this sandbox runs each call cold: its progress is not shown while it runs, only its answer';
