// The MCP server spoken to line by line, as a broken or hostile client would: every bad message gets
// the JSON-RPC answer it should, and the server goes on serving.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MCP_MESSAGE_MAX_BYTES } from '../../src/limits.js';
import { MCP_BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';
import { makeMcpScratch, serverEnv, type McpScratch } from '../helpers/mcp.js';

let scratch: McpScratch;
let server: ChildProcessWithoutNullStreams;
let lines: string[];
let waiting: (() => void)[];

beforeEach(() => {
  scratch = makeMcpScratch();
  server = spawn(BUNDLE_NODE, [MCP_BUNDLE, '--home', scratch.home], { env: serverEnv(scratch), stdio: 'pipe' });
  lines = [];
  waiting = [];
  let rest = '';
  server.stdout.on('data', (chunk: Buffer) => {
    rest += chunk.toString('utf8');
    const parts = rest.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
    for (const wake of waiting.splice(0)) wake();
  });
});
afterEach(() => {
  server.kill('SIGKILL');
  scratch.cleanup();
});

async function nextAnswer(): Promise<unknown> {
  while (lines.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  return JSON.parse(lines.shift()!);
}

function send(text: string): void {
  server.stdin.write(`${text}\n`);
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('malformed JSON-RPC', () => {
  it('answers each bad line as JSON-RPC says, and then serves a proper session', async () => {
    send('this is not json');
    expect(await nextAnswer()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the message is not JSON' } });
    send('{"hello": "world"}');
    expect(await nextAnswer()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: the message is not a JSON-RPC 2.0 request, notification or response' },
    });
    send('{"jsonrpc": "1.0", "id": 9, "method": "tools/list"}');
    expect(await nextAnswer()).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32600 } });
    send(initialize);
    expect(await nextAnswer()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'guilds-code' } } });
    send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    send('{"jsonrpc":"2.0","id":2,"method":"no/such/method"}');
    expect(await nextAnswer()).toMatchObject({ id: 2, error: { code: -32601 } });
    send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"file_read","arguments":"a.txt"}}');
    const invalid = (await nextAnswer()) as { id: number; error: { code: number; message: string } };
    expect(invalid).toMatchObject({ id: 3, error: { code: -32602 } });
    // The code is in its field; the message says only what is wrong.
    expect(invalid.error.message).toMatch(/^Invalid tools\/call request: /);
    send('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"nope","arguments":{}}}');
    expect(await nextAnswer()).toEqual({
      jsonrpc: '2.0',
      id: 6,
      error: { code: -32602, message: "unknown tool 'nope' (this server's tools are shell, shell_status, file_read, code_search)" },
    });
    send('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"shell","arguments":{"command":"echo fine"}}}');
    expect(await nextAnswer()).toMatchObject({ id: 4, result: { content: [{ type: 'text', text: 'fine' }] } });
  });

  it('skips a message past the cap with an error, and reads the next one', async () => {
    send(initialize);
    await nextAnswer();
    server.stdin.write(`{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"x":"${'y'.repeat(MCP_MESSAGE_MAX_BYTES)}"}}\n`);
    expect(await nextAnswer()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Invalid Request: a message may be at most ${MCP_MESSAGE_MAX_BYTES} bytes; this one was skipped` },
    });
    send('{"jsonrpc":"2.0","id":6,"method":"tools/list"}');
    expect(await nextAnswer()).toMatchObject({ id: 6, result: { tools: [{ name: 'shell' }, {}, {}, {}] } });
  });
});

describe('the command line', () => {
  it('refuses a home that does not exist, or an unknown flag, in one line on stderr with exit status 2', () => {
    const missing = spawnSync(BUNDLE_NODE, [MCP_BUNDLE, '--home', join(scratch.root, 'nope')], { encoding: 'utf8', input: '' });
    expect([missing.status, missing.stdout, missing.stderr]).toEqual([2, '', `guilds-code-mcp: the home ${join(scratch.root, 'nope')} does not exist\n`]);
    const unknown = spawnSync(BUNDLE_NODE, [MCP_BUNDLE, '--verbose'], { encoding: 'utf8', input: '' });
    expect([unknown.status, unknown.stdout, unknown.stderr]).toEqual([2, '', 'guilds-code-mcp: unknown argument "--verbose" (--help lists them)\n']);
  });

  it('writes .runs/.gitignore in the home, so that a git checkout does not list the run folders', async () => {
    send(initialize);
    await nextAnswer();
    expect(readFileSync(join(scratch.home, '.runs', '.gitignore'), 'utf8')).toBe('*\n');
  });
});
