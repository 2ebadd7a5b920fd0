// OpenCode: `opencode run --format json`. Its session id comes on every event from the first model reply.
import { HeadTailBuilder, type HeadTail } from '../../../text/head-tail.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, LaunchRequest } from './types.js';

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
      case 'error': {
        const error = objectAt(event, 'error');
        this.state.reportError(stringAt(objectAt(error, 'data'), 'message') ?? stringAt(error, 'name') ?? 'error');
        break;
      }
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
};
