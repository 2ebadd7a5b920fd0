// The MCP tool table, its sentences and the server's command line: pure, pinned.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorMessageForWire, homeFromRoots, MCP_USAGE, messageTooLarge, progressMessage, rootOutsideHome, rootRefused, rootsUnanswered, unknownMcpTool } from '../../src/mcp/format.js';
import { isInside, rootFolder, rootUris } from '../../src/mcp/roots.js';
import { folderTokensFrom, parseOptions } from '../../src/mcp/options.js';
import { CLIENT_ADDED_ARGUMENTS, mcpTools, offeredTools, withoutClientArguments } from '../../src/mcp/tools.js';
import { callToolResult } from '../../src/mcp/server.js';
import { callNotifier, progressNotice } from '../../src/mcp/progress-notifications.js';
import { nextLiveView, startLiveView, type LiveUpdate } from '../../src/orchestrator/index.js';
import type { ProgressEvent } from '../../src/contract/live-calls.js';

const GOLDEN = new URL('./golden/tools.json', import.meta.url);
const SETTINGS = { home: '/home/agent', maxBytes: 8192, readPointers: true, offerCodeTask: true, structuredContent: true };

describe('the tool table', () => {
  it('is the golden JSON, byte for byte, output schemas included (a change to what clients are told shows up as its diff)', () => {
    const text = JSON.stringify(mcpTools(SETTINGS), null, 2) + '\n';
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('declares no output schema without structured content: a client would then require structuredContent', () => {
    const tools = mcpTools({ ...SETTINGS, structuredContent: false });
    expect(tools.map((tool) => tool.outputSchema)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as { outputSchema?: unknown }[];
    expect(tools).toEqual(golden.map(({ outputSchema: _dropped, ...rest }) => rest));
  });

  it('holds in each description the words a model searches tools with: Codex offers MCP tools only through a BM25 search over them', () => {
    const words = (text: string): string[] => text.toLowerCase().split(/[^a-z]+/);
    const searched: Record<string, string[]> = {
      shell: ['run', 'command', 'test', 'build'],
      shell_status: ['background', 'stop'],
      file_read: ['read', 'file', 'lines'],
      code_search: ['search', 'grep', 'find'],
    };
    const missing = mcpTools(SETTINGS)
      .filter((tool) => tool.name in searched)
      .map((tool) => [tool.name, searched[tool.name]!.filter((word) => !words(tool.description).includes(word))]);
    expect(missing).toEqual([['shell', []], ['shell_status', []], ['file_read', []], ['code_search', []]]);
  });

  it('drops only the arguments a client adds to every schema, and only from an object; none is an argument of a tool', () => {
    expect(withoutClientArguments({ path: 'a', wait_for_previous: true })).toEqual({ path: 'a' });
    expect(withoutClientArguments({ wait_for_previou: 1 })).toEqual({ wait_for_previou: 1 });
    expect([withoutClientArguments(null), withoutClientArguments([1]), withoutClientArguments('x')]).toEqual([null, [1], 'x']);
    const declared = mcpTools(SETTINGS).flatMap((tool) => Object.keys(tool.inputSchema.properties));
    expect(declared.filter((name) => CLIENT_ADDED_ARGUMENTS.includes(name))).toEqual([]);
  });

  it('offers code_task only with a harness configured', () => {
    expect(offeredTools({ ...SETTINGS, offerCodeTask: false })).toEqual(['shell', 'shell_status', 'file_read', 'code_search']);
    expect(offeredTools(SETTINGS)).toEqual(['shell', 'shell_status', 'file_read', 'code_search', 'code_task']);
  });

  it('drops the pointer sentence when pointers are off, and says the configured cap', () => {
    const fileRead = mcpTools({ ...SETTINGS, maxBytes: 2048, readPointers: false }).find((tool) => tool.name === 'file_read')!;
    expect(fileRead.description.endsWith('Paths are confined to the home, /home/agent. The byte cap is 2048 bytes.')).toBe(true);
  });
});

describe('results', () => {
  const base = { summary: '', metadata: [], cut: false };
  it('an answer: its text, its meta in _meta', () => {
    expect(callToolResult({ ...base, ok: true, text: 'hi', meta: { exit_code: 0 } }, false)).toEqual({
      content: [{ type: 'text', text: 'hi' }],
      _meta: { meta: { exit_code: 0 } },
    });
  });
  it('an answer with structured content on: its text, its meta as structuredContent', () => {
    expect(callToolResult({ ...base, ok: true, text: 'hi', meta: { exit_code: 0 } }, true)).toEqual({
      content: [{ type: 'text', text: 'hi' }],
      structuredContent: { exit_code: 0 },
    });
  });
  it('a failure: isError, and its kind in _meta', () => {
    expect(callToolResult({ ...base, ok: false, kind: 'not_found', text: 'no such file or folder: x', meta: {} }, true)).toEqual({
      content: [{ type: 'text', text: 'no such file or folder: x' }],
      isError: true,
      _meta: { kind: 'not_found' },
    });
  });
  it('a failure without a kind: isError alone', () => {
    expect(callToolResult({ ...base, ok: false, text: 'code helper failed: x', meta: {} }, false)).toEqual({
      content: [{ type: 'text', text: 'code helper failed: x' }],
      isError: true,
    });
  });
});

describe('sentences', () => {
  it('progress, an unknown tool, a message past the cap', () => {
    expect(progressMessage('shell', 3)).toBe('shell: running for 3 s');
    expect(unknownMcpTool('nope', ['shell', 'file_read'])).toBe("unknown tool 'nope' (this server's tools are shell, file_read)");
    expect(messageTooLarge(10)).toBe('Invalid Request: a message may be at most 10 bytes; this one was skipped');
  });

  it("an error's message goes without the SDK's prefix, which a client's SDK adds again", () => {
    expect(errorMessageForWire(-32602, "MCP error -32602: unknown tool 'x' (…)")).toBe("unknown tool 'x' (…)");
    expect(errorMessageForWire(-32602, 'MCP error -32602: MCP error -32602: Invalid tools/call request: x')).toBe('Invalid tools/call request: x');
  });

  it("keeps a message that only looks like it: another code's prefix, or the words inside", () => {
    expect(errorMessageForWire(-32603, 'MCP error -32602: x')).toBe('MCP error -32602: x');
    expect(errorMessageForWire(-32602, 'the file says MCP error -32602: x')).toBe('the file says MCP error -32602: x');
  });
});

describe('progress notifications', () => {
  /** The updates CodeToolRun hands on for these events, one after another. */
  function updates(row: string, events: ProgressEvent[]): LiveUpdate[] {
    let view = startLiveView(row);
    return events.map((event) => {
      view = nextLiveView(view, event);
      return { event, view };
    });
  }

  it("say an output event's last line, a step's text, and at a heartbeat or before any line the time run", () => {
    const said = updates('Run make', [
      { type: 'heartbeat', elapsed_ms: 15_400 },
      { type: 'output', text: 'compiling a.c\ncompiling b.c\n\n', bytes: 30, elapsed_ms: 16_000 },
      { type: 'output', text: '\n', bytes: 31, elapsed_ms: 16_300 },
      { type: 'heartbeat', elapsed_ms: 31_600 },
    ]).map((update) => progressNotice('shell', update));
    expect(said).toEqual(['shell: running for 15 s', 'compiling b.c', 'compiling b.c', 'shell: running for 32 s']);
    const steps = updates('Code task', [
      { type: 'step', kind: 'tool', text: 'Read src/greet.js', elapsed_ms: 2_000 },
      { type: 'step', kind: 'edit', text: 'src/greet.js', elapsed_ms: 3_000 },
    ]).map((update) => progressNotice('code_task', update));
    expect(steps).toEqual(['Read src/greet.js', 'src/greet.js']);
    expect(progressNotice('shell', { event: null, view: startLiveView('Run make'), note: 'none will come' })).toBeNull();
  });

  it('are sent with the token, progress counting them, only when asked for a tool that reports it, and none after the answer', () => {
    const sent: unknown[] = [];
    const send = async (notification: unknown): Promise<void> => void sent.push(notification);
    const [first, second] = updates('Run make', [
      { type: 'output', text: 'one\n', bytes: 4, elapsed_ms: 300 },
      { type: 'output', text: 'two\n', bytes: 8, elapsed_ms: 600 },
    ]);
    const notifier = callNotifier({ tool: 'shell', progressToken: 'tok', reports: true, streams: true, send });
    notifier.onProgress!(first!);
    notifier.onProgress!({ event: null, view: first!.view, note: 'none will come' });
    notifier.onProgress!(second!);
    notifier.stop();
    notifier.onProgress!(second!);
    expect(sent).toEqual([
      { method: 'notifications/progress', params: { progressToken: 'tok', progress: 1, message: 'one' } },
      { method: 'notifications/progress', params: { progressToken: 'tok', progress: 2, message: 'two' } },
    ]);
    expect(callNotifier({ tool: 'shell', progressToken: undefined, reports: true, streams: true, send }).onProgress).toBeUndefined();
    expect(callNotifier({ tool: 'file_read', progressToken: 'tok', reports: false, streams: true, send }).onProgress).toBeUndefined();
  });
});

describe('the client\'s roots', () => {
  it('reads a file:// URI as its path, percent-escapes decoded, localhost allowed, a trailing slash dropped', () => {
    expect(rootFolder('file:///home/me/my%20project/')).toEqual({ kind: 'folder', path: '/home/me/my project' });
    expect(rootFolder('file://localhost/srv/repo')).toEqual({ kind: 'folder', path: '/srv/repo' });
    expect(rootFolder('file:///')).toEqual({ kind: 'folder', path: '/' });
  });
  it('refuses what is not a local folder, with the reason', () => {
    expect(rootFolder('https://example.com/repo')).toEqual({ kind: 'refused', reason: 'not a local folder (file:// only)' });
    expect(rootFolder('file://build-host/srv')).toEqual({ kind: 'refused', reason: 'on another host (build-host)' });
    expect(rootFolder('/home/me/project')).toEqual({ kind: 'refused', reason: 'not a URI' });
    expect(rootFolder('file:///a%00b')).toEqual({ kind: 'refused', reason: 'not a path' });
    expect(rootFolder('file:///a%E0%A4%A')).toEqual({ kind: 'refused', reason: 'not a URI' });
  });
  it('reads the URIs of an answer leniently: a root without a string uri is kept, to be refused on its own', () => {
    expect(rootUris({ roots: [{ uri: 'file:///a', name: 'a' }, { uri: 7 }, {}] })).toEqual(['file:///a', '7', 'null']);
    expect(rootUris({ roots: [] })).toEqual([]);
    expect(rootUris({})).toBe('the answer has no list of roots');
  });
  it('knows a folder inside the home from one beside it', () => {
    expect([isInside('/w/p', '/w/p'), isInside('/w/p/sub', '/w/p'), isInside('/w/project', '/w/p'), isInside('/x', '/')]).toEqual([true, true, false, true]);
  });
  it('says each decision in one line', () => {
    expect(rootRefused('https://x/y', 'not a local folder (file:// only)')).toBe("guilds-code-mcp: the client's root https://x/y is not a local folder (file:// only); ignored");
    expect(rootOutsideHome('file:///b', '/a')).toBe("guilds-code-mcp: the client's root file:///b is outside the home /a (--home); ignored");
    expect(rootsUnanswered('Request timed out', '/a')).toBe('guilds-code-mcp: the client did not list its roots (Request timed out); the home stays /a');
    expect(homeFromRoots('/p', true)).toBe("guilds-code-mcp: the home is /p, the client's first root");
    expect(homeFromRoots('/w', false)).toBe('guilds-code-mcp: the home is /w, the working directory (no root of the client\'s is a local folder)');
  });
});

describe('the command line', () => {
  const env = {};
  it('defaults: the current folder (not fixed: the client\'s roots may move it), 8192 bytes, pointers on, no code_task', () => {
    expect(parseOptions([], '/work', env)).toEqual({
      kind: 'options',
      options: { home: '/work', homeFixed: false, maxBytes: 8192, readPointers: true, structuredContent: false, folderTokens: {}, offerCodeTask: false },
    });
  });
  it('takes --home, --max-bytes (held to 1024..65536) and --no-read-pointers, also as --flag=value', () => {
    expect(parseOptions(['--home', 'x', '--max-bytes=100', '--no-read-pointers'], '/work', env)).toMatchObject({
      options: { home: 'x', homeFixed: true, maxBytes: 1024, readPointers: false },
    });
    expect(parseOptions(['--max-bytes', '1000000'], '/', env)).toMatchObject({ options: { maxBytes: 65536 } });
  });
  it('refuses what it does not know, a flag without its value, a cap that is not a number', () => {
    expect(parseOptions(['--hom', 'x'], '/', env)).toEqual({ kind: 'error', message: 'unknown argument "--hom" (--help lists them)' });
    expect(parseOptions(['--home'], '/', env)).toEqual({ kind: 'error', message: '--home needs a folder' });
    expect(parseOptions(['--max-bytes', '8k'], '/', env)).toEqual({ kind: 'error', message: '--max-bytes needs a whole number of bytes' });
  });
  it('takes --structured-content', () => {
    expect(parseOptions(['--structured-content'], '/', env)).toMatchObject({ options: { structuredContent: true } });
  });
  it('answers --help with the usage', () => {
    expect(parseOptions(['--help'], '/', env)).toEqual({ kind: 'help', text: MCP_USAGE });
  });
  it('offers code_task when GUILDS_HARNESS is set, not when it is blank', () => {
    expect(parseOptions([], '/', { GUILDS_HARNESS: 'claude' })).toMatchObject({ options: { offerCodeTask: true } });
    expect(parseOptions([], '/', { GUILDS_HARNESS: ' ' })).toMatchObject({ options: { offerCodeTask: false } });
  });
  it('reads GUILD_REPO_TOKENS, and refuses one that is not an object of tokens', () => {
    expect(folderTokensFrom('{"repos/app":"t1","~/x":"t2"}')).toEqual({ 'repos/app': 't1', '~/x': 't2' });
    expect(folderTokensFrom(undefined)).toEqual({});
    expect(folderTokensFrom('[1]')).toBe('GUILD_REPO_TOKENS must be a JSON object from folder to token');
    expect(folderTokensFrom('{')).toBe('GUILD_REPO_TOKENS is not JSON');
    expect(folderTokensFrom('{"a":1}')).toBe('GUILD_REPO_TOKENS: the token of "a" must be a non-empty string');
    expect(parseOptions([], '/', { GUILD_REPO_TOKENS: '{' })).toEqual({ kind: 'error', message: 'GUILD_REPO_TOKENS is not JSON' });
  });
});
