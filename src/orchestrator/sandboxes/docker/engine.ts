// The few calls of the Docker Engine API the docker sandbox makes (Docker Engine's; Podman's
// compatible API is untested, docs/deploying.md), over node:http: a unix socket, or TCP with TLS. A hijacked exec stream is read here
// and split into stdout and stderr by its 8-byte frame headers.
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest, type RequestOptions as HttpsRequestOptions } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { LineSplitter } from '../../../text/line-splitter.js';

/** The API version asked for: Docker Engine 20.10 and later serve it. */
export const ENGINE_API_VERSION = 'v1.41';
export const DEFAULT_DOCKER_SOCKET = '/var/run/docker.sock';
/** A hijacked stream's frame header: stream type, three zero bytes, payload size (big-endian). */
const FRAME_HEADER_BYTES = 8;
const STDOUT_STREAM = 1;
const STDERR_STREAM = 2;
/** The Engine's answers the client reads whole are small; past this, the answer is refused. */
const ANSWER_MAX_BYTES = 4 * 1_048_576;
/** The status an EngineError carries when no answer came. */
const UNREACHABLE_STATUS = 0;

/**
 * Every call on a connection of its own. A dockerd that is shutting down closes its listener first
 * and still answers on the connections it has, so with Node's keep-alive pool what a call saw of a
 * stopping Engine depended on which connection it drew: an answer, `write EPIPE`, or a refused
 * connect. Without the pool, every call after the listener closed finds the Engine gone.
 */
const NO_POOL = { http: new HttpAgent({ keepAlive: false }), https: new HttpsAgent({ keepAlive: false }) };

/** How to reach the Engine: a unix socket, or a TCP address (with TLS when a certificate is given). */
export type EngineAddress = { socketPath: string } | { host: string; port: number; ca?: string | Buffer; cert?: string | Buffer; key?: string | Buffer };

/** DOCKER_HOST as the docker CLI reads it (unix:// or tcp://, TLS from DOCKER_TLS_VERIFY and DOCKER_CERT_PATH). */
export function engineAddressFrom(env: Readonly<Record<string, string | undefined>>): EngineAddress {
  const host = env.DOCKER_HOST;
  if (host === undefined || host === '') return { socketPath: DEFAULT_DOCKER_SOCKET };
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(host);
  if (!tcp) throw new Error(`DOCKER_HOST ${host} is neither unix:///path nor tcp://host:port`);
  const address = { host: tcp[1]!.replace(/^\[|\]$/g, ''), port: Number(tcp[2]) };
  const verify = env.DOCKER_TLS_VERIFY !== undefined && env.DOCKER_TLS_VERIFY !== '' && env.DOCKER_TLS_VERIFY !== '0';
  if (!verify) return address;
  const dir = env.DOCKER_CERT_PATH ?? join(env.HOME ?? '', '.docker');
  return { ...address, ca: readFileSync(join(dir, 'ca.pem')), cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) };
}

/** The address as DOCKER_HOST would name it, for messages. */
export function engineAddressText(address: EngineAddress): string {
  if ('socketPath' in address) return `unix://${address.socketPath}`;
  return `tcp://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
}

/** What the Engine answered with a status of 400 and up; a status of 0 when it could not be reached. */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The Engine could not be reached, or went away before it answered. */
export function engineUnreachable(error: unknown): boolean {
  return error instanceof EngineError && error.status === UNREACHABLE_STATUS;
}

/** The output of a hijacked exec, as it arrived. */
export interface ExecStream {
  /** Writes to the exec's stdin (held until the connection is hijacked). */
  write(bytes: Uint8Array): void;
  /** Writes the exec's stdin and closes it (half-close: the output keeps coming). */
  end(bytes?: Uint8Array): void;
  /** Stops reading and closes the connection. */
  destroy(): void;
  /** Lets this process exit while the connection is open (a long-lived exec waits on its callers, not on itself). */
  unref(): void;
}

/** One of the Engine's events, as much of it as the sandbox reads. */
export interface EngineEvent {
  Type?: string;
  Action?: string;
  Actor?: { ID?: string; Attributes?: Record<string, string> };
}

export interface StreamHandlers {
  stdout(chunk: Buffer): void;
  stderr(chunk: Buffer): void;
  /** The stream closed: the exec's output is complete (or the connection was lost). */
  end(error?: Error): void;
}

/** Splits the Engine's multiplexed frames into the two streams; keeps a partial frame for the next chunk. */
export class FrameSplitter {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly handlers: Pick<StreamHandlers, 'stdout' | 'stderr'>) {}
  push(chunk: Buffer): void {
    let buffer = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (buffer.length >= FRAME_HEADER_BYTES) {
      const size = buffer.readUInt32BE(4);
      if (buffer.length < FRAME_HEADER_BYTES + size) break;
      const payload = buffer.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + size);
      if (buffer[0] === STDERR_STREAM) this.handlers.stderr(payload);
      else if (buffer[0] === STDOUT_STREAM) this.handlers.stdout(payload);
      buffer = buffer.subarray(FRAME_HEADER_BYTES + size);
    }
    this.pending = buffer.length === 0 ? Buffer.alloc(0) : Buffer.from(buffer);
  }
}

export class EngineClient {
  constructor(readonly address: EngineAddress) {}

  private options(method: string, path: string, headers: Record<string, string>): HttpsRequestOptions {
    const base = { method, path: `/${ENGINE_API_VERSION}${path}`, headers };
    if ('socketPath' in this.address) return { ...base, socketPath: this.address.socketPath };
    const { host, port, ca, cert, key } = this.address;
    return { ...base, host, port, ca, cert, key };
  }

  private send(options: RequestOptions): ReturnType<typeof httpRequest> {
    const tls = !('socketPath' in this.address) && this.address.cert !== undefined;
    return tls ? httpsRequest({ ...options, agent: NO_POOL.https }) : httpRequest({ ...options, agent: NO_POOL.http });
  }

  /**
   * One call answered whole: its JSON (undefined for an empty answer); a status of 400 and up throws
   * the Engine's message. With `answerTimeoutMs`, an Engine that has not answered by then (a frozen
   * dockerd still accepts connections) counts as unreachable.
   */
  call<T = unknown>(method: string, path: string, body?: unknown, answerTimeoutMs?: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers: Record<string, string> = payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {};
      const req = this.send(this.options(method, path, headers));
      if (answerTimeoutMs !== undefined) {
        const timer = setTimeout(() => req.destroy(new Error(`no answer to ${method} ${path} within ${answerTimeoutMs / 1000} s`)), answerTimeoutMs);
        req.once('close', () => clearTimeout(timer));
      }
      req.on('error', (error) => reject(new EngineError(UNREACHABLE_STATUS, `the Docker Engine cannot be reached: ${error.message}`)));
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= ANSWER_MAX_BYTES) chunks.push(chunk);
        });
        res.on('error', (error) => reject(new EngineError(UNREACHABLE_STATUS, `the Docker Engine went away while answering: ${error.message}`)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status >= 400) {
            let message = text.trim();
            try {
              message = (JSON.parse(text) as { message?: string }).message ?? message;
            } catch {
              // Not JSON: the text as it came.
            }
            reject(new EngineError(status, message));
            return;
          }
          try {
            resolve((text.trim() === '' ? undefined : JSON.parse(text)) as T);
          } catch {
            reject(new EngineError(status, `the Docker Engine answered ${method} ${path} with something that is not JSON`));
          }
        });
      });
      req.end(payload);
    });
  }

  /**
   * Follows the Engine's events that pass `filters` (GET /events, one JSON object a line) until
   * `stop`, or until the connection ends (`ended`); it does not keep this process alive by itself.
   */
  events(filters: Readonly<Record<string, readonly string[]>>, onEvent: (event: EngineEvent) => void, ended: () => void): { stop(): void } {
    const req = this.send(this.options('GET', `/events?filters=${encodeURIComponent(JSON.stringify(filters))}`, {}));
    let stopped = false;
    const end = (): void => {
      if (stopped) return;
      stopped = true;
      ended();
    };
    req.on('socket', (socket) => socket.unref());
    req.on('error', end);
    req.on('response', (res: IncomingMessage) => {
      if ((res.statusCode ?? 0) >= 400) {
        res.resume();
        res.on('end', end);
        return;
      }
      const lines = new LineSplitter((line, clipped) => {
        if (clipped || line.trim() === '') return;
        try {
          onEvent(JSON.parse(line) as EngineEvent);
        } catch {
          // Not an event: the Engine writes nothing else here.
        }
      }, ANSWER_MAX_BYTES);
      res.on('data', (chunk: Buffer) => lines.write(chunk));
      res.on('end', end);
      res.on('error', end);
    });
    req.end();
    return {
      stop() {
        stopped = true;
        req.destroy();
      },
    };
  }

  /** Starts a created exec with its streams attached (the connection hijacked), and reads them until it closes. */
  startExec(execId: string, handlers: StreamHandlers): ExecStream {
    const payload = Buffer.from(JSON.stringify({ Detach: false, Tty: false }));
    const req = this.send(
      this.options('POST', `/exec/${execId}/start`, {
        'content-type': 'application/json',
        'content-length': String(payload.length),
        connection: 'Upgrade',
        upgrade: 'tcp',
      }),
    );
    const exec = new AttachedExec(req, handlers);
    req.on('upgrade', (_res: IncomingMessage, stream: Duplex, head: Buffer) => exec.attach(stream, head));
    req.on('response', (res: IncomingMessage) => exec.readResponse(res));
    req.on('error', (error) => exec.finish(new EngineError(UNREACHABLE_STATUS, `the Docker Engine cannot be reached: ${error.message}`)));
    req.end(payload);
    return exec;
  }
}

/**
 * A started exec's connection: hijacked by the Engine (the `upgrade`), or its stream answered in a
 * response's body; stdin written or ended before the connection is there is held until it is.
 */
class AttachedExec implements ExecStream {
  private socket: Duplex | undefined;
  private readonly pendingStdin: Uint8Array[] = [];
  private pendingEnd = false;
  private unrefWanted = false;
  private ended = false;
  private readonly splitter: FrameSplitter;

  constructor(
    private readonly req: ClientRequest,
    private readonly handlers: StreamHandlers,
  ) {
    this.splitter = new FrameSplitter(handlers);
  }

  finish(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.handlers.end(error);
  }

  attach(stream: Duplex, head: Buffer): void {
    this.socket = stream;
    if (head.length > 0) this.splitter.push(head);
    stream.on('data', (chunk: Buffer) => this.splitter.push(chunk));
    stream.on('end', () => this.finish());
    stream.on('close', () => this.finish());
    stream.on('error', (error) => this.finish(error));
    if (this.unrefWanted) (stream as Duplex & { unref?: () => void }).unref?.();
    for (const bytes of this.pendingStdin.splice(0)) stream.write(bytes);
    if (this.pendingEnd) stream.end();
  }

  /** An Engine that does not switch protocols answers the stream in the body, or refuses. */
  readResponse(res: IncomingMessage): void {
    const status = res.statusCode ?? 0;
    if (status >= 400) {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => this.finish(new EngineError(status, Buffer.concat(chunks).toString('utf8').trim())));
      return;
    }
    res.on('data', (chunk: Buffer) => this.splitter.push(chunk));
    res.on('end', () => this.finish());
    res.on('error', (error) => this.finish(error));
  }

  write(bytes: Uint8Array): void {
    if (this.socket) this.socket.write(bytes);
    else if (!this.pendingEnd) this.pendingStdin.push(bytes);
  }

  end(bytes?: Uint8Array): void {
    if (this.socket) this.socket.end(bytes);
    else if (!this.pendingEnd) {
      if (bytes !== undefined) this.pendingStdin.push(bytes);
      this.pendingEnd = true;
    }
  }

  destroy(): void {
    this.socket?.destroy();
    this.req.destroy();
  }

  unref(): void {
    this.unrefWanted = true;
    if (this.socket) (this.socket as Duplex & { unref?: () => void }).unref?.();
    if (this.req.socket) this.req.socket.unref();
    else this.req.once('socket', (connecting) => connecting.unref());
  }
}
