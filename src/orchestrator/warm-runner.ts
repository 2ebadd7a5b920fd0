// The warm runner (SPEC sections 8 and 9): one `<helper> --serve` per helper and sandbox over a
// long-lived exec each (Sandbox.open): guilds-code's for the four code tools, guilds-harness's for
// code_task, each opened on its helper's first call, every call of that helper sent over it as a
// request line; its answer line is the call's envelope, and an aborted call sends its cancel line.
// Cold (the SandboxRunner) for a sandbox that cannot open a stream. A call whose environment is not
// its stream's (the helper takes its own once, at its start) sends the difference in its line
// (src/contract/call-env.ts).
//
// A stream that ends before it answered a call: a read-only call is run again cold, any other fails
// as `unavailable` (it may have run; it is never run twice: a code_task never is, whose session can be
// resumed); the next call opens a new stream.
//
// The channel is the helper's stdout, which a process in the sandbox can also write to (through
// /proc/<helper pid>/fd/1, as the same user). So a line is taken as an answer only for a call id this
// stream sent and the helper has not answered yet; any other line (an id it never sent or already had
// answered, a `call_id: null` answer to a line it never sent, a line that is no answer, one too long)
// is a protocol fault: the stream ends as if its helper had died, never answering anything with it
// (docs/reliability.md, "A forged answer on the warm stream").
import { SANDBOX_GRACE_MS } from '../limits.js';
import { errorEnvelope, failureEnvelope, type Envelope } from '../contract/envelope.js';
import type { ProgressEvent } from '../contract/live-calls.js';
import { callRunning, cancelLine, parseOutputLine, requestLine } from '../contract/stream.js';
import { HELPER_OF_TOOL, type HelperName } from '../contract/registry.js';
import type { CheckedRequest, OpName, ToolArgs } from '../contract/tools/index.js';
import type { ToolDescriptor } from '../tools/descriptor.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';
import { ByteLines } from '../text/line-splitter.js';
import { STREAM_ENDED_DURING_CALL } from './format.js';
import { wireRequest } from './request.js';
import { SandboxRunner, type HelperCall, type HelperRunner } from './runner.js';
import { DEFAULT_HARNESS_COMMAND, DEFAULT_HELPER_COMMAND, warmStreamArgv, type OpenedExec, type Sandbox } from './sandbox.js';
import { envelopeOf, helperFailure } from './transport.js';
import { envChange } from '../contract/call-env.js';
import { Deadlines } from './deadlines.js';

export { SERVE_ARGUMENT } from './sandbox.js';

/** An answer line longer than this is no answer (an envelope is at most about 1 MiB of text, escaped). */
export const WARM_ANSWER_LINE_MAX_BYTES = 64 * 1_048_576;
/**
 * A stream with no call in flight for this long is closed (its helper finishes and exits); the next
 * call opens a new one. A helper holds tens of MiB for as long as it runs: an agent that stopped
 * calling should not keep one per sandbox for the sandbox's whole life.
 */
export const WARM_STREAM_IDLE_MS = 5 * 60_000;

/** Whether running the call twice is harmless (its tool's descriptor says): file_read, code_search, shell_status without stop. */
export function isReadOnly(checked: CheckedRequest): boolean {
  return readOnlyCall(checked);
}

function readOnlyCall<Name extends OpName>(checked: { op: Name; args: ToolArgs[Name] }): boolean {
  return (TOOL_DESCRIPTORS[checked.op] as ToolDescriptor<Name>).readOnly(checked.args);
}

/** What a call over the stream came to: its envelope, or the stream's end before it answered. */
type Outcome = { envelope: Envelope } | { ended: true; sent: boolean };

interface Waiting {
  settle(outcome: Outcome): void;
  /** Where its progress events go; absent when the call asked for none (then a progress line for it is a fault). */
  onProgress?: ((event: ProgressEvent) => void) | undefined;
}

/** How the helper starts in the sandbox, as a cold call starts it (transport.ts, helperCommandFor). */
function helperCommandOf(sandbox: Sandbox, helper: HelperName): readonly string[] {
  return helper === 'guilds-harness' ? (sandbox.harnessCommand ?? DEFAULT_HARNESS_COMMAND) : (sandbox.helperCommand ?? DEFAULT_HELPER_COMMAND);
}

/** One open stream: its exec, the environment it started with, the calls waiting on an answer. */
class WarmStream {
  /** The environment its helper started with: the opener's, or the one a stream opened ahead had. */
  private readonly env: Readonly<Record<string, string>>;
  readonly waiting = new Map<string, Waiting>();
  /** Calls given up on past their grace: their late answer, the helper's own, is dropped once. */
  private readonly givenUp = new Set<string>();
  private readonly exec: OpenedExec;
  private ended = false;
  /** Its stdin closed: the calls in flight still answer, no new one is sent. */
  private closing = false;
  private started = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Each call's time limit, then its grace. */
  private readonly deadlines = new Deadlines();
  /** When the last call in flight was answered (Date.now()). */
  private idleSince = 0;

  constructor(
    sandbox: Sandbox & { open: NonNullable<Sandbox['open']> },
    helper: HelperName,
    env: Readonly<Record<string, string>>,
    private readonly onEnd: (stream: WarmStream) => void,
    private readonly idleMs: number,
  ) {
    const lines = new ByteLines({ line: (bytes) => this.takeLine(bytes), tooLong: () => this.fault() }, WARM_ANSWER_LINE_MAX_BYTES);
    const argv = warmStreamArgv(helperCommandOf(sandbox, helper));
    this.exec = sandbox.open(argv, env, {
      stdout: (chunk) => {
        this.started = true;
        lines.write(chunk);
      },
      closed: (started) => this.end(started || this.started),
    });
    this.env = this.exec.env ?? env;
  }

  get open(): boolean {
    return !this.ended && !this.closing;
  }

  /** It ended without being closed: its helper died, or the channel broke. */
  get died(): boolean {
    return this.ended && !this.closing;
  }

  private takeLine(bytes: Uint8Array): void {
    if (this.ended) return;
    const read = parseOutputLine(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    if (read?.kind === 'progress') return this.takeProgress(read.callId, read.event);
    const answer = read;
    const callId = answer?.callId ?? null;
    if (callId !== null && this.givenUp.delete(callId)) return;
    const waiting = callId === null ? undefined : this.waiting.get(callId);
    if (answer === null || callId === null || waiting === undefined) return this.fault();
    const envelope = envelopeOf(answer.envelope);
    this.forget(callId);
    waiting.settle(envelope === null ? { envelope: helperFailure('the answer is not an envelope') } : { envelope });
  }

  /**
   * A progress line counts only for a call in flight that asked for progress; one for a call given
   * up on is its helper's late word, dropped; any other the helper cannot have sent.
   */
  private takeProgress(callId: string, event: ProgressEvent): void {
    if (this.givenUp.has(callId)) return;
    const onProgress = this.waiting.get(callId)?.onProgress;
    if (onProgress === undefined) return this.fault();
    try {
      onProgress(event);
    } catch {
      // The app's own fault in showing an event is not the call's: the call goes on.
    }
  }

  /**
   * A line the helper cannot have sent: something else writes on the channel. The calls in flight
   * are cancelled and the helper's stdin closed (it stops them and exits); they answer as at the
   * stream's end, and nothing more is read from it.
   */
  private fault(): void {
    if (this.ended) return;
    for (const callId of this.waiting.keys()) this.exec.write(cancelLine(callId));
    this.exec.end();
    this.end(true);
  }

  /**
   * The call is no longer waited on; the last one out starts the idle clock. The clock's timer is
   * left armed across calls and checks when it fires: making and clearing one per call cost a warm
   * call more than its own request line did.
   */
  private forget(callId: string): void {
    this.waiting.delete(callId);
    if (this.waiting.size > 0 || !this.open) return;
    this.idleSince = Date.now();
    if (this.idleTimer === undefined) this.armIdle(this.idleMs);
  }

  private armIdle(ms: number): void {
    this.idleTimer = setTimeout(() => this.idleCheck(), ms);
    // The clock alone does not keep the orchestrator's process alive.
    this.idleTimer.unref?.();
  }

  /** Closed once idle for idleMs; a call in flight disarms the clock, one since then pushes it on. */
  private idleCheck(): void {
    this.idleTimer = undefined;
    if (this.waiting.size > 0 || !this.open) return;
    const left = this.idleSince + this.idleMs - Date.now();
    if (left > 0) this.armIdle(left);
    else this.close();
  }

  private end(started: boolean): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.onEnd(this);
    for (const waiting of this.waiting.values()) waiting.settle({ ended: true, sent: started });
    this.waiting.clear();
  }

  /** Send the call and wait for its line; at its time limit it is cancelled, and given up past the grace. */
  call(call: HelperCall, graceMs: number): Promise<Outcome> {
    const { callId } = call.checked.request;
    // A call given up on may still run in the helper until its late answer comes.
    if (this.waiting.has(callId) || this.givenUp.has(callId)) return Promise.resolve({ envelope: failureEnvelope(callRunning(callId)) });
    const sending = call.timeline?.now();
    return new Promise<Outcome>((resolve) => {
      const cancel = (): void => this.exec.write(cancelLine(callId));
      const giveUp = (): void => {
        this.givenUp.add(callId);
        this.forget(callId);
        settle({ envelope: helperFailure(`no answer within ${call.timeoutMs / 1000} s`) });
      };
      this.deadlines.set(callId, call.timeoutMs, () => {
        cancel();
        this.deadlines.set(callId, graceMs, giveUp);
      });
      const settle = (outcome: Outcome): void => {
        this.deadlines.clear(callId);
        call.signal?.removeEventListener('abort', cancel);
        if (sending !== undefined) call.timeline?.part('stream', sending);
        resolve(outcome);
      };
      this.waiting.set(callId, { settle, onProgress: call.checked.request.progress === null ? undefined : call.onProgress });
      // The run that opened the stream passes the very environment it started with: nothing to compare.
      const change = call.env === this.env ? null : envChange(this.env, call.env);
      this.exec.write(requestLine(change === null ? wireRequest(call.checked.request) : { ...wireRequest(call.checked.request), env: change }));
      if (call.signal?.aborted) cancel();
      else call.signal?.addEventListener('abort', cancel, { once: true });
    });
  }

  /** Ends stdin: the helper finishes the calls in flight and exits. No call is sent here after it. */
  close(): void {
    if (!this.open) return;
    this.closing = true;
    clearTimeout(this.idleTimer);
    this.onEnd(this);
    this.exec.end();
  }
}

export class WarmRunner implements HelperRunner {
  /** The open stream of each helper, guilds-code's and guilds-harness's, each opened on its first call. */
  private readonly streams = new Map<HelperName, WarmStream>();
  /** The last stream each helper had: one that died makes the next one a restart. */
  private readonly previous = new Map<HelperName, WarmStream>();
  private readonly cold: SandboxRunner;

  constructor(
    readonly sandbox: Sandbox,
    private readonly graceMs: number = SANDBOX_GRACE_MS,
    private readonly idleMs: number = WARM_STREAM_IDLE_MS,
  ) {
    this.cold = new SandboxRunner(sandbox, graceMs);
  }

  async answer(call: HelperCall): Promise<Envelope> {
    const stream = this.streamFor(HELPER_OF_TOOL[call.checked.op], call.env, call);
    if (stream === undefined) {
      call.timeline?.fellBack('no_stream');
      return this.cold.answer(call);
    }
    const outcome = await stream.call(call, this.graceMs);
    if ('envelope' in outcome) return outcome.envelope;
    // Never sent anywhere (the exec did not start): nothing ran, so the call runs cold.
    if (!outcome.sent || isReadOnly(call.checked)) {
      call.timeline?.fellBack(outcome.sent ? 'stream_ended' : 'no_stream');
      return this.cold.answer(call);
    }
    return errorEnvelope(STREAM_ENDED_DURING_CALL, 'unavailable');
  }

  /** A call over a sandbox that can open a stream hands on its progress, code_task's too. */
  streamsProgress(_checked: CheckedRequest): boolean {
    return this.sandbox.open !== undefined;
  }

  /** End the streams: each helper finishes the calls in flight and exits. */
  close(): void {
    for (const stream of this.streams.values()) stream.close();
    this.streams.clear();
  }

  private streamFor(helper: HelperName, env: Readonly<Record<string, string>>, call?: HelperCall): WarmStream | undefined {
    const { sandbox } = this;
    if (sandbox.open === undefined) return undefined;
    const current = this.streams.get(helper);
    if (current !== undefined && current.open) return current;
    const opened = new WarmStream(
      sandbox as Sandbox & { open: NonNullable<Sandbox['open']> },
      helper,
      env,
      (ended) => {
        if (this.streams.get(helper) === ended) this.streams.delete(helper);
      },
      this.idleMs,
    );
    if (this.previous.get(helper)?.died === true) call?.timeline?.restarted(helper);
    this.previous.set(helper, opened);
    // An exec that could not even start has ended already: nothing to keep.
    if (opened.open) this.streams.set(helper, opened);
    return opened;
  }
}

/** One warm runner per sandbox, so that every CodeToolRun over it shares its one stream. */
const runners = new WeakMap<Sandbox, WarmRunner>();

export function warmRunnerOf(sandbox: Sandbox): WarmRunner {
  let runner = runners.get(sandbox);
  if (runner === undefined) {
    runner = new WarmRunner(sandbox);
    runners.set(sandbox, runner);
  }
  return runner;
}
