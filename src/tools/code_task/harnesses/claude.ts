// Claude Code: `claude -p` with stream-json events. The caller picks a new session's id.
import type { HarnessAdapter, LaunchRequest } from './types.js';
import { countAt, jsonObjectOf, objectAt, ParserState, stringAt, type JsonObject } from './events.js';
import type { HeadTail } from '../../../text/head-tail.js';
import type { HarnessParserLimits, EventParser, HarnessUsage } from './types.js';
import { statelessDeriver, step, toolCallText, type StepLimits, type StepReport } from './steps.js';

function launch(request: LaunchRequest) {
  const argv = ['claude', '-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions'];
  if (request.resumeId !== null) argv.push('--resume', request.resumeId);
  else if (request.newSessionId !== null) argv.push('--session-id', request.newSessionId);
  if (request.model !== null) argv.push('--model', request.model);
  return {
    argv,
    env: {
      // The sandbox is the boundary: as root, bypassPermissions is refused without it.
      IS_SANDBOX: '1',
      // Telemetry, update checks and error reports off; the telemetry switches alone still reach the API host.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      // Said on its own too: an installed CLI that updates itself mid-task would change under the run.
      DISABLE_AUTOUPDATER: '1',
    },
  };
}

/** The text blocks of an assistant message, joined. */
function assistantText(event: JsonObject): string | null {
  const content = objectAt(event, 'message')?.content;
  if (!Array.isArray(content)) return null;
  const texts = content
    .filter((block): block is JsonObject => typeof block === 'object' && block !== null && (block as JsonObject).type === 'text')
    .map((block) => block.text)
    .filter((text): text is string => typeof text === 'string');
  return texts.length > 0 ? texts.join('\n') : null;
}

/** This call's cost: the models' cost since the last result when given (total_cost_usd adds up every resume). */
function costOf(event: JsonObject): number | undefined {
  const sinceLast = objectAt(event, 'model_usage_since_last_result');
  if (sinceLast !== null) {
    let sum = 0;
    let found = false;
    for (const model of Object.values(sinceLast)) {
      const cost = countAt(typeof model === 'object' && model !== null ? (model as JsonObject) : null, 'costUSD');
      if (cost !== undefined) {
        sum += cost;
        found = true;
      }
    }
    if (found) return sum;
  }
  return countAt(event, 'total_cost_usd');
}

/** Claude Code's tools that write files, and its shell. */
const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
const SHELL_TOOL = 'Bash';

function blocksOf(event: JsonObject): JsonObject[] {
  const content = objectAt(event, 'message')?.content;
  return Array.isArray(content) ? content.filter((block): block is JsonObject => typeof block === 'object' && block !== null) : [];
}

/** A tool result's words: its text, or its text blocks joined. */
function resultText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content.map((block) => (typeof block === 'object' && block !== null ? (block as JsonObject).text : null));
  const found = texts.filter((text): text is string => typeof text === 'string');
  return found.length > 0 ? found.join(' ') : null;
}

function assistantBlockSteps(block: JsonObject, limits: StepLimits): StepReport[] {
  if (block.type === 'text') return step('message', stringAt(block, 'text'), limits);
  if (block.type !== 'tool_use') return [];
  const name = stringAt(block, 'name') ?? 'tool';
  if (name === SHELL_TOOL) return step('command', stringAt(objectAt(block, 'input'), 'command'), limits);
  return step(EDIT_TOOLS.has(name) ? 'edit' : 'tool', toolCallText(name, block.input), limits);
}

/** A tool that failed (a file not read before its edit, a command refused): the CLI's own words. */
function userBlockSteps(block: JsonObject, limits: StepLimits): StepReport[] {
  return block.type === 'tool_result' && block.is_error === true ? step('error', resultText(block.content), limits) : [];
}

/**
 * Claude Code's steps: each block of an assistant message (its text, a tool call), a failed tool's
 * result, and a result that is an error (the reason its parser gives).
 */
export function claudeSteps(event: JsonObject, limits: StepLimits): StepReport[] {
  if (event.type === 'assistant') return blocksOf(event).flatMap((block) => assistantBlockSteps(block, limits));
  if (event.type === 'user') return blocksOf(event).flatMap((block) => userBlockSteps(block, limits));
  if (event.type === 'result' && event.is_error === true) return step('error', resultErrorReason(event), limits);
  return [];
}

/** An error result's reason: its text, else the API status, else the terminal reason. */
function resultErrorReason(event: JsonObject): string {
  const status = countAt(event, 'api_error_status');
  return stringAt(event, 'result') ?? (status !== undefined ? `API error ${status}` : stringAt(event, 'terminal_reason') ?? 'error');
}

class ClaudeParser implements EventParser {
  private readonly state: ParserState;
  private lastAssistant: HeadTail | null = null;
  private resultText: HeadTail | null = null;
  private usage: HarnessUsage = {};

  constructor(limits: HarnessParserLimits) {
    this.state = new ParserState(limits);
  }

  line(text: string, clipped: boolean): void {
    const event = jsonObjectOf(text, clipped);
    if (event === null) return this.state.plain(text);
    this.state.session(stringAt(event, 'session_id'));
    if (event.type === 'assistant') {
      const message = assistantText(event);
      if (message !== null) this.lastAssistant = this.state.message(message);
    } else if (event.type === 'result') {
      const result = stringAt(event, 'result');
      if (event.is_error === true) {
        // An API error still says subtype "success": is_error tells, and the result text says why.
        this.state.reportError(resultErrorReason(event));
        // The same words came as an assistant message too: they are the reason, not an answer.
        this.lastAssistant = null;
        this.resultText = null;
      } else if (result !== null) {
        this.resultText = this.state.message(result);
      }
      const usage = objectAt(event, 'usage');
      this.usage = {
        turns: countAt(event, 'num_turns'),
        inputTokens: countAt(usage, 'input_tokens'),
        outputTokens: countAt(usage, 'output_tokens'),
        costUsd: costOf(event),
      };
    }
  }

  result() {
    return this.state.events(this.resultText ?? this.lastAssistant, this.usage);
  }
}

export const claudeHarness: HarnessAdapter = {
  name: 'claude',
  program: 'claude',
  choosesSessionId: true,
  launch,
  parser: (limits) => new ClaudeParser(limits),
  steps: (limits) => statelessDeriver((event) => claudeSteps(event, limits)),
};
