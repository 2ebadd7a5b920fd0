// Codex: `codex exec --json`. Codex names the session (its thread id) in its first event.
import type { HeadTail } from '../../../text/head-tail.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, HarnessUsage, LaunchRequest } from './types.js';
import { statelessDeriver, step, toolCallText, type StepLimits, type StepReport } from './steps.js';
import type { JsonObject } from './events.js';

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

/** A file_change's changes: `<kind> <path>` each, joined with `, `. */
function changesText(item: JsonObject): string | null {
  const changes = Array.isArray(item.changes) ? item.changes : [];
  const texts = changes
    .filter((change): change is JsonObject => typeof change === 'object' && change !== null)
    .map((change) => [stringAt(change, 'kind'), stringAt(change, 'path')].filter((part) => part !== null).join(' '))
    .filter((text) => text !== '');
  return texts.length > 0 ? texts.join(', ') : null;
}

/** A finished item's steps: the agent's message, the files it changed, an MCP tool or a web search it used. */
function completedItemSteps(item: JsonObject, limits: StepLimits): StepReport[] {
  switch (item.type) {
    case 'agent_message':
      return step('message', stringAt(item, 'text'), limits);
    case 'file_change':
      return step('edit', changesText(item), limits);
    case 'mcp_tool_call':
      return step('tool', toolCallText(stringAt(item, 'tool') ?? 'tool', item.arguments), limits);
    case 'web_search':
      return step('tool', toolCallText('web_search', { query: item.query }), limits);
    case 'error':
      return step('error', stringAt(item, 'message'), limits);
    default:
      return [];
  }
}

/**
 * Codex's steps: a command when it starts (it may run for minutes), every other item when it is
 * complete, and its errors (a retry notice, the turn's failure).
 */
export function codexSteps(event: JsonObject, limits: StepLimits): StepReport[] {
  const item = objectAt(event, 'item');
  switch (event.type) {
    case 'item.started':
      return item?.type === 'command_execution' ? step('command', stringAt(item, 'command'), limits) : [];
    case 'item.completed':
      return item === null ? [] : completedItemSteps(item, limits);
    case 'turn.failed':
      return step('error', stringAt(objectAt(event, 'error'), 'message'), limits);
    case 'error':
      return step('error', stringAt(event, 'message'), limits);
    default:
      return [];
  }
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
  steps: (limits) => statelessDeriver((event) => codexSteps(event, limits)),
};
