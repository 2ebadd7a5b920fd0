// The MCP server: the code tools of one run per session, served by the SDK's low-level Server with
// our own JSON Schemas. Each call goes through CodeToolRun (the orchestrator's rules) to the
// in-process runner; shell and code_task report progress when asked, and every call stops its
// command when the client cancels it or goes away.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type ProgressToken,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_PROGRESS_INTERVAL_MS, UNKNOWN_TOOL_SHOWN_CHARS } from '../limits.js';
import { oneLine } from '../contract/envelope.js';
import type { OpName } from '../contract/tools/index.js';
import { firstCodePoints } from '../text/utf8.js';
import { CodeToolRun, type CodeToolResult } from '../orchestrator/code-tools.js';
import type { HelperRunner } from '../orchestrator/runner.js';
import { progressMessage, unknownMcpTool } from './format.js';
import { mcpTools, offeredTools, type McpToolsSettings } from './tools.js';

export const MCP_AGENT_ID = 'mcp';

export interface McpServerConfig extends McpToolsSettings {
  /** Where the calls are answered: the in-process runner (src/mcp/in-process-runner.ts). */
  runner: HelperRunner;
  /** This session's run: its working directory and logs live under ~/.runs/<runId>/. */
  runId: string;
  /** The environment every command gets (the server's own). */
  env: Readonly<Record<string, string>>;
  folderTokens?: Readonly<Record<string, string>>;
  version: string;
}

/**
 * The MCP result of a call: its text for the model; its meta for programs, in _meta, or as
 * structuredContent when asked (Claude Code and Codex hand a model the structuredContent in place
 * of the text: docs/decisions.md); a failure flagged, with its kind.
 */
export function callToolResult(result: CodeToolResult, structuredContent: boolean): CallToolResult {
  const content = [{ type: 'text' as const, text: result.text }];
  if (!result.ok) return { content, isError: true, ...(result.kind ? { _meta: { kind: result.kind } } : {}) };
  return structuredContent ? { content, structuredContent: result.meta } : { content, _meta: { meta: result.meta } };
}

/** Whether a call runs long enough to report progress: a foreground command, a code task. */
function reportsProgress(tool: OpName, args: unknown): boolean {
  if (tool === 'code_task') return true;
  if (tool !== 'shell') return false;
  return !(typeof args === 'object' && args !== null && (args as { background?: unknown }).background === true);
}

type SendNotification = (notification: ServerNotification) => Promise<void>;

/** `notifications/progress` every second while a call runs: the seconds so far, and a line saying so. */
function startProgress(tool: OpName, progressToken: ProgressToken, send: SendNotification): NodeJS.Timeout {
  const startedAt = Date.now();
  return setInterval(() => {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    send({
      method: 'notifications/progress',
      params: { progressToken, progress: seconds, message: progressMessage(tool, seconds) },
    }).catch(() => undefined);
  }, MCP_PROGRESS_INTERVAL_MS);
}

export interface McpSession {
  server: Server;
  /** Stop every call still running (their commands are stopped); resolves when all have settled. */
  stopCalls(): Promise<void>;
}

export function createMcpSession(config: McpServerConfig): McpSession {
  const run = new CodeToolRun({
    runner: config.runner,
    runId: config.runId,
    agentId: MCP_AGENT_ID,
    env: config.env,
    resultMaxBytes: config.maxBytes,
    folderTokens: config.folderTokens,
  });
  const tools = mcpTools(config);
  const offered = offeredTools(config);
  const running = new Map<AbortController, Promise<unknown>>();
  let steps = 0;

  const server = new Server(
    { name: 'guilds-code', version: config.version },
    { capabilities: { tools: { listChanged: false } } },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools as never }));

  // Registered under a schema that checks the method alone: the SDK's tools/call wrapper then checks
  // the params itself and answers a bad one with -32602 (Invalid params), where the full schema at
  // registration would fail it as an internal error.
  server.setRequestHandler(CallToolRequestSchema.pick({ method: true }).loose(), async (raw, extra) => {
    // Checked against the full schema by the wrapper before this runs.
    const request = raw as unknown as CallToolRequest;
    const name = request.params.name;
    if (!(offered as string[]).includes(name)) {
      const shown = firstCodePoints(oneLine(String(name)), UNKNOWN_TOOL_SHOWN_CHARS);
      throw new McpError(ErrorCode.InvalidParams, unknownMcpTool(shown, offered));
    }
    const tool = name as OpName;
    const step = ++steps;
    // A cancelled call gets no answer, but its command still ends and records its cd: a call that
    // comes meanwhile waits for that (at most the kill grace), so that it starts where that one ended.
    const stopping = [...running.entries()].filter(([other]) => other.signal.aborted).map(([, call]) => call);
    if (stopping.length > 0) await Promise.allSettled(stopping);
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    if (extra.signal.aborted) stop();
    else extra.signal.addEventListener('abort', stop, { once: true });

    const progressToken = request.params._meta?.progressToken;
    const ticker =
      progressToken !== undefined && reportsProgress(tool, request.params.arguments)
        ? startProgress(tool, progressToken, extra.sendNotification)
        : undefined;
    const call = run.call({
      tool,
      args: request.params.arguments ?? {},
      callId: `c${step}`,
      resultSeq: config.readPointers ? step : Number.NaN,
      signal: controller.signal,
    });
    running.set(controller, call);
    try {
      return callToolResult(await call, config.structuredContent);
    } finally {
      clearInterval(ticker);
      running.delete(controller);
      extra.signal.removeEventListener('abort', stop);
    }
  });

  return {
    server,
    async stopCalls() {
      const calls = [...running.entries()];
      for (const [controller] of calls) controller.abort();
      await Promise.allSettled(calls.map(([, call]) => call));
    },
  };
}
