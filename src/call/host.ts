// How a call is hosted, the same wherever it arrives: a cold helper's one request (src/entry.ts), a
// line of the warm stream (src/serve.ts), a tool call of the MCP server (src/mcp/in-process-runner.ts).
// The host makes the call's I/O from the home as it is now, gives the call a stop of its own, and
// answers every fault as that call's envelope: a throw or a rejection of the call's own steps is
// that call's; a fault nothing names a call for (a throw in an event handler, a promise nobody
// awaits) is the answer of every call in flight, and the process goes on (docs/reliability.md).
import type { HandedOnRequest } from '../boot/handoff.js';
import type { CallProgress } from './progress.js';
import { errorEnvelope, failureEnvelope, okEnvelope, type Envelope, type Meta } from '../contract/envelope.js';
import { interruptedBeforeAnswer, ToolError } from '../contract/errors.js';
import type { OpName } from '../contract/registry.js';
import { runDirFrom } from '../contract/request-file.js';
import type { CheckedRequest } from '../contract/tools/checked.js';
import { HomeFolders } from '../io/node/home.js';
import { NO_PROGRESS, type Progress } from '../io/progress-sink.js';
import { CallStop, type Stop, type StopSignal } from '../io/stop.js';
import type { Io } from '../io/types.js';
import { capText } from '../text/utf8.js';
import type { Context, OpResult, OpTable, ToolEntry } from '../tools/context.js';
import { noteRunUse } from '../workspace/runs.js';
import { loadWorkingDirectoryOf, type WorkingDirectory } from '../workspace/workdir.js';
import { decodeArgument } from './request.js';
import { helperTimings, TIMINGS_META_FIELD } from '../contract/telemetry.js';

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
  /** The homes this host resolved: a host that answers many calls walks a home's links once. */
  private readonly homes = new HomeFolders();

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
      home = this.homes.folder(env.HOME);
    } catch (error) {
      return { envelope: error instanceof ToolError ? failureEnvelope(error) : errorEnvelope((error as Error).message, 'internal') };
    }
    return { io: this.makeIo(home, runDirFrom(env), env) };
  }

  /**
   * `io`'s home and state folder with another environment: for a call whose environment differs from
   * the one `io` was made for in neither HOME nor the state folder's variable.
   */
  ioWithEnv(io: Io, env: CallEnvironment): Io {
    return this.makeIo(io.home, io.runDir, env);
  }

  /**
   * A cold helper's one call, from its command-line argument (base64 JSON, or a request file; what
   * the loader took of it handed on) to its envelope. Never rejects. `origin`: as run's.
   */
  async answerArgument(env: CallEnvironment, argument: string | undefined, stop: CallStop, handedOn?: HandedOnRequest, origin?: number): Promise<Envelope> {
    const made = this.ioFor(env);
    if ('envelope' in made) return made.envelope;
    let checked: CheckedRequest;
    try {
      checked = decodeArgument(made.io, argument, this.ops, handedOn);
    } catch (error) {
      return failureEnvelope(error);
    }
    return this.run(made.io, checked, stop, undefined, origin);
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

/** The tool's run step on the checked request's resolved arguments. */
export function runTool(ops: OpTable, checked: CheckedRequest, context: Context): OpResult<object> | Promise<OpResult<object>> {
  const tool = ops[checked.op] as ToolEntry<OpName>;
  return tool.run(context, checked.args as never);
}

/**
 * What the tool is handed. Its working directory is read at the tool's first look, not before: a
 * tool that never looks (shell_status) spares the record's open and the folder's stat, and a tool
 * that does reads it before it does anything with it, as when it was read up front.
 */
function callContext(io: Io, request: CheckedRequest['request'], stop: Stop, progress: Progress): Context {
  let cwd: WorkingDirectory | undefined;
  const workingDirectory = (): WorkingDirectory => (cwd ??= loadWorkingDirectoryOf(io, request.runId, request.defaultCwd));
  return {
    io,
    request,
    stop,
    progress,
    get cwd(): string {
      return workingDirectory().folder;
    },
    get cwdRecorded(): boolean {
      return workingDirectory().recorded;
    },
  };
}

/**
 * A call's run, for a request checked and resolved: the run noted, the tool with its working
 * directory, the text capped. Never throws; every call reaches it through a host. `origin`: when the helper
 * began on this call, on performance.now()'s clock (0, a cold helper's process start), for the phases
 * a request may ask for.
 */
async function runCheckedCall(io: Io, checked: CheckedRequest, ops: OpTable, stop: Stop, progress: Progress = NO_PROGRESS, origin?: number): Promise<Envelope> {
  const { request } = checked;
  // Read only when asked: a call that does not ask costs one test.
  const runStart = request.telemetry === true ? performance.now() : 0;
  try {
    noteRunUse(io, request.runId, request.agentId);
    const result = await runTool(ops, checked, callContext(io, checked.request, stop, progress));
    if (request.telemetry !== true) return okEnvelope(capText(result.text, request.maxBytes), result.meta as Meta);
    const runEnd = performance.now();
    const text = capText(result.text, request.maxBytes);
    const meta: Meta = { ...(result.meta as Meta) };
    meta[TIMINGS_META_FIELD] = helperTimings(origin ?? runStart, runStart, runEnd, performance.now());
    return okEnvelope(text, meta);
  } catch (error) {
    return failureEnvelope(error);
  }
}
