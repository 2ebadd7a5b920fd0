// Gemini CLI: stream-json events. The caller picks a new session's id. It exits 0 (once 1) after a
// SIGTERM, never by the signal: a timeout is known from the runner's own flag, not from the exit. An API
// error exits with the HTTP status mod 256 (401 → 145) after a `result` event with status `error`.
import { HeadTailBuilder } from '../../../text/head-tail.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, HarnessUsage, LaunchRequest } from './types.js';
import { oneLine, step, toolCallText, type StepDeriver, type StepLimits, type StepReport } from './steps.js';
import type { JsonObject } from './events.js';
import { firstCodePoints } from '../../../text/utf8.js';

// What Gemini CLI prints on stderr at every start, whatever happens next: never the reason of a failure.
const STARTUP_NOTICES = [/^Warning: /, /^YOLO mode is enabled\./, /^Ripgrep is not available\./, /^status: \d+$/];

/**
 * Gemini CLI reports an API error as the API's JSON body in brackets,
 * `[API Error: {"error":{"code":401,"message":"…","status":"UNAUTHENTICATED"}}]`: the code, status and
 * message read better. Anything else is kept as it came.
 */
export function geminiErrorReason(message: string): string {
  const wrapped = /^\[API Error: (\{.*\})\]$/s.exec(message.trim());
  const error = wrapped === null ? null : objectAt(jsonObjectOf(wrapped[1]!, false), 'error');
  const text = stringAt(error, 'message');
  if (text === null) return message;
  const code = countAt(error, 'code');
  const status = stringAt(error, 'status');
  const label = [code, status].filter((part) => part !== undefined && part !== null).join(' ');
  return label === '' ? `API error: ${text}` : `API error ${label}: ${text}`;
}

function launch(request: LaunchRequest) {
  const argv = ['gemini', '--output-format', 'stream-json', '--approval-mode', 'yolo', '--skip-trust'];
  if (request.resumeId !== null) argv.push('--resume', request.resumeId);
  else if (request.newSessionId !== null) argv.push('--session-id', request.newSessionId);
  if (request.model !== null) argv.push('-m', request.model);
  // An empty prompt with the brief on stdin: `-p <brief>` would take a brief starting with - for an option.
  argv.push('-p', '');
  // Trust as --skip-trust says, and telemetry off; usage statistics and auto-update are settings only
  // (~/.gemini/settings.json), which the helper leaves to the image.
  return { argv, env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_TELEMETRY_ENABLED: 'false' } };
}

/** Gemini CLI's tools that write files, and its shell. */
const EDIT_TOOLS = new Set(['write_file', 'replace']);
const SHELL_TOOL = 'run_shell_command';

/**
 * Gemini CLI's steps. Its assistant messages come as deltas: they are one message step, reported when
 * the next event that is no delta comes (a tool call, the result) or the stream ends. Of the message
 * only its first characters can be shown, so only they are held. Then a tool call, a failed tool, a
 * result or an error event that says an error.
 */
export class GeminiSteps implements StepDeriver {
  private held = '';
  private holding = false;

  constructor(private readonly limits: StepLimits) {}

  event(event: JsonObject): StepReport[] {
    if (event.type === 'message' && event.role === 'assistant') {
      const content = stringAt(event, 'content');
      if (content === null) return [];
      const flushed = event.delta === true ? [] : this.end();
      // As one line, two code points past the cap are enough to cut it as the whole message would be
      // cut (a run of blanks is one space: the code point after a space is none).
      this.held = firstCodePoints(oneLine(this.held + content).trimStart(), this.limits.maxChars + 2);
      this.holding = true;
      return flushed;
    }
    return [...this.end(), ...this.otherSteps(event)];
  }

  end(): StepReport[] {
    if (!this.holding) return [];
    const message = this.held;
    this.held = '';
    this.holding = false;
    return step('message', message, this.limits);
  }

  private otherSteps(event: JsonObject): StepReport[] {
    switch (event.type) {
      case 'tool_use': {
        const name = stringAt(event, 'tool_name') ?? 'tool';
        if (name === SHELL_TOOL) return step('command', stringAt(objectAt(event, 'parameters'), 'command'), this.limits);
        return step(EDIT_TOOLS.has(name) ? 'edit' : 'tool', toolCallText(name, event.parameters), this.limits);
      }
      case 'tool_result':
        return event.status === 'error' ? step('error', stringAt(objectAt(event, 'error'), 'message') ?? 'tool error', this.limits) : [];
      case 'result':
        return event.status === 'error' ? step('error', geminiErrorReason(stringAt(objectAt(event, 'error'), 'message') ?? 'error'), this.limits) : [];
      case 'error': {
        const message = stringAt(event, 'message');
        return message === null ? [] : step('error', geminiErrorReason(message), this.limits);
      }
      default:
        return [];
    }
  }
}

class GeminiParser implements EventParser {
  private readonly state: ParserState;
  // Assistant messages come as deltas: the final message is those after the last tool event.
  private current: HeadTailBuilder;
  private usage: HarnessUsage = {};

  constructor(private readonly limits: HarnessParserLimits) {
    this.state = new ParserState(limits);
    this.current = new HeadTailBuilder(limits.finalMessageMaxBytes);
  }

  line(text: string, clipped: boolean): void {
    const event = jsonObjectOf(text, clipped);
    if (event === null) {
      if (!STARTUP_NOTICES.some((notice) => notice.test(text.trim()))) this.state.plain(text);
      return;
    }
    switch (event.type) {
      case 'init':
        this.state.session(stringAt(event, 'session_id'));
        break;
      case 'message':
        if (event.role === 'assistant') {
          const content = stringAt(event, 'content');
          if (content !== null) {
            if (event.delta !== true) this.current = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
            this.current.append(content);
          }
        }
        break;
      case 'tool_use':
      case 'tool_result':
        this.current = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
        break;
      case 'result': {
        if (event.status === 'error') this.state.reportError(geminiErrorReason(stringAt(objectAt(event, 'error'), 'message') ?? 'error'));
        const stats = objectAt(event, 'stats');
        this.usage = { inputTokens: countAt(stats, 'input_tokens'), outputTokens: countAt(stats, 'output_tokens') };
        break;
      }
      case 'error': {
        const message = stringAt(event, 'message');
        this.state.reportError(message === null ? null : geminiErrorReason(message));
        break;
      }
    }
  }

  result() {
    return this.state.events(this.current.isEmpty() ? null : this.current.value(), this.usage);
  }
}

export const geminiHarness: HarnessAdapter = {
  name: 'gemini',
  program: 'gemini',
  choosesSessionId: true,
  launch,
  parser: (limits) => new GeminiParser(limits),
  steps: (limits) => new GeminiSteps(limits),
};
