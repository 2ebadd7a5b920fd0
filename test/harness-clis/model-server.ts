// A scripted model server for the harness CLIs: just enough of the Anthropic Messages API (Claude
// Code), the OpenAI Responses API (Codex), OpenAI Chat Completions (OpenCode) and the Gemini API
// (Gemini CLI), streaming, to drive a CLI through a task without a real model or the network.
//
// What the model does is read from the conversation the CLI sends, so a test scripts a turn with the
// words of its brief:
//   WRITE_FILE(<path>)  call the CLI's own write tool to create <path> (relative to the CLI's working
//                       directory, or absolute), then, once the tool result is back, finish with
//                       `FAKE_DONE <path> | markers=[…]`
//   FAKE_ERROR(<status>) answer that HTTP status with the body the real API sends for it
//   FAKE_HANG           accept the request and never answer (the connection bound ends it)
//   anything else       reply `FAKE_REPLY | markers=[…]`
// `markers=[…]` lists every `MARK-<word>` found in the user's messages of the conversation, in order,
// so a resumed session shows that the first turn's brief was carried. A test may pass its own `script`
// to decide differently.
//
// Bounded in time: it binds 127.0.0.1 on a free port, every connection is destroyed after
// `connectionTimeoutMs`, and the whole server closes itself after `lifetimeMs`, so a test never hangs
// on it. Every request is logged (method, path, headers, body) for a test to assert what a CLI sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isAbsolute, join } from 'node:path';

export type Api = 'anthropic' | 'responses' | 'chat' | 'gemini' | 'gemini-generate' | 'other';

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly api: Api;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body, or the raw text when it is not JSON (empty string when there is none). */
  readonly body: unknown;
  /** What the server answered, as a short label (`text`, `tool:<name>`, `error:401`, `hang`, …). */
  action: string;
}

/** One entry of a conversation, whichever API carried it. */
export interface ConversationEntry {
  readonly role: 'system' | 'user' | 'assistant';
  readonly kind: 'text' | 'tool_call' | 'tool_result';
  readonly text: string;
}

export interface Turn {
  readonly api: Api;
  readonly model: string;
  readonly entries: readonly ConversationEntry[];
  /** The user message the directives are read from: the last one that carries a marker or directive. */
  readonly prompt: string;
  /** Whether a tool result came back after that prompt (the write happened: time to finish). */
  readonly toolResultAfterPrompt: boolean;
  readonly markers: readonly string[];
  /** Names of the tools the request offers. */
  readonly tools: readonly string[];
  /** The CLI's working directory when the request states it, else null. */
  readonly cwd: string | null;
}

export type Action =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'write_file'; readonly path: string; readonly content: string }
  /** Call a tool the request offers by its name (an MCP server's tool, say), with these arguments. */
  | { readonly kind: 'tool_call'; readonly name: string; readonly input: Readonly<Record<string, unknown>>; readonly namespace?: string }
  /** Search the CLI's deferred tools (Codex's client-side tool_search); the Responses API only. */
  | { readonly kind: 'tool_search'; readonly query: string }
  | { readonly kind: 'error'; readonly status: number; readonly message?: string }
  | { readonly kind: 'hang' };

export interface ModelServerOptions {
  /** Decides a turn; return undefined to fall back to the directives of the brief. */
  readonly script?: (turn: Turn) => Action | undefined;
  /** Any connection is destroyed after this long. */
  readonly connectionTimeoutMs?: number;
  /** The server closes itself (and every connection) after this long. */
  readonly lifetimeMs?: number;
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly requests: LoggedRequest[];
  close(): Promise<void>;
}

export const DEFAULT_CONNECTION_TIMEOUT_MS = 120_000;
export const DEFAULT_LIFETIME_MS = 15 * 60_000;
export const MAX_REQUEST_BODY_BYTES = 32 * 1024 * 1024;
export const WRITTEN_FILE_CONTENT = 'hello from fake model\n';
const INPUT_TOKENS = 10;
const OUTPUT_TOKENS = 5;

/** Each API's own write tool, as the CLI that speaks it names it. */
export const WRITE_TOOL: Readonly<Record<'anthropic' | 'responses' | 'chat' | 'gemini', string>> = {
  anthropic: 'Write',
  responses: 'apply_patch',
  chat: 'write',
  gemini: 'write_file',
};

// ---------------------------------------------------------------------------------------------------
// The script: from a conversation to an action.

const MARKER = /MARK-[A-Za-z0-9_]+/g;
const DIRECTIVE = /WRITE_FILE\(|FAKE_ERROR\(|FAKE_HANG|FAKE_REPLY/;

export function defaultAction(turn: Turn): Action {
  const hang = /FAKE_HANG/.test(turn.prompt);
  if (hang) return { kind: 'hang' };
  const error = /FAKE_ERROR\((\d{3})\)/.exec(turn.prompt);
  if (error) return { kind: 'error', status: Number(error[1]) };
  const markers = `markers=[${turn.markers.join(',')}]`;
  const write = /WRITE_FILE\(([^)\s]+)\)/.exec(turn.prompt);
  if (write) {
    const path = write[1]!;
    if (turn.toolResultAfterPrompt) return { kind: 'text', text: `FAKE_DONE ${path} | ${markers}` };
    // A request that offers no tools is a side request (a session title, a summary): answer in words.
    if (turn.tools.length === 0) return { kind: 'text', text: `FAKE_SIDE_REPLY | ${markers}` };
    return { kind: 'write_file', path, content: WRITTEN_FILE_CONTENT };
  }
  return { kind: 'text', text: `FAKE_REPLY | ${markers}` };
}

// Where each CLI states its working directory in what it sends (system prompt or context message).
const CWD_PATTERNS = [
  /<cwd>([^<\n]+)<\/cwd>/,
  /Primary working directory: *(\/[^\s`]+)/,
  /Working directory: *(\/[^\s`]+)/,
  /working in the directory:? *`?(\/[^\s`]+?)`?[.\s]/i,
  /current working directory(?: is)?:? *`?(\/[^\s`]+?)`?[.\s]/i,
];

export function findCwd(entries: readonly ConversationEntry[]): string | null {
  for (const pattern of CWD_PATTERNS) {
    for (const entry of entries) {
      if (entry.kind !== 'text' || entry.role === 'assistant') continue;
      const found = pattern.exec(entry.text);
      if (found) return found[1]!.replace(/[.,;:]$/, '');
    }
  }
  return null;
}

export function makeTurn(api: Api, model: string, entries: readonly ConversationEntry[], tools: readonly string[]): Turn {
  const userTexts = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.role === 'user' && entry.kind === 'text');
  const scripted = userTexts.filter(({ entry }) => DIRECTIVE.test(entry.text) || /MARK-/.test(entry.text));
  const prompt = scripted.at(-1) ?? userTexts.at(-1);
  const promptIndex = prompt?.index ?? -1;
  const markers: string[] = [];
  for (const { entry } of userTexts) {
    for (const marker of entry.text.match(MARKER) ?? []) if (!markers.includes(marker)) markers.push(marker);
  }
  return {
    api,
    model,
    entries,
    prompt: prompt?.entry.text ?? '',
    toolResultAfterPrompt: entries.slice(promptIndex + 1).some((entry) => entry.kind === 'tool_result'),
    markers,
    tools,
    cwd: findCwd(entries),
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading each API's request into a conversation.

type Json = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asString = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

function textOfBlocks(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((block) => {
      const object = asObject(block);
      return typeof object.text === 'string' ? object.text : '';
    })
    .join('\n');
}

function anthropicConversation(body: Json): { entries: ConversationEntry[]; tools: string[] } {
  const entries: ConversationEntry[] = [];
  const system = textOfBlocks(body.system);
  if (system) entries.push({ role: 'system', kind: 'text', text: system });
  for (const message of asArray(body.messages)) {
    const { role, content } = asObject(message);
    const speaker = role === 'assistant' ? 'assistant' : 'user';
    if (typeof content === 'string') {
      entries.push({ role: speaker, kind: 'text', text: content });
      continue;
    }
    for (const block of asArray(content)) {
      const object = asObject(block);
      if (object.type === 'text') entries.push({ role: speaker, kind: 'text', text: asString(object.text) });
      else if (object.type === 'tool_use') entries.push({ role: speaker, kind: 'tool_call', text: `${asString(object.name)} ${asString(object.input)}` });
      else if (object.type === 'tool_result') entries.push({ role: speaker, kind: 'tool_result', text: textOfBlocks(object.content) });
    }
  }
  const tools = asArray(body.tools).map((tool) => asString(asObject(tool).name));
  return { entries, tools };
}

function responsesConversation(body: Json): { entries: ConversationEntry[]; tools: string[]; customApplyPatch: boolean } {
  const entries: ConversationEntry[] = [];
  if (typeof body.instructions === 'string') entries.push({ role: 'system', kind: 'text', text: body.instructions });
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : asArray(body.input);
  for (const item of input) {
    const object = asObject(item);
    const type = object.type ?? 'message';
    if (type === 'message') {
      const role = object.role === 'assistant' ? 'assistant' : object.role === 'user' ? 'user' : 'system';
      entries.push({ role, kind: 'text', text: textOfBlocks(object.content) });
    } else if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
      entries.push({ role: 'assistant', kind: 'tool_call', text: `${asString(object.name)} ${asString(object.arguments ?? object.input)}` });
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output' || type === 'local_shell_call_output') {
      entries.push({ role: 'user', kind: 'tool_result', text: textOfBlocks(object.output) });
    } else if (type === 'tool_search_call') {
      entries.push({ role: 'assistant', kind: 'tool_call', text: `tool_search ${asString(object.arguments)}` });
    } else if (type === 'tool_search_output') {
      entries.push({ role: 'user', kind: 'tool_result', text: asString(object.tools) });
    }
  }
  const toolObjects = asArray(body.tools).map(asObject);
  const tools = toolObjects.map((tool) => asString(tool.name ?? tool.type));
  const customApplyPatch = toolObjects.some((tool) => tool.name === 'apply_patch' && tool.type === 'custom');
  return { entries, tools, customApplyPatch };
}

function chatConversation(body: Json): { entries: ConversationEntry[]; tools: string[] } {
  const entries: ConversationEntry[] = [];
  for (const message of asArray(body.messages)) {
    const object = asObject(message);
    if (object.role === 'tool') {
      entries.push({ role: 'user', kind: 'tool_result', text: textOfBlocks(object.content) });
      continue;
    }
    const role = object.role === 'assistant' ? 'assistant' : object.role === 'user' ? 'user' : 'system';
    const text = textOfBlocks(object.content);
    if (text) entries.push({ role, kind: 'text', text });
    for (const call of asArray(object.tool_calls)) {
      const fn = asObject(asObject(call).function);
      entries.push({ role: 'assistant', kind: 'tool_call', text: `${asString(fn.name)} ${asString(fn.arguments)}` });
    }
  }
  const tools = asArray(body.tools).map((tool) => asString(asObject(asObject(tool).function).name));
  return { entries, tools };
}

function geminiConversation(body: Json): { entries: ConversationEntry[]; tools: string[] } {
  const entries: ConversationEntry[] = [];
  const system = textOfBlocks(asObject(body.systemInstruction).parts);
  if (system) entries.push({ role: 'system', kind: 'text', text: system });
  for (const content of asArray(body.contents)) {
    const object = asObject(content);
    const role = object.role === 'model' ? 'assistant' : 'user';
    for (const part of asArray(object.parts)) {
      const p = asObject(part);
      if (typeof p.text === 'string') entries.push({ role, kind: 'text', text: p.text });
      else if (p.functionCall) entries.push({ role, kind: 'tool_call', text: asString(p.functionCall) });
      else if (p.functionResponse) entries.push({ role: 'user', kind: 'tool_result', text: asString(p.functionResponse) });
    }
  }
  const tools = asArray(body.tools).flatMap((tool) =>
    asArray(asObject(tool).functionDeclarations).map((declaration) => asString(asObject(declaration).name)),
  );
  return { entries, tools };
}

// ---------------------------------------------------------------------------------------------------
// HTTP errors as each API sends them.

const ANTHROPIC_ERROR_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};
const OPENAI_ERROR: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
  500: { type: 'server_error', code: null },
  503: { type: 'server_error', code: null },
};
const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
// The messages each API gives for the statuses a test is likely to script; others get a generic one.
const ERROR_MESSAGE: Record<'anthropic' | 'openai' | 'google', Record<number, string>> = {
  anthropic: {
    400: 'Invalid request.',
    401: 'invalid x-api-key',
    403: 'Your API key does not have permission to use the specified resource.',
    404: 'model: not found',
    429: 'Number of request tokens has exceeded your per-minute rate limit.',
    500: 'Internal server error',
    529: 'Overloaded',
  },
  openai: {
    400: 'Invalid request.',
    401: 'Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.',
    403: 'Country, region, or territory not supported',
    404: 'The model does not exist or you do not have access to it.',
    429: 'Rate limit reached. Please try again later.',
    500: 'The server had an error while processing your request. Sorry about that!',
    503: 'The engine is currently overloaded, please try again later',
  },
  google: {
    400: 'API key not valid. Please pass a valid API key.',
    401: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    403: 'The caller does not have permission',
    404: 'models/fake-model is not found for API version v1beta.',
    429: 'Resource has been exhausted (e.g. check quota).',
    500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    503: 'The model is overloaded. Please try again later.',
  },
};

export function errorBody(api: Api, status: number, message?: string): Json {
  const family = api === 'anthropic' ? 'anthropic' : api === 'gemini' || api === 'gemini-generate' ? 'google' : 'openai';
  message ??= ERROR_MESSAGE[family][status] ?? `HTTP ${status}`;
  if (api === 'anthropic') return { type: 'error', error: { type: ANTHROPIC_ERROR_TYPE[status] ?? 'api_error', message } };
  if (api === 'gemini' || api === 'gemini-generate') return { error: { code: status, message, status: GOOGLE_STATUS[status] ?? 'UNKNOWN' } };
  const openai = OPENAI_ERROR[status] ?? { type: 'server_error', code: null };
  return { error: { message, type: openai.type, param: null, code: openai.code } };
}

// ---------------------------------------------------------------------------------------------------
// Streaming each API's answer.

interface Ids {
  next(prefix: string): string;
}

function sse(response: ServerResponse, events: ReadonlyArray<{ event?: string; data: unknown }>): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const { event, data } of events) {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    response.write(`${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`);
  }
  response.end();
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function resolvedPath(turn: Turn, path: string): string {
  return isAbsolute(path) || turn.cwd === null ? path : join(turn.cwd, path);
}

function answerAnthropic(response: ServerResponse, turn: Turn, action: Action, stream: boolean, ids: Ids): string {
  const messageId = ids.next('msg');
  let block: Json;
  let stopReason: string;
  let label: string;
  if (action.kind === 'write_file') {
    block = { type: 'tool_use', id: ids.next('toolu'), name: WRITE_TOOL.anthropic, input: { file_path: resolvedPath(turn, action.path), content: action.content } };
    stopReason = 'tool_use';
    label = `tool:${WRITE_TOOL.anthropic}`;
  } else if (action.kind === 'tool_call') {
    block = { type: 'tool_use', id: ids.next('toolu'), name: action.name, input: action.input };
    stopReason = 'tool_use';
    label = `tool:${action.name}`;
  } else {
    block = { type: 'text', text: action.kind === 'text' ? action.text : '' };
    stopReason = 'end_turn';
    label = 'text';
  }
  const usage = { input_tokens: INPUT_TOKENS, output_tokens: OUTPUT_TOKENS, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (!stream) {
    json(response, 200, { id: messageId, type: 'message', role: 'assistant', model: turn.model, content: [block], stop_reason: stopReason, stop_sequence: null, usage });
    return label;
  }
  const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
  const delta = block.type === 'tool_use' ? { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } : { type: 'text_delta', text: block.text };
  sse(response, [
    { event: 'message_start', data: { type: 'message_start', message: { id: messageId, type: 'message', role: 'assistant', model: turn.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: start } },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: OUTPUT_TOKENS } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
  return label;
}

/** A patch that creates `path` with `content` (apply_patch's own format; paths relative to the cwd). */
export function addFilePatch(path: string, content: string): string {
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  return `*** Begin Patch\n*** Add File: ${path}\n${lines.map((line) => `+${line}`).join('\n')}\n*** End Patch\n`;
}

function answerResponses(response: ServerResponse, turn: Turn, action: Action, customApplyPatch: boolean, ids: Ids): string {
  const responseId = ids.next('resp');
  let item: Json;
  let label: string;
  const events: Array<{ event: string; data: Json }> = [];
  let sequence = 0;
  const push = (type: string, data: Json): void => {
    events.push({ event: type, data: { type, sequence_number: sequence++, ...data } });
  };
  const base = { id: responseId, object: 'response', created_at: 1_796_117_000, model: turn.model };
  push('response.created', { response: { ...base, status: 'in_progress', output: [] } });
  if (action.kind === 'write_file') {
    const patch = addFilePatch(action.path, action.content);
    item = customApplyPatch
      ? { type: 'custom_tool_call', id: ids.next('ctc'), status: 'completed', call_id: ids.next('call'), name: 'apply_patch', input: patch }
      : { type: 'function_call', id: ids.next('fc'), status: 'completed', call_id: ids.next('call'), name: 'apply_patch', arguments: JSON.stringify({ input: patch }) };
    label = `tool:apply_patch(${customApplyPatch ? 'custom' : 'function'})`;
    push('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress' } });
    push('response.output_item.done', { output_index: 0, item });
  } else if (action.kind === 'tool_search') {
    item = { type: 'tool_search_call', id: ids.next('tsc'), status: 'completed', call_id: ids.next('call'), execution: 'client', arguments: { query: action.query } };
    label = `tool_search:${action.query}`;
    push('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress' } });
    push('response.output_item.done', { output_index: 0, item });
  } else if (action.kind === 'tool_call') {
    item = { type: 'function_call', id: ids.next('fc'), status: 'completed', call_id: ids.next('call'), name: action.name, arguments: JSON.stringify(action.input), ...(action.namespace ? { namespace: action.namespace } : {}) };
    label = `tool:${action.name}`;
    push('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress' } });
    push('response.output_item.done', { output_index: 0, item });
  } else {
    const text = action.kind === 'text' ? action.text : '';
    const itemId = ids.next('msg');
    item = { type: 'message', id: itemId, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
    label = 'text';
    push('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } });
    push('response.content_part.added', { item_id: itemId, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    push('response.output_text.delta', { item_id: itemId, output_index: 0, content_index: 0, delta: text });
    push('response.output_text.done', { item_id: itemId, output_index: 0, content_index: 0, text });
    push('response.content_part.done', { item_id: itemId, output_index: 0, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
    push('response.output_item.done', { output_index: 0, item });
  }
  const usage = {
    input_tokens: INPUT_TOKENS,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: OUTPUT_TOKENS,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: INPUT_TOKENS + OUTPUT_TOKENS,
  };
  push('response.completed', { response: { ...base, status: 'completed', output: [item], usage } });
  sse(response, events);
  return label;
}

function answerChat(response: ServerResponse, turn: Turn, action: Action, stream: boolean, ids: Ids): string {
  const id = ids.next('chatcmpl');
  const base = { id, object: 'chat.completion.chunk', created: 1_796_117_000, model: turn.model };
  const usage = { prompt_tokens: INPUT_TOKENS, completion_tokens: OUTPUT_TOKENS, total_tokens: INPUT_TOKENS + OUTPUT_TOKENS };
  let message: Json;
  let finish: string;
  let label: string;
  if (action.kind === 'write_file') {
    const call = { id: ids.next('call'), type: 'function', function: { name: WRITE_TOOL.chat, arguments: JSON.stringify({ filePath: resolvedPath(turn, action.path), content: action.content }) } };
    message = { role: 'assistant', content: null, tool_calls: [call] };
    finish = 'tool_calls';
    label = `tool:${WRITE_TOOL.chat}`;
  } else if (action.kind === 'tool_call') {
    const call = { id: ids.next('call'), type: 'function', function: { name: action.name, arguments: JSON.stringify(action.input) } };
    message = { role: 'assistant', content: null, tool_calls: [call] };
    finish = 'tool_calls';
    label = `tool:${action.name}`;
  } else {
    message = { role: 'assistant', content: action.kind === 'text' ? action.text : '' };
    finish = 'stop';
    label = 'text';
  }
  if (!stream) {
    json(response, 200, { id, object: 'chat.completion', created: base.created, model: turn.model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    return label;
  }
  const chunk = (choices: unknown[], extra: Json = {}): { data: Json } => ({ data: { ...base, choices, ...extra } });
  const deltas =
    finish === 'tool_calls'
      ? [{ role: 'assistant', content: null, tool_calls: (message.tool_calls as Json[]).map((call, index) => ({ index, ...call })) }]
      : [{ role: 'assistant', content: '' }, { content: message.content }];
  sse(response, [
    ...deltas.map((delta) => chunk([{ index: 0, delta, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, finish_reason: finish }]),
    chunk([], { usage }),
    { data: '[DONE]' },
  ]);
  return label;
}

function geminiCandidate(turn: Turn, action: Action): { part: Json; label: string } {
  if (action.kind === 'write_file') {
    return { part: { functionCall: { name: WRITE_TOOL.gemini, args: { file_path: resolvedPath(turn, action.path), content: action.content } } }, label: `tool:${WRITE_TOOL.gemini}` };
  }
  if (action.kind === 'tool_call') return { part: { functionCall: { name: action.name, args: action.input } }, label: `tool:${action.name}` };
  return { part: { text: action.kind === 'text' ? action.text : '' }, label: 'text' };
}

function answerGemini(response: ServerResponse, turn: Turn, action: Action): string {
  const { part, label } = geminiCandidate(turn, action);
  sse(response, [
    {
      data: {
        candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: INPUT_TOKENS, candidatesTokenCount: OUTPUT_TOKENS, totalTokenCount: INPUT_TOKENS + OUTPUT_TOKENS },
        modelVersion: turn.model,
      },
    },
  ]);
  return label;
}

// The CLI's own side questions through generateContent (the model routers, the next-speaker check) ask
// for JSON matching a schema; one object with every field they read answers them all. Gemini CLI 0.61
// routes with a numerical classifier (complexity_reasoning, complexity_score 1..100: low picks flash).
export const GEMINI_SIDE_ANSWER = {
  reasoning: 'scripted model server',
  model_choice: 'flash',
  complexity_reasoning: 'scripted model server',
  complexity_score: 10,
  next_speaker: 'user',
};

function answerGeminiGenerate(response: ServerResponse, turn: Turn): string {
  json(response, 200, {
    candidates: [{ content: { role: 'model', parts: [{ text: JSON.stringify(GEMINI_SIDE_ANSWER) }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: INPUT_TOKENS, candidatesTokenCount: OUTPUT_TOKENS, totalTokenCount: INPUT_TOKENS + OUTPUT_TOKENS },
    modelVersion: turn.model,
  });
  return 'json';
}

// ---------------------------------------------------------------------------------------------------
// The server.

function apiOf(method: string, path: string): Api {
  const bare = path.split('?')[0]!;
  if (method === 'POST' && /\/v1\/messages$/.test(bare)) return 'anthropic';
  if (method === 'POST' && /\/responses$/.test(bare)) return 'responses';
  if (method === 'POST' && /\/chat\/completions$/.test(bare)) return 'chat';
  if (method === 'POST' && /:streamGenerateContent$/.test(bare)) return 'gemini';
  if (method === 'POST' && /:generateContent$/.test(bare)) return 'gemini-generate';
  return 'other';
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BODY_BYTES) {
        reject(new Error(`request body over ${MAX_REQUEST_BODY_BYTES} bytes`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function modelOf(api: Api, path: string, body: Json): string {
  if (api === 'gemini' || api === 'gemini-generate') return /models\/([^:/]+):/.exec(path)?.[1] ?? 'fake-model';
  return typeof body.model === 'string' ? body.model : 'fake-model';
}

function conversationOf(api: Api, body: Json): { entries: ConversationEntry[]; tools: string[]; customApplyPatch?: boolean } {
  if (api === 'anthropic') return anthropicConversation(body);
  if (api === 'responses') return responsesConversation(body);
  if (api === 'chat') return chatConversation(body);
  return geminiConversation(body);
}

export function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const connectionTimeoutMs = options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS;
  const lifetimeMs = options.lifetimeMs ?? DEFAULT_LIFETIME_MS;
  const requests: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;
  const ids: Ids = { next: (prefix) => `${prefix}_fake${String(++counter).padStart(4, '0')}` };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const api = apiOf(method, path);
    const raw = await readBody(request);
    const body = parseJson(raw);
    const logged: LoggedRequest = { method, path, api, headers: { ...request.headers }, body: raw === '' ? '' : body, action: '' };
    requests.push(logged);

    if (api === 'other') {
      if (method === 'POST' && /\/v1\/messages\/count_tokens$/.test(path.split('?')[0]!)) {
        logged.action = 'count_tokens';
        json(response, 200, { input_tokens: INPUT_TOKENS });
        return;
      }
      if (/:countTokens$/.test(path.split('?')[0]!)) {
        logged.action = 'count_tokens';
        json(response, 200, { totalTokens: INPUT_TOKENS });
        return;
      }
      logged.action = 'error:404';
      json(response, 404, { error: { message: `the scripted model server does not serve ${method} ${path}`, type: 'not_found_error', code: 404 } });
      return;
    }

    const object = asObject(body);
    const conversation = conversationOf(api, object);
    const turn = makeTurn(api, modelOf(api, path, object), conversation.entries, conversation.tools);
    const action = options.script?.(turn) ?? defaultAction(turn);

    if (action.kind === 'hang') {
      logged.action = 'hang';
      return; // Never answered; the connection bound or close() ends it.
    }
    if (action.kind === 'error') {
      logged.action = `error:${action.status}`;
      const headers: Record<string, string> = api === 'anthropic' ? { 'request-id': ids.next('req') } : { 'x-request-id': ids.next('req') };
      json(response, action.status, errorBody(api, action.status, action.message), headers);
      return;
    }
    if (api === 'gemini-generate') {
      logged.action = answerGeminiGenerate(response, turn);
      return;
    }
    // A write asked of a request that does not offer the CLI's write tool cannot be answered with a
    // call the CLI would run: say so in words, so the test's assertion names the cause.
    if (action.kind === 'write_file' && !conversation.tools.includes(WRITE_TOOL[api])) {
      const text = `FAKE_NO_WRITE_TOOL ${WRITE_TOOL[api]} not offered (tools: ${conversation.tools.join(',') || 'none'})`;
      logged.action = 'text:no-write-tool';
      writeAnswer(api, response, turn, { kind: 'text', text }, object, conversation.customApplyPatch ?? false);
      return;
    }
    logged.action = writeAnswer(api, response, turn, action, object, conversation.customApplyPatch ?? false);
  };

  const writeAnswer = (api: Api, response: ServerResponse, turn: Turn, action: Action, body: Json, customApplyPatch: boolean): string => {
    if (api === 'anthropic') return answerAnthropic(response, turn, action, body.stream !== false, ids);
    if (api === 'responses') return answerResponses(response, turn, action, customApplyPatch, ids);
    if (api === 'chat') return answerChat(response, turn, action, body.stream === true, ids);
    return answerGemini(response, turn, action);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 400, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.setTimeout(connectionTimeoutMs, () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise((resolve) => {
      clearTimeout(lifetime);
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };
  const lifetime = setTimeout(() => void close(), lifetimeMs);
  lifetime.unref();

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, port, requests, close });
    });
  });
}
