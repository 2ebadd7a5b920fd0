// The helper's warm stream opened ahead of any call (DockerSandbox.openAhead, for DockerSandboxPool):
// `<helper> --serve` started with the environment a run is expected to call with, probed until it
// answers, then handed whole to the first WarmRunner that opens the same helper with the same
// environment, so that the run's first call goes over a helper already started.
//
// The probe is a line that is no request (`{}`): the helper answers it at once with `call_id: null`
// and touches nothing on disk, so a probe leaves no trace for the claim that takes the stream. A
// request may be sent too (`ask`), as the pool warms a helper up, and its answer waited for. A
// stream is handed over only with nothing in flight and no part line read, so that the runner never
// sees a line it did not ask for (a line it did not send is a fault that ends its stream).
import type { OpenedExec, OpenHandlers } from '../../sandbox.js';

/** What the stream is asked to prove it answers. */
export const HELD_PROBE_LINE = '{}\n';
/** Past this much output with no whole line, the held stream is not the helper's: it is ended. */
const HELD_PENDING_MAX_CHARS = 65_536;

/** The answer to the line sent with `callId` (null for a probe): `{"call_id": <it>, "envelope": {...}}`, and nothing else. */
export function isAnswerTo(line: string, callId: string | null): boolean {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { call_id: answered, envelope } = value as Record<string, unknown>;
  return answered === callId && typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope);
}

export class HeldStream {
  private readonly exec: OpenedExec;
  /** The runner's handlers once it took the stream; until then the output is the probes'. */
  private taker: OpenHandlers | undefined;
  private ended = false;
  private pendingText = '';
  /** The line in flight: the call_id its answer carries (null for a probe). */
  private probe: { callId: string | null; answered(ok: boolean): void; promise: Promise<boolean> } | undefined;
  /** Told once, when the stream ends before it was taken. */
  onEnd: (() => void) | undefined;

  constructor(
    readonly argv: readonly string[],
    readonly env: Readonly<Record<string, string>>,
    open: (handlers: OpenHandlers) => OpenedExec,
  ) {
    this.exec = open({
      stdout: (chunk) => (this.taker !== undefined ? this.taker.stdout(chunk) : this.read(chunk)),
      // Taken, the stream had answered a probe: it ran, whatever the exec's end says.
      closed: () => (this.taker !== undefined ? this.taker.closed(true) : this.finish()),
    });
  }

  /** Open, answering, and not handed over. */
  get open(): boolean {
    return !this.ended && this.taker === undefined;
  }

  /**
   * Sends the probe line and resolves true once the helper answers it, false when the stream ends or
   * `timeoutMs` passes first (then the stream is ended), or a request is in flight. A probe under way
   * is shared.
   */
  ping(timeoutMs: number): Promise<boolean> {
    if (this.probe?.callId === null) return this.probe.promise;
    return this.ask(HELD_PROBE_LINE, null, timeoutMs);
  }

  /**
   * Sends one line (a request, its call_id `callId`) and resolves true once its answer comes; false,
   * the stream ended, as for a probe. One line is in flight at a time: false while another is.
   */
  ask(line: string, callId: string | null, timeoutMs: number): Promise<boolean> {
    if (!this.open || this.probe !== undefined) return Promise.resolve(false);
    let answered!: (ok: boolean) => void;
    const promise = new Promise<boolean>((resolve) => (answered = resolve));
    const timer = setTimeout(() => this.end(), timeoutMs);
    this.probe = {
      callId,
      promise,
      answered: (ok) => {
        clearTimeout(timer);
        this.probe = undefined;
        answered(ok);
      },
    };
    this.exec.write(line);
    return promise;
  }

  /**
   * The stream for a runner opening `argv`: the held exec, its output the runner's from now on, and
   * the environment its helper started with, whatever the runner's (each call's line then carries the
   * difference: src/contract/call-env.ts). Undefined for another program (the stream stays held);
   * undefined, and the stream ended, when a probe is under way or the stream has ended.
   */
  take(argv: readonly string[], handlers: OpenHandlers): OpenedExec | undefined {
    if (argv.length !== this.argv.length || argv.some((word, index) => word !== this.argv[index])) return undefined;
    if (!this.open || this.probe !== undefined || this.pendingText !== '') {
      this.end();
      return undefined;
    }
    this.taker = handlers;
    const { exec, env } = this;
    return { env, write: (text) => exec.write(text), end: () => exec.end() };
  }

  /** Closes the helper's stdin (it exits); nothing is handed over after it. */
  end(): void {
    if (this.taker !== undefined) return;
    this.exec.end();
    this.finish();
  }

  private read(chunk: Uint8Array): void {
    if (this.ended) return;
    this.pendingText += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
    for (let end = this.pendingText.indexOf('\n'); end !== -1; end = this.pendingText.indexOf('\n')) {
      const line = this.pendingText.slice(0, end);
      this.pendingText = this.pendingText.slice(end + 1);
      // Only the answer to the line in flight may come before the stream is taken.
      if (this.probe === undefined || !isAnswerTo(line, this.probe.callId)) return this.end();
      this.probe.answered(true);
    }
    if (this.pendingText.length > HELD_PENDING_MAX_CHARS) this.end();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.probe?.answered(false);
    const onEnd = this.onEnd;
    this.onEnd = undefined;
    onEnd?.();
  }
}
