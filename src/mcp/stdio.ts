// The stdio transport: one JSON-RPC message per line. Unlike the SDK's own, it answers what it cannot
// read as JSON-RPC says (a line that is not JSON: -32700 with id null; JSON that is not a message:
// -32600), skips a line past the message cap instead of closing, and reports the end of stdin (the
// client went away) as the transport's close.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ByteLines } from '../text/line-splitter.js';
import { errorMessageForWire, messageTooLarge, notJsonMessage, notJsonRpcMessage } from './format.js';

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

type Input = Pick<NodeJS.ReadableStream, 'on' | 'off' | 'pause'>;
type Output = Pick<NodeJS.WritableStream, 'write' | 'once' | 'on'>;

/** The id of a message that has one, so that its error answers it. */
function idOf(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** A line past the cap is answered as it passes it, and dropped up to its newline. */
  private readonly lines: ByteLines;
  private closed = false;

  constructor(
    private readonly input: Input,
    private readonly output: Output,
    maxMessageBytes: number,
  ) {
    this.lines = new ByteLines(
      { line: (bytes) => this.takeLine(bytes), tooLong: () => this.answerError(null, INVALID_REQUEST, messageTooLarge(maxMessageBytes)) },
      maxMessageBytes,
    );
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.input.on('error', this.onInputError);
    // A client that stops reading (EPIPE) has gone.
    this.output.on('error', this.onInputError);
  }

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onData = (chunk: Buffer): void => {
    // A last line without its newline is never taken: stdin's end closes the transport.
    this.lines.write(chunk);
  };

  private takeLine(bytes: Uint8Array): void {
    const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.answerError(null, PARSE_ERROR, notJsonMessage());
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      // A response (no method) that cannot be read is not answered: answering could loop.
      const isRequest = typeof value === 'object' && value !== null && 'method' in value;
      if (isRequest || idOf(value) === null) this.answerError(idOf(value), INVALID_REQUEST, notJsonRpcMessage());
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private answerError(id: string | number | null, code: number, message: string): void {
    void this.writeLine(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
  }

  private writeLine(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(`${text}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    if ('error' in message && typeof message.error.message === 'string') {
      const error = { ...message.error, message: errorMessageForWire(message.error.code, message.error.message) };
      return this.writeLine(JSON.stringify({ ...message, error }));
    }
    return this.writeLine(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.pause();
    this.onclose?.();
  }
}
