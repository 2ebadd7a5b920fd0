// How a call is hosted, the same wherever it arrives: a cold helper's one request (src/entry.ts), a
// line of the warm stream (src/serve.ts), a tool call of the MCP server (src/mcp/in-process-runner.ts).
// The host makes the call's I/O from the home as it is now, gives the call a stop of its own, and
// answers every fault as that call's envelope: a throw or a rejection of the call's own steps is
// that call's; a fault nothing names a call for (a throw in an event handler, a promise nobody
// awaits) is the answer of every call in flight, and the process goes on (docs/reliability.md).
import { runCheckedCall } from './app.js';
import type { CallProgress } from './call-progress.js';
import { DEFAULT_RUN_DIR, RUN_DIR_VARIABLE } from './contract/environment.js';
import { errorEnvelope, failureEnvelope, type Envelope } from './contract/envelope.js';
import { interruptedBeforeAnswer, ToolError } from './contract/errors.js';
import type { CheckedRequest } from './contract/tools/checked.js';
import { homeFolder } from './io/node/home.js';
import { CallStop, type StopSignal } from './io/stop.js';
import type { Io } from './io/types.js';
import { normalizeAbsolute } from './text/paths.js';
import type { OpTable } from './tools/context.js';

/** The environment a call runs in: the helper's own, or the one the MCP server makes for the call. */
export type CallEnvironment = Record<string, string | undefined>;

/** A call's I/O for its home (links resolved), its state folder and its environment. */
export type CallIoMaker = (home: string, runDir: string, env: CallEnvironment) => Io;

export { CallStop };

/** A call being run: its stop, and how its one envelope is given (the first given counts). */
interface HostedCall {
  readonly stop: CallStop;
  settle(envelope: Envelope): void;
}

export class CallHost {
  private readonly inFlight = new Set<HostedCall>();

  constructor(
    readonly ops: OpTable,
    private readonly makeIo: CallIoMaker,
  ) {}

  /**
   * The call's I/O: the home as it is now, the state folder the environment names. A home that is
   * none is the call's answer.
   */
  ioFor(env: CallEnvironment): { io: Io } | { envelope: Envelope } {
    let home: string;
    try {
      home = homeFolder(env.HOME);
    } catch (error) {
      return { envelope: error instanceof ToolError ? failureEnvelope(error) : errorEnvelope((error as Error).message, 'internal') };
    }
    const runDir = normalizeAbsolute(env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
    return { io: this.makeIo(home, runDir, env) };
  }

  /**
   * The checked call's envelope. Never rejects: any fault while it runs is its answer. Its progress
   * goes to `progress` (none by default), which is closed before the answer is given. `origin`: when
   * the helper began on it (performance.now()), the start of the phases a request may ask for.
   */
  run(io: Io, checked: CheckedRequest, stop: CallStop, progress?: CallProgress, origin?: number): Promise<Envelope> {
    return new Promise<Envelope>((resolve) => {
      let settled = false;
      const call: HostedCall = {
        stop,
        settle: (envelope) => {
          if (settled) return;
          settled = true;
          progress?.close();
          this.inFlight.delete(call);
          resolve(envelope);
        },
      };
      this.inFlight.add(call);
      let running: Promise<Envelope>;
      try {
        running = runCheckedCall(io, checked, this.ops, stop, progress, origin);
      } catch (error) {
        running = Promise.reject(error);
      }
      running.then(call.settle, (error: unknown) => call.settle(failureEnvelope(error)));
    });
  }

  /**
   * Stops a call, as SIGTERM stops a cold helper: a part that answers the stop itself does; else the
   * call answers now that it was interrupted. False when neither happened (no call in flight has this
   * stop): then the stop is the caller's to answer.
   */
  stopCall(stop: CallStop, signal: StopSignal): boolean {
    if (stop.abort(signal)) return true;
    for (const call of this.inFlight) {
      if (call.stop !== stop) continue;
      call.settle(failureEnvelope(interruptedBeforeAnswer(signal)));
      return true;
    }
    return false;
  }

  /**
   * A fault no call can be named for: each call in flight answers with it, as a cold helper answers
   * its one call. Returns how many did; what they started runs on, as after a cold helper's fault.
   */
  failInFlight(error: unknown): number {
    const calls = [...this.inFlight];
    for (const call of calls) call.settle(failureEnvelope(error));
    return calls.length;
  }
}
