// OpenCode: `opencode run --format json`. Its session id comes on every event from the first model reply.
import { HeadTailBuilder, type HeadTail } from '../../../text/head-tail.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, LaunchRequest } from './types.js';
import { statelessDeriver, step, toolCallText, type StepLimits, type StepReport } from './steps.js';
import type { JsonObject } from './events.js';

function launch(request: LaunchRequest) {
  // --auto approves what the default agent would ask about (a path outside the repository, a repeated
  // tool call, a .env file): the sandbox is the boundary. The brief comes on stdin.
  const argv = ['opencode', 'run', '--format', 'json', '--auto', '--dir', request.repo];
  if (request.model !== null) argv.push('-m', request.model);
  if (request.resumeId !== null) argv.push('--session', request.resumeId);
  return {
    argv,
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      // The model list from models.dev, language servers from GitHub, and shared session links.
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
    },
  };
}

/** OpenCode's tools that write files, and its shell. */
const EDIT_TOOLS = new Set(['write', 'edit', 'multiedit', 'patch']);
const SHELL_TOOL = 'bash';

/** A tool call, once its part says it ran, and its error when it failed. */
function toolSteps(part: JsonObject | null, limits: StepLimits): StepReport[] {
  const name = stringAt(part, 'tool') ?? 'tool';
  const state = objectAt(part, 'state');
  const input = objectAt(state, 'input');
  const call =
    name === SHELL_TOOL
      ? step('command', stringAt(input, 'command'), limits)
      : step(EDIT_TOOLS.has(name) ? 'edit' : 'tool', toolCallText(name, input), limits);
  return state?.status === 'error' ? [...call, ...step('error', stringAt(state, 'error') ?? `${name} failed`, limits)] : call;
}

/** OpenCode's steps: a text part, a tool call (its events come once it ran), an error (as its parser reads it). */
export function opencodeSteps(event: JsonObject, limits: StepLimits): StepReport[] {
  const part = objectAt(event, 'part');
  switch (event.type) {
    case 'text':
      return step('message', stringAt(part, 'text'), limits);
    case 'tool_use':
      return toolSteps(part, limits);
    case 'error':
      return step('error', opencodeErrorReason(event), limits);
    default:
      return [];
  }
}

function opencodeErrorReason(event: JsonObject): string {
  const error = objectAt(event, 'error');
  return stringAt(objectAt(error, 'data'), 'message') ?? stringAt(error, 'name') ?? 'error';
}

class OpenCodeParser implements EventParser {
  private readonly state: ParserState;
  private stepText: HeadTailBuilder;
  private lastText: HeadTail | null = null;
  private steps = 0;
  private inputTokens: number | undefined;
  private outputTokens: number | undefined;
  private costUsd: number | undefined;

  constructor(private readonly limits: HarnessParserLimits) {
    this.state = new ParserState(limits);
    this.stepText = new HeadTailBuilder(limits.finalMessageMaxBytes);
  }

  line(text: string, clipped: boolean): void {
    const event = jsonObjectOf(text, clipped);
    if (event === null) return this.state.plain(text);
    this.state.session(stringAt(event, 'sessionID'));
    const part = objectAt(event, 'part');
    switch (event.type) {
      case 'step_start':
        this.stepText = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
        break;
      case 'text': {
        const piece = stringAt(part, 'text');
        if (piece !== null) {
          this.stepText.append(piece);
          this.lastText = this.stepText.value();
        }
        break;
      }
      case 'step_finish': {
        this.steps++;
        const tokens = objectAt(part, 'tokens');
        this.inputTokens = add(this.inputTokens, countAt(tokens, 'input'));
        this.outputTokens = add(this.outputTokens, countAt(tokens, 'output'));
        this.costUsd = add(this.costUsd, countAt(part, 'cost'));
        break;
      }
      case 'error':
        this.state.reportError(opencodeErrorReason(event));
        break;
    }
  }

  result() {
    return this.state.events(this.lastText, {
      turns: this.steps > 0 ? this.steps : undefined,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      costUsd: this.costUsd,
    });
  }
}

function add(total: number | undefined, value: number | undefined): number | undefined {
  return value === undefined ? total : (total ?? 0) + value;
}

export const opencodeHarness: HarnessAdapter = {
  name: 'opencode',
  program: 'opencode',
  choosesSessionId: false,
  launch,
  parser: (limits) => new OpenCodeParser(limits),
  steps: (limits) => statelessDeriver((event) => opencodeSteps(event, limits)),
};
