// `guilds-code.js --serve` (SPEC section 8): one helper answers many calls over stdin and stdout, each
// as a cold helper would answer it (the same answer step, an Io of its own made as the cold entry
// makes it, its own stop). It keeps nothing between calls but the table of calls in flight: the
// working directory, runs, logs and background records are on disk where cold calls keep them, so
// its death loses nothing. With src/entry.ts, the only code of the helper that listens to signals.
import { answer, checkedRequest } from './app.js';
import type { CheckedRequest } from './contract/tools/checked.js';
import type { Io } from './io/types.js';
import { errorEnvelope, failureEnvelope, type Envelope } from './contract/envelope.js';
import { DEFAULT_RUN_DIR, RUN_DIR_VARIABLE } from './contract/environment.js';
import { interruptedBeforeAnswer, ToolError } from './contract/errors.js';
import { answerLine, callRunning, lineTooLong, readStreamLine } from './contract/stream.js';
import { homeFolder } from './io/node/home.js';
import { nodeIoWith, type NodeIoParts } from './io/node/core.js';
import { writeStdout } from './io/node/stdout.js';
import { stopTaken, type StopSignal } from './io/stop.js';
import { SERVE_IDLE_EXIT_MS, SERVE_IDLE_EXIT_VARIABLE, SERVE_LINE_MAX_BYTES } from './limits.js';
import { ByteLines } from './text/line-splitter.js';
import { normalizeAbsolute } from './text/paths.js';
import type { OpTable } from './tools/context.js';

interface Call {
  readonly stop: AbortController;
  answered: boolean;
}

/** The calls in flight, by call_id; the stream's only state, gone with the process. */
const calls = new Map<string, Call>();
let inputEnded = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
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

/** Starts the idle clock again: a line came, or the last call in flight answered. */
function stillWanted(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    // A call in flight restarts the clock when it answers.
    if (calls.size > 0) return;
    inputEnded = true;
    process.stdin.pause();
    exitWhenIdle();
  }, idleMs);
  // stdin keeps the process alive while it is open; the clock alone does not.
  idleTimer.unref();
}

function reply(callId: string | null, envelope: Envelope): void {
  writeStdout(answerLine(callId, envelope));
}

function settle(callId: string, call: Call, envelope: Envelope): void {
  if (call.answered) return;
  call.answered = true;
  if (calls.get(callId) === call) calls.delete(callId);
  reply(callId, envelope);
  exitWhenIdle();
  if (calls.size === 0 && !inputEnded) stillWanted();
}

type Prepared = { envelope: Envelope } | { io: Io; checked: CheckedRequest };

/**
 * As the cold entry does per process, in its order: the home as it is now, the helper's environment
 * and run folder, then the request checked. A line that is no request gets its envelope here.
 */
function prepare(ops: OpTable, parts: NodeIoParts, bytes: Uint8Array, parsed: { value: unknown } | null): Prepared {
  let home: string;
  try {
    home = homeFolder(process.env.HOME);
  } catch (error) {
    return { envelope: error instanceof ToolError ? failureEnvelope(error) : errorEnvelope((error as Error).message, 'internal') };
  }
  const runDir = normalizeAbsolute(process.env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
  try {
    return { io: nodeIoWith(parts, home, runDir, process.env), checked: checkedRequest(bytes, ops, parsed ?? undefined) };
  } catch (error) {
    return { envelope: failureEnvelope(error) };
  }
}

/** Told to stop, as SIGTERM tells a cold helper: a part that answers the stop itself does; else the call answers now. */
function stopCall(callId: string, call: Call, signal: StopSignal): void {
  if (!call.stop.signal.aborted) call.stop.abort(signal);
  if (!stopTaken(call.stop.signal)) settle(callId, call, failureEnvelope(interruptedBeforeAnswer(signal)));
}

function takeLine(ops: OpTable, parts: NodeIoParts, bytes: Uint8Array): void {
  const line = readStreamLine(bytes);
  if (line.kind === 'cancel') {
    // A cancel of a call that has answered (or never ran) has nothing left to stop.
    const call = calls.get(line.callId);
    if (call !== undefined) stopCall(line.callId, call, 'SIGTERM');
    return;
  }
  const { callId } = line;
  if (callId !== null && calls.has(callId)) {
    reply(callId, failureEnvelope(callRunning(callId)));
    return;
  }
  const prepared = prepare(ops, parts, line.bytes, line.parsed);
  if ('envelope' in prepared) {
    reply(callId, prepared.envelope);
    return;
  }
  // A request the checks took has a valid call_id.
  const id = prepared.checked.request.callId;
  const call: Call = { stop: new AbortController(), answered: false };
  calls.set(id, call);
  answer(prepared.io, prepared.checked, ops, call.stop.signal).then(
    (envelope) => settle(id, call, envelope),
    (error: unknown) => settle(id, call, failureEnvelope(error)),
  );
}

/** Serve the calls of stdin with `ops` and the I/O parts they use, until stdin ends or a stop signal. */
export function serveStream(ops: OpTable, parts: NodeIoParts): void {
  // A fault of one call is that call's envelope (answer never throws); nothing reaches stderr.
  process.on('uncaughtException', () => undefined);
  process.on('unhandledRejection', () => undefined);
  const onStopSignal = (signal: StopSignal): void => {
    inputEnded = true;
    process.stdin.pause();
    for (const [callId, call] of [...calls]) stopCall(callId, call, signal);
    exitWhenIdle();
  };
  process.on('SIGTERM', onStopSignal);
  process.on('SIGINT', onStopSignal);
  const lines = new ByteLines(
    {
      line: (bytes) => {
        if (!inputEnded) takeLine(ops, parts, bytes);
      },
      tooLong: () => reply(null, failureEnvelope(lineTooLong(SERVE_LINE_MAX_BYTES))),
    },
    SERVE_LINE_MAX_BYTES,
  );
  idleMs = idleExitMs(process.env);
  stillWanted();
  process.stdin.on('data', (chunk: Buffer) => {
    stillWanted();
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
