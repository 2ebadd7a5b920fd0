// What every bundle's entry does for its one call: gather the process's world, host the call with the
// bundle's own tools (src/call/host.ts), and write exactly one envelope line to stdout, whatever
// happens. With src/io/node/, the only code that touches node: modules.
// Named imports: a namespace import makes the bundle copy all of node:fs at every start.
import { takeHandedOnRequest } from './boot/handoff.js';
import { CallHost, CallStop } from './call/host.js';
import { interruptedBeforeAnswer } from './contract/errors.js';
import { encodeEnvelope, failureEnvelope, type Envelope } from './contract/envelope.js';
import type { StopSignal } from './io/stop.js';
import { nodeIoWith } from './io/node/core.js';
import { writeStdout } from './io/node/stdout.js';
import type { OpTable } from './tools/context.js';

let written = false;

/** The process's one envelope line (the first given counts), then its exit. */
function writeEnvelopeAndExit(envelope: Envelope): never {
  if (!written) {
    written = true;
    writeStdout(encodeEnvelope(envelope) + '\n');
  }
  process.exit(0);
}

/**
 * The call's stop, aborted by the process's stop signals (SIGTERM, SIGINT; the only code of the cold
 * helper that listens to them). A part of the tool that answers a stop itself has taken it and
 * answers; when none has, the call answers at once.
 */
function stopOnSignals(host: CallHost, stop: CallStop): void {
  const onStopSignal = (signal: StopSignal): void => {
    if (!host.stopCall(stop, signal)) writeEnvelopeAndExit(failureEnvelope(interruptedBeforeAnswer(signal)));
  };
  process.on('SIGTERM', onStopSignal);
  process.on('SIGINT', onStopSignal);
}

/** Host the process's one call with `ops`, the tools this code runs, and `own`, their own I/O. */
export function hostColdCall(ops: OpTable, own: object): void {
  const host = new CallHost(ops, (home, runDir, env) => nodeIoWith(own, home, runDir, env));
  // A fault of the call's own steps is its answer already; any other is the answer of the one call.
  const onFault = (error: unknown): void => {
    if (host.failInFlight(error) === 0) writeEnvelopeAndExit(failureEnvelope(error));
  };
  process.on('uncaughtException', onFault);
  process.on('unhandledRejection', onFault);
  const stop = new CallStop();
  stopOnSignals(host, stop);
  // A cold helper's phases start with its process: performance.now() counts from there.
  host.answerArgument(process.env, process.argv[2], stop, takeHandedOnRequest(), 0).then(writeEnvelopeAndExit, onFault);
}
