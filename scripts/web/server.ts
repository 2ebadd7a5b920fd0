// The web page's server: node:http on 127.0.0.1 only, six fixed routes, every answer under a
// Content-Security-Policy that allows no inline script and nothing from elsewhere. /api/live streams
// the run as Server-Sent Events: its state, then each running call's change and each answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEB_REQUEST_MAX_BYTES } from '../../src/limits.js';
import type { PageAssets } from './assets.js';
import { serverSentEvent } from './live.js';
import type { CallRequest, CallResponse, PageState } from './page-state.js';
import type { WebRun } from './session.js';

export const WEB_HOST = '127.0.0.1';

/** The second wall behind markdown-it's settings: only this origin's script and style, no plugin, no image. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const COMMON_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export interface WebServerOptions {
  run: WebRun;
  assets: PageAssets;
  /** Everything of the page's state but the flow and the running calls, which the run keeps. */
  about: Omit<PageState, 'flow' | 'running'>;
  port: number;
}

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

/**
 * Only this server's own names: a page elsewhere that points a name of its own at 127.0.0.1 (DNS
 * rebinding) sends its own Host, and is refused.
 */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `${WEB_HOST}:${port}` || host === `localhost:${port}`;
}

/** A call comes from the page itself: JSON (which no cross-site form can send), from this origin or from no browser. */
export function checkCallRequest(headers: IncomingMessage['headers'], port: number): void {
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new Refusal(415, 'a call is sent as application/json');
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${WEB_HOST}:${port}` && origin !== `http://localhost:${port}`) {
    throw new Refusal(403, 'a call comes from the page itself');
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > WEB_REQUEST_MAX_BYTES) throw new Refusal(413, `a call's request is at most ${WEB_REQUEST_MAX_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The form's call: a tool's name and an object of arguments; what they hold is the call's to judge. */
export function parseCallRequest(body: string): CallRequest {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Refusal(400, 'the request is not JSON');
  }
  const { tool, args } = (value ?? {}) as Record<string, unknown>;
  if (typeof tool !== 'string') throw new Refusal(400, 'the request names no tool');
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new Refusal(400, 'the arguments are not an object');
  return { tool, args: args as Record<string, unknown> };
}

function pageState(options: WebServerOptions): PageState {
  return { ...options.about, flow: options.run.flow, running: options.run.running };
}

/** The run as Server-Sent Events: the state first, then every change, until the page goes. */
function streamLive(options: WebServerOptions, request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8' });
  response.write(serverSentEvent('state', pageState(options)));
  const stop = options.run.subscribe((message) => {
    response.write(serverSentEvent(message.type, message.type === 'live' ? message.call : message.item));
  });
  request.once('close', stop);
  response.once('close', stop);
}

async function route(options: WebServerOptions, port: number, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!isOwnHost(request.headers.host, port)) throw new Refusal(421, 'this server answers to 127.0.0.1 only');
  const path = (request.url ?? '/').split('?')[0];
  const method = request.method ?? 'GET';
  if (method === 'POST' && path === '/api/call') {
    checkCallRequest(request.headers, port);
    const call = parseCallRequest(await readBody(request));
    const answer: CallResponse = { item: await options.run.call(call.tool, call.args) };
    return sendJson(response, 200, answer);
  }
  if (method !== 'GET' && method !== 'HEAD') throw new Refusal(405, 'not a method this page takes');
  if (path === '/') return send(response, 200, 'text/html; charset=utf-8', options.assets.html);
  if (path === '/app.js') return send(response, 200, 'text/javascript; charset=utf-8', options.assets.script);
  if (path === '/app.css') return send(response, 200, 'text/css; charset=utf-8', options.assets.style);
  if (path === '/api/state') return sendJson(response, 200, pageState(options));
  if (path === '/api/live') return streamLive(options, request, response);
  throw new Refusal(404, 'no such page');
}

export function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let port = options.port;
  const server: Server = createServer((request, response) => {
    route(options, port, request, response).catch((error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendJson(response, status, { error: message } satisfies CallResponse);
      else response.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, WEB_HOST, () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://${WEB_HOST}:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
