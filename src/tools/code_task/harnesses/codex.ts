// Codex: `codex exec --json`. Codex names the session (its thread id) in its first event.
import type { HeadTail } from '../../../text/head-tail.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, HarnessUsage, LaunchRequest } from './types.js';

// Analytics, plugins and the update check off (config overrides: the user's config.toml stays as it is).
const QUIET = ['-c', 'analytics.enabled=false', '-c', 'check_for_update_on_startup=false', '--disable', 'plugins'];

function launch(request: LaunchRequest) {
  // The default `exec` sandbox is read-only; the sandbox the helper runs in is the boundary.
  const common = ['--json', '--dangerously-bypass-approvals-and-sandbox'];
  if (request.model !== null) common.push('-m', request.model);
  common.push(...QUIET);
  // `exec resume` takes no -C: it runs where it is started, which is the repository. `-` reads the
  // brief from stdin.
  const argv =
    request.resumeId !== null
      ? ['codex', 'exec', 'resume', ...common, request.resumeId, '-']
      : ['codex', 'exec', ...common, '-C', request.repo, '-'];
  return { argv, env: {} };
}

class CodexParser implements EventParser {
  private readonly state: ParserState;
  private lastMessage: HeadTail | null = null;
  private usage: HarnessUsage = {};

  constructor(limits: HarnessParserLimits) {
    this.state = new ParserState(limits);
  }

  line(text: string, clipped: boolean): void {
    const event = jsonObjectOf(text, clipped);
    if (event === null) return this.state.plain(text);
    switch (event.type) {
      case 'thread.started':
        this.state.session(stringAt(event, 'thread_id'));
        break;
      case 'item.completed': {
        const item = objectAt(event, 'item');
        const message = item?.type === 'agent_message' ? stringAt(item, 'text') : null;
        if (message !== null) this.lastMessage = this.state.message(message);
        break;
      }
      case 'turn.completed': {
        // Codex counts tokens over the whole thread, resumes included, and reports no cost.
        const usage = objectAt(event, 'usage');
        this.usage = { inputTokens: countAt(usage, 'input_tokens'), outputTokens: countAt(usage, 'output_tokens') };
        break;
      }
      case 'turn.failed':
        this.state.reportError(stringAt(objectAt(event, 'error'), 'message'));
        break;
      case 'error':
        this.state.reportError(stringAt(event, 'message'));
        break;
    }
  }

  result() {
    return this.state.events(this.lastMessage, this.usage);
  }
}

export const codexHarness: HarnessAdapter = {
  name: 'codex',
  program: 'codex',
  choosesSessionId: false,
  launch,
  parser: (limits) => new CodexParser(limits),
};
