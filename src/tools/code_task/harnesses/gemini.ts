// Gemini CLI: stream-json events. The caller picks a new session's id.
import { HeadTailBuilder } from '../../../text/head-tail.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, HarnessUsage, LaunchRequest } from './types.js';

function launch(request: LaunchRequest) {
  const argv = ['gemini', '--output-format', 'stream-json', '--approval-mode', 'yolo', '--skip-trust'];
  if (request.resumeId !== null) argv.push('--resume', request.resumeId);
  else if (request.newSessionId !== null) argv.push('--session-id', request.newSessionId);
  if (request.model !== null) argv.push('-m', request.model);
  // An empty prompt with the brief on stdin: `-p <brief>` would take a brief starting with - for an option.
  argv.push('-p', '');
  return { argv, env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } };
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
    if (event === null) return this.state.plain(text);
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
        if (event.status === 'error') this.state.reportError(stringAt(objectAt(event, 'error'), 'message') ?? 'error');
        const stats = objectAt(event, 'stats');
        this.usage = { inputTokens: countAt(stats, 'input_tokens'), outputTokens: countAt(stats, 'output_tokens') };
        break;
      }
      case 'error':
        this.state.reportError(stringAt(event, 'message'));
        break;
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
};
