// The page's server: 127.0.0.1 only, its own names only, calls only as JSON from its own page,
// every answer under the Content-Security-Policy. Real calls through a local sandbox.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TOOL_DECLARATIONS, CodeToolRun } from '../../src/orchestrator/index.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { WEB_REQUEST_MAX_BYTES } from '../../src/limits.js';
import { CONTENT_SECURITY_POLICY, isOwnHost, startWebServer, type WebServer } from '../../scripts/web/server.js';
import { WebRun } from '../../scripts/web/session.js';
import { pollUntil } from '../helpers/poll.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: WebServer;
let sandbox: LocalSandbox;
let port: number;

function ask(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const json = { 'Content-Type': 'application/json' };

interface Stream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The events so far, each its name and its data read back. */
  events(): { name: string; data: unknown }[];
  close(): void;
}

/** GET /api/live, its Server-Sent Events read as they come. */
function listen(): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: '/api/live', headers: { Host: `127.0.0.1:${port}` } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      const events = (): { name: string; data: unknown }[] =>
        text
          .split('\n\n')
          .slice(0, -1)
          .map((block) => {
            const [name, data] = block.split('\n');
            return { name: name!.replace(/^event: /, ''), data: JSON.parse(data!.replace(/^data: /, '')) };
          });
      resolve({ status: response.statusCode!, headers: response.headers, events, close: () => request.destroy() });
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  sandbox = await LocalSandbox.start();
  const run = new WebRun(new CodeToolRun({ sandbox, runId: 'web', agentId: 'a1' }), 'c');
  const assets = { html: '<!doctype html><p>page</p>', style: 'p {}', script: 'void 0;' };
  const about = { sandbox: 'local', home: sandbox.home, runId: 'web', startsIn: 'the home', declarations: CODE_TOOL_DECLARATIONS };
  server = await startWebServer({ run, assets, about, port: 0 });
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server.close();
  await sandbox.cleanup();
});

describe('the web page server', () => {
  it('listens on 127.0.0.1', () => expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/));

  it('serves the page under the Content-Security-Policy, with no inline script allowed', async () => {
    const answer = await ask('GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; img-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('runs a call for real and keeps it in the flow', async () => {
    const answer = await ask('POST', '/api/call', json, JSON.stringify({ tool: 'shell', args: { command: 'echo "{\\"a\\": 1}"' } }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      item: { type: 'row', call: { seq: 1, callId: 'c1', summary: 'Run echo "{\\"a\\": 1}"', result: { kind: 'json', text: '{"a": 1}' } } },
    });
    const state = JSON.parse((await ask('GET', '/api/state')).body);
    expect(state.flow.map((item: { call: { summary: string } }) => item.call.summary)).toEqual(['Run echo "{\\"a\\": 1}"']);
    expect(state.sandbox).toBe('local');
  });

  it('streams the run as Server-Sent Events: its state, a running call as its lines come, then its item', async () => {
    const stream = await listen();
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const first = await pollUntil(stream.events, (events) => events.length >= 1);
      expect(first[0]).toMatchObject({ name: 'state', data: { sandbox: 'local', running: [] } });
      const before = (first[0]!.data as { flow: unknown[] }).flow.length;
      const command = 'for i in 1 2 3; do echo line $i; sleep 0.3; done';
      const answer = JSON.parse((await ask('POST', '/api/call', json, JSON.stringify({ tool: 'shell', args: { command } }))).body);
      const seq = before + 1;
      expect(answer.item.call.seq).toBe(seq);
      const events = await pollUntil(stream.events, (all) => all.some((event) => event.name === 'item'));
      const live = events.filter((event) => event.name === 'live').map((event) => event.data as { seq: number; block: boolean; lines: string[]; view: { row: string } });
      // The row at once, with no line yet; then each event's lines added; the item last.
      expect(live[0]).toMatchObject({ seq, block: false, lines: [], view: { row: `Run ${command}` } });
      expect(live.at(-1)!.lines).toEqual(['line 1', 'line 2', 'line 3']);
      for (const [index, call] of live.entries()) expect(call.lines, `update ${index}`).toEqual(live.at(-1)!.lines.slice(0, call.lines.length));
      expect(live.length).toBeGreaterThanOrEqual(2);
      expect(events.at(-1)).toEqual({ name: 'item', data: answer.item });
      expect(JSON.parse((await ask('GET', '/api/state')).body).running).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('shows an unknown tool as a failed call, as a model would meet it', async () => {
    const answer = JSON.parse((await ask('POST', '/api/call', json, JSON.stringify({ tool: 'rm', args: {} }))).body);
    expect(answer.item.call).toMatchObject({ ok: false, kind: 'invalid_request', summary: 'rm' });
  });

  it('refuses another Host name (DNS rebinding)', async () => {
    const answer = await ask('GET', '/api/state', { Host: `evil.example:${port}` });
    expect(answer).toMatchObject({ status: 421, body: '{"error":"this server answers to 127.0.0.1 only"}' });
  });

  it('refuses a call that is not JSON, as a cross-site form sends it', async () => {
    const answer = await ask('POST', '/api/call', { 'Content-Type': 'text/plain' }, '{"tool":"shell","args":{"command":"id"}}');
    expect(answer).toMatchObject({ status: 415, body: '{"error":"a call is sent as application/json"}' });
  });

  it('refuses a call from another origin', async () => {
    const answer = await ask('POST', '/api/call', { ...json, Origin: 'http://evil.example' }, '{"tool":"shell","args":{"command":"id"}}');
    expect(answer).toMatchObject({ status: 403, body: '{"error":"a call comes from the page itself"}' });
  });

  it('refuses a body one byte over its cap', async () => {
    const body = JSON.stringify({ tool: 'shell', args: { command: 'x' } });
    const answer = await ask('POST', '/api/call', json, body + ' '.repeat(WEB_REQUEST_MAX_BYTES + 1 - body.length));
    expect(answer).toMatchObject({ status: 413, body: `{"error":"a call's request is at most ${WEB_REQUEST_MAX_BYTES} bytes"}` });
  });

  it('refuses a body that is not JSON, names no tool, or has arguments that are not an object', async () => {
    expect((await ask('POST', '/api/call', json, '{')).body).toBe('{"error":"the request is not JSON"}');
    expect((await ask('POST', '/api/call', json, 'null')).body).toBe('{"error":"the request names no tool"}');
    expect((await ask('POST', '/api/call', json, '{"tool":"shell","args":[]}')).body).toBe('{"error":"the arguments are not an object"}');
  });

  it('answers 404 for any other path and 405 for any other method', async () => {
    expect((await ask('GET', '/../../etc/passwd')).status).toBe(404);
    expect((await ask('DELETE', '/')).status).toBe(405);
  });
});

describe("the server's own names", () => {
  it.each([
    ['127.0.0.1:4177', true],
    ['localhost:4177', true],
    ['127.0.0.1:4178', false],
    ['127.0.0.1', false],
    ['evil.example:4177', false],
  ])('%s is %s', (host, own) => expect(isOwnHost(host, 4177)).toBe(own));
  it('refuses a request without a Host', () => expect(isOwnHost(undefined, 4177)).toBe(false));
});
