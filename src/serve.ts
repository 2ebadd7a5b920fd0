// `guilds-code.js --serve` (SPEC section 8): one helper answers many calls over stdin and stdout, each
// as a cold helper would answer it (hosted as a cold call is, src/call/host.ts: an Io of its own, its
// own stop, every fault an answer). It keeps nothing between calls but the table of calls in flight: the
// working directory, runs, logs and background records are on disk where cold calls keep them, so
// its death loses nothing. With src/entry.ts, the only code of the helper that listens to signals.
import { checkedRequest } from './call/request.js';
import { CallHost, CallStop } from './call/host.js';
import { CallProgress } from './call/progress.js';
import { progressLine } from './contract/live-calls.js';
import type { CheckedRequest } from './contract/tools/checked.js';
import type { Io } from './io/types.js';
import { failureEnvelope, type Envelope } from './contract/envelope.js';
import { answerLine, callRunning, lineTooLong, readStreamLine } from './contract/stream.js';
import { withEnvChange } from './contract/call-env.js';
import { RUN_DIR_VARIABLE } from './contract/environment.js';
import { nodeIoWith } from './io/node/core.js';
import { writeStdout } from './io/node/stdout.js';
import type { StopSignal } from './io/stop.js';
import { SERVE_IDLE_EXIT_MS, SERVE_IDLE_EXIT_VARIABLE, SERVE_LINE_MAX_BYTES } from './limits.js';
import { ByteLines } from './text/line-splitter.js';
import type { OpTable } from './tools/context.js';

/** What a call's own environment leaves as the stream helper has it: where its home and state are. */
const HELPER_OWN_VARIABLES = ['HOME', RUN_DIR_VARIABLE];

interface Call {
  readonly stop: CallStop;
  answered: boolean;
}

/** The calls in flight, by call_id; the stream's only state, gone with the process. */
const calls = new Map<string, Call>();
let inputEnded = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
/** When the idle clock last started (performance.now()): a line came, or the last call in flight answered. */
let idleSince = 0;
/** How long the stream waits, with no line and no call in flight, before it ends (idleExitMs). */
let idleMs = SERVE_IDLE_EXIT_MS;

function exitWhenIdle(): void {
  if (inputEnded && calls.size === 0) process.exit(0);
}

/** How long a stream may read no line before it ends as at stdin's end: SERVE_IDLE_EXIT_MS, or less when asked. */
export function idleExitMs(env: Readonly<Record<string, string | undefined>>): number {
  const given = env[SERVE_IDLE_EXIT_VARIABLE] ?? '';
  const asked = /^[0-9]{1,9}$/.test(given) ? Number(given) : 0;
  return asked > 0 && asked < SERVE_IDLE_EXIT_MS ? asked : SERVE_IDLE_EXIT_MS;
}

/**
 * Starts the idle clock again: a line came, or the last call in flight answered. The clock is one
 * timer, set again when it finds it fired early, not a timer cleared and made at every line and
 * every answer, which cost a warm shell_status more than its own timing of the clock.
 */
function restartIdleClock(): void {
  idleSince = performance.now();
  if (idleTimer === undefined) setIdleTimer(idleMs);
}

function setIdleTimer(ms: number): void {
  idleTimer = setTimeout(idleTimerFired, ms);
  // stdin keeps the process alive while it is open; the clock alone does not.
  idleTimer.unref();
}

function idleTimerFired(): void {
  idleTimer = undefined;
  const idleFor = performance.now() - idleSince;
  if (idleFor < idleMs) return setIdleTimer(idleMs - idleFor);
  // A call in flight restarts the clock when it answers.
  if (calls.size > 0) return;
  inputEnded = true;
  process.stdin.pause();
  exitWhenIdle();
}

function writeAnswerLine(callId: string | null, envelope: Envelope): void {
  writeStdout(answerLine(callId, envelope));
}

function settle(callId: string, call: Call, envelope: Envelope): void {
  if (call.answered) return;
  call.answered = true;
  if (calls.get(callId) === call) calls.delete(callId);
  writeAnswerLine(callId, envelope);
  exitWhenIdle();
  if (calls.size === 0 && !inputEnded) restartIdleClock();
}

type Prepared = { envelope: Envelope } | { io: Io; checked: CheckedRequest };

/**
 * As the cold entry does per process, in its order: the home as it is now, the helper's environment
 * and run folder, then the request checked. A line that is no request gets its envelope here.
 */
function prepare(host: CallHost, bytes: Uint8Array, parsed: { value: unknown } | null): Prepared {
  const made = host.ioFor(process.env);
  if ('envelope' in made) return made;
  let checked: CheckedRequest;
  try {
    checked = checkedRequest(bytes, host.ops, parsed ?? undefined);
  } catch (error) {
    return { envelope: failureEnvelope(error) };
  }
  const change = checked.request.env;
  if (change === undefined) return { io: made.io, checked };
  // The call's own environment, over the stream's: the home and the state folder stay the helper's,
  // so the home just checked is the call's too.
  return { io: host.ioWithEnv(made.io, withEnvChange(process.env, change, HELPER_OWN_VARIABLES)), checked };
}

function takeLine(host: CallHost, bytes: Uint8Array): void {
  const arrived = performance.now();
  const line = readStreamLine(bytes);
  if (line.kind === 'cancel') {
    // A cancel of a call that has answered (or never ran) has nothing left to stop.
    const call = calls.get(line.callId);
    if (call !== undefined) host.stopCall(call.stop, 'SIGTERM');
    return;
  }
  const { callId } = line;
  if (callId !== null && calls.has(callId)) {
    writeAnswerLine(callId, failureEnvelope(callRunning(callId)));
    return;
  }
  const prepared = prepare(host, line.bytes, line.parsed);
  if ('envelope' in prepared) {
    writeAnswerLine(callId, prepared.envelope);
    return;
  }
  // A request the checks took has a valid call_id.
  const id = prepared.checked.request.callId;
  const call: Call = { stop: new CallStop(), answered: false };
  calls.set(id, call);
  const ask = prepared.checked.request.progress;
  // Its events go out as lines before its answer; the host closes them before it answers.
  const progress = ask === null ? undefined : new CallProgress(ask, (event) => writeStdout(progressLine(id, event)));
  void host.run(prepared.io, prepared.checked, call.stop, progress, arrived).then((envelope) => settle(id, call, envelope));
}

/** Serve the calls of stdin with `ops` and `own`, their own I/O, until stdin ends or a stop signal. */
export function serveStream(ops: OpTable, own: object): void {
  const host = new CallHost(ops, (home, runDir, env) => nodeIoWith(own, home, runDir, env));
  // A fault of a call's own steps is that call's envelope; one that names no call (an event handler's
  // throw, a promise nobody awaits) answers every call in flight, and the stream serves on. Nothing
  // reaches stderr.
  const onFault = (error: unknown): void => void host.failInFlight(error);
  process.on('uncaughtException', onFault);
  process.on('unhandledRejection', onFault);
  const onStopSignal = (signal: StopSignal): void => {
    inputEnded = true;
    process.stdin.pause();
    for (const call of [...calls.values()]) host.stopCall(call.stop, signal);
    exitWhenIdle();
  };
  process.on('SIGTERM', onStopSignal);
  process.on('SIGINT', onStopSignal);
  const lines = new ByteLines(
    {
      line: (bytes) => {
        if (!inputEnded) takeLine(host, bytes);
      },
      tooLong: () => writeAnswerLine(null, failureEnvelope(lineTooLong(SERVE_LINE_MAX_BYTES))),
    },
    SERVE_LINE_MAX_BYTES,
  );
  idleMs = idleExitMs(process.env);
  restartIdleClock();
  process.stdin.on('data', (chunk: Buffer) => {
    restartIdleClock();
    lines.write(chunk);
  });
  process.stdin.on('end', () => {
    lines.end();
    inputEnded = true;
    exitWhenIdle();
  });
  // A stdin that cannot be read is an end.
  process.stdin.on('error', () => {
    inputEnded = true;
    exitWhenIdle();
  });
}
