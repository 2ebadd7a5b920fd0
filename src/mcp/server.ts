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
  ResultSchema,
  RootsListChangedNotificationSchema,
  type CallToolRequest,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_ROOTS_WAIT_MS, UNKNOWN_TOOL_SHOWN_CHARS } from '../limits.js';
import { isPlainObject } from '../contract/encoding.js';
import { oneLine } from '../contract/envelope.js';
import type { OpName } from '../contract/tools/index.js';
import { firstCodePoints } from '../text/utf8.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';
import { CodeToolRun, type CodeToolResult } from '../orchestrator/code-tools.js';
import type { HelperRunner } from '../orchestrator/runner.js';
import { homeFromRoots, rootOutsideHome, rootRefused, rootsUnanswered, unknownMcpTool } from './format.js';
import { callNotifier } from './progress-notifications.js';
import { isInside, rootFolder, rootUris } from './roots.js';
import { mcpTools, offeredTools, withoutClientArguments, type McpTool, type McpToolsSettings } from './tools.js';

export const MCP_AGENT_ID = 'mcp';

/** A home the server can work in: the folder (links resolved) and the runner that answers there. */
export interface OpenedHome {
  home: string;
  runner: HelperRunner;
}

export interface McpServerConfig extends Omit<McpToolsSettings, 'home'> {
  /** The home the server starts with: --home's, else the working directory. */
  start: OpenedHome;
  /** --home was given: the home stays, and the client's roots are only checked against it. */
  homeFixed: boolean;
  /** A folder named by a root, links resolved, or why it cannot be a home ("does not exist"). */
  resolveFolder(path: string): { kind: 'folder'; path: string } | { kind: 'refused'; reason: string };
  /** A home's runner (its state folder, its .runs/ prepared). */
  openHome(home: string): OpenedHome;
  /** A new run's id: each home gets a run of its own, under <home>/.runs/<runId>/. */
  newRunId(): string;
  /** One line on stderr. */
  log(line: string): void;
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

/** Whether a call runs long enough to report progress (its tool's descriptor says): a foreground command, a code task. */
function reportsProgress(tool: OpName, args: unknown): boolean {
  return TOOL_DESCRIPTORS[tool].reportsProgress(isPlainObject(args) ? args : {});
}

/**
 * Whether the runner hands on this call's events as they come (the in-process runner: guilds-code's
 * calls; code_task's once its harness streams). A call its checks refuse answers at once.
 */
function streamsProgress(runner: HelperRunner, run: CodeToolRun, tool: OpName, args: unknown, callId: string): boolean {
  try {
    return runner.streamsProgress?.(run.checkCall(tool, args, callId, true)) === true;
  } catch {
    return false;
  }
}

export interface McpSession {
  server: Server;
  /** Stop every call still running (their commands are stopped); resolves when all have settled. */
  stopCalls(): Promise<void>;
}

/**
 * The roots of a client that lists them: each one a local folder, or refused in a line; with --home,
 * each one inside the home, or said. The first that may be the home, with its URI.
 */
function firstUsableRoot(uris: readonly string[], config: McpServerConfig): { path: string; uri: string } | undefined {
  let chosen: { path: string; uri: string } | undefined;
  for (const uri of uris) {
    const named = rootFolder(uri);
    const folder = named.kind === 'folder' ? config.resolveFolder(named.path) : named;
    if (folder.kind === 'refused') config.log(rootRefused(uri, folder.reason));
    else if (config.homeFixed && !isInside(folder.path, config.start.home)) config.log(rootOutsideHome(uri, config.start.home));
    else chosen ??= { path: folder.path, uri };
  }
  return chosen;
}

/**
 * The session's home: the start's, or without --home the client's first usable root, read after
 * initialization and on each notifications/roots/list_changed. A new home starts a new run; calls
 * and tools/list wait for the roots being read. The first read comes before any list of tools is
 * answered, so only a later change is announced.
 */
function followRoots(server: Server, config: McpServerConfig): { current(): Promise<HomeRun> } {
  let current = startRun(config, config.start);
  let rootsRead: Promise<void> = Promise.resolve();

  const readRoots = async (announce: boolean): Promise<void> => {
    let uris: string[] | string;
    try {
      uris = rootUris(await server.request({ method: 'roots/list' }, ResultSchema, { timeout: MCP_ROOTS_WAIT_MS }));
    } catch (error) {
      uris = errorMessageOf(error);
    }
    if (typeof uris === 'string') return config.log(rootsUnanswered(uris, current.home));
    const chosen = firstUsableRoot(uris, config);
    if (config.homeFixed) return;
    const home = chosen?.path ?? config.start.home;
    if (home === current.home) return;
    let opened = config.start;
    try {
      if (home !== config.start.home) opened = config.openHome(home);
    } catch (error) {
      return config.log(rootRefused(chosen!.uri, `a folder the server cannot work in (${errorMessageOf(error)})`));
    }
    current = startRun(config, opened);
    config.log(homeFromRoots(home, chosen !== undefined));
    if (announce) await server.sendToolListChanged().catch(() => undefined);
  };

  const rootsChanged = (announce: boolean): void => {
    if (!server.getClientCapabilities()?.roots) return;
    if (config.homeFixed) void readRoots(false);
    else rootsRead = rootsRead.then(() => readRoots(announce));
  };
  server.oninitialized = () => rootsChanged(false);
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => rootsChanged(true));
  return {
    async current() {
      await rootsRead;
      return current;
    },
  };
}

/** One home's run: its CodeToolRun (working directory, pointers), its runner and its tools' descriptions. */
interface HomeRun {
  home: string;
  run: CodeToolRun;
  runner: HelperRunner;
  tools: McpTool[];
}

/** A new run at a home. */
function startRun(config: McpServerConfig, opened: OpenedHome): HomeRun {
  return {
    home: opened.home,
    runner: opened.runner,
    run: new CodeToolRun({
      runner: opened.runner,
      runId: config.newRunId(),
      agentId: MCP_AGENT_ID,
      env: config.env,
      resultMaxBytes: config.maxBytes,
      folderTokens: config.folderTokens,
    }),
    tools: mcpTools({ ...config, home: opened.home }),
  };
}

/** What the SDK hands a request's handler: the client's cancel and the way to notify it. */
type CallExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/** The calls of one session: their number, and those running with the controller that cancels each. */
interface SessionCalls {
  steps: number;
  readonly running: Map<AbortController, Promise<unknown>>;
}

/**
 * A tools/call, answered: the tool run through the session's home's CodeToolRun with the client's
 * cancel and progress token, or a tool not offered refused as invalid params.
 */
async function answerCall(config: McpServerConfig, home: ReturnType<typeof followRoots>, calls: SessionCalls, request: CallToolRequest, extra: CallExtra): Promise<unknown> {
  const offered = offeredTools(config);
  const name = request.params.name;
  if (!(offered as string[]).includes(name)) {
    const shown = firstCodePoints(oneLine(String(name)), UNKNOWN_TOOL_SHOWN_CHARS);
    throw new McpError(ErrorCode.InvalidParams, unknownMcpTool(shown, offered));
  }
  const tool = name as OpName;
  const { run, runner } = await home.current();
  const step = ++calls.steps;
  // A cancelled call gets no answer, but its command still ends and records its cd: a call that
  // comes meanwhile waits for that (at most the kill grace), so that it starts where that one ended.
  const stopping = [...calls.running.entries()].filter(([other]) => other.signal.aborted).map(([, call]) => call);
  if (stopping.length > 0) await Promise.allSettled(stopping);
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  if (extra.signal.aborted) stop();
  else extra.signal.addEventListener('abort', stop, { once: true });

  const args = withoutClientArguments(request.params.arguments ?? {});
  const callId = `c${step}`;
  const notifier = callNotifier({
    tool,
    progressToken: request.params._meta?.progressToken,
    reports: reportsProgress(tool, args),
    streams: streamsProgress(runner, run, tool, args, callId),
    send: extra.sendNotification,
  });
  const call = run.call({ tool, args, callId, resultSeq: config.readPointers ? step : Number.NaN, signal: controller.signal, onProgress: notifier.onProgress });
  calls.running.set(controller, call);
  try {
    return callToolResult(await call, config.structuredContent);
  } finally {
    notifier.stop();
    calls.running.delete(controller);
    extra.signal.removeEventListener('abort', stop);
  }
}

export function createMcpSession(config: McpServerConfig): McpSession {
  const calls: SessionCalls = { steps: 0, running: new Map() };
  const server = new Server(
    { name: 'guilds-code', version: config.version },
    { capabilities: { tools: { listChanged: !config.homeFixed } } },
  );
  const home = followRoots(server, config);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await home.current()).tools as never }));
  // Registered under a schema that checks the method alone: the SDK's tools/call wrapper then checks
  // the params itself and answers a bad one with -32602 (Invalid params), where the full schema at
  // registration would fail it as an internal error. The wrapper checks it against the full schema
  // before this runs.
  server.setRequestHandler(CallToolRequestSchema.pick({ method: true }).loose(), async (raw, extra) =>
    (await answerCall(config, home, calls, raw as unknown as CallToolRequest, extra)) as never,
  );
  return {
    server,
    async stopCalls() {
      const running = [...calls.running.entries()];
      for (const [controller] of running) controller.abort();
      await Promise.allSettled(running.map(([, call]) => call));
    },
  };
}

/** An error's message on one line, without the SDK's `MCP error <code>: `. */
function errorMessageOf(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error)).replace(/^MCP error -?\d+: /, '');
}
