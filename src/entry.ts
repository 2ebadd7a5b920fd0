// What every bundle's entry does: gather the process's world, hand it to the app with the bundle's
// own tools, and write exactly one envelope line to stdout, whatever happens. With src/io/node/, the
// only code that touches node: modules.
// Named imports: a namespace import makes the bundle copy all of node:fs at every start.
import { handle } from './app.js';
import { interruptedBeforeAnswer, ToolError } from './contract/errors.js';
import { encodeEnvelope, errorEnvelope, failureEnvelope, type Envelope } from './contract/envelope.js';
import { DEFAULT_RUN_DIR, RUN_DIR_VARIABLE } from './contract/environment.js';
import { homeFolder } from './io/node/home.js';
import { stopTaken, type StopSignal } from './io/stop.js';
import { nodeIoWith, type NodeIoParts } from './io/node/core.js';
import { writeStdout } from './io/node/stdout.js';
import { normalizeAbsolute } from './text/paths.js';
import type { OpTable } from './tools/context.js';

let answered = false;

function answer(envelope: Envelope): never {
  if (!answered) {
    answered = true;
    writeStdout(encodeEnvelope(envelope) + '\n');
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
