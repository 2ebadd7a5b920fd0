// What every bundle's entry does: gather the process's world, hand it to the app with the bundle's
// own tools, and write exactly one envelope line to stdout, whatever happens. With src/io/node/, the
// only code that touches node: modules.
// Named imports: a namespace import makes the bundle copy all of node:fs at every start.
import { writeSync } from 'node:fs';
import { handle } from './app.js';
import { interruptedBeforeAnswer, ToolError } from './contract/errors.js';
import { encodeEnvelope, errorEnvelope, failureEnvelope, type Envelope } from './contract/envelope.js';
import { DEFAULT_RUN_DIR, RUN_DIR_VARIABLE } from './contract/environment.js';
import { homeFolder } from './io/node/home.js';
import { stopTaken, type StopSignal } from './io/stop.js';
import { nodeIoWith, type NodeIoParts } from './io/node/core.js';
import { normalizeAbsolute } from './text/paths.js';
import type { OpTable } from './tools/context.js';

const STDOUT_FD = 1;
const WRITE_RETRY_WAIT_MS = 1;

let answered = false;

/**
 * Write the whole line with blocking writes: process.stdout may still hold data when the process
 * exits, and a pipe in non-blocking mode answers EAGAIN, which is waited out here.
 */
function writeAll(line: string): void {
  const bytes = Buffer.from(line, 'utf8');
  let written = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (written < bytes.length) {
    try {
      written += writeSync(STDOUT_FD, bytes, written, bytes.length - written);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, WRITE_RETRY_WAIT_MS);
      else return; // EPIPE and the like: nobody is reading any more.
    }
  }
}

function answer(envelope: Envelope): never {
  if (!answered) {
    answered = true;
    writeAll(encodeEnvelope(envelope) + '\n');
  }
  process.exit(0);
}

function fail(error: unknown): never {
  answer(failureEnvelope(error));
}

/**
 * The call's one stop, made here from the process's stop signals (SIGTERM, SIGINT; the only code of
 * the helper that listens to them). A part of the tool that answers a stop itself (a supervised
 * child, a code task) has taken it and answers; when none has, the helper answers at once.
 */
function stopOnSignals(): AbortSignal {
  const controller = new AbortController();
  const onStopSignal = (signal: StopSignal): void => {
    if (!controller.signal.aborted) controller.abort(signal);
    if (!stopTaken(controller.signal)) answer(failureEnvelope(interruptedBeforeAnswer(signal)));
  };
  process.on('SIGTERM', onStopSignal);
  process.on('SIGINT', onStopSignal);
  return controller.signal;
}

async function serveOnce(ops: OpTable, parts: NodeIoParts): Promise<void> {
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  const stop = stopOnSignals();
  let home: string;
  try {
    home = homeFolder(process.env.HOME);
  } catch (error) {
    answer(error instanceof ToolError ? failureEnvelope(error) : errorEnvelope((error as Error).message, 'internal'));
  }
  const runDir = normalizeAbsolute(process.env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
  const io = nodeIoWith(parts, home, runDir, process.env);
  answer(await handle(io, process.argv[2], ops, stop));
}

/** Answer the process's one request with `ops`, the tools this code runs, and the I/O parts they use. */
export function serve(ops: OpTable, parts: NodeIoParts): void {
  serveOnce(ops, parts).catch(fail);
}
