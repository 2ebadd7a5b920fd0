// A call's one stop: a CallStop, made once per call by its host (src/call-host.ts) and aborted by the
// helper's SIGTERM and SIGINT, a warm stream's cancel line or the MCP server's cancel, and handed to
// the tool in its context. The supervisor of a child (src/io/node/child.ts) races its signal against
// the child's exit; no other code listens to the process's signals.
//
// A part that answers a stop itself (a supervised child stops its process and the tool answers with
// what it had; a code task that has not started its harness yet) takes the stop for as long as it
// does; a stop that nobody has taken is the host's to answer, at once.

export type StopSignal = 'SIGTERM' | 'SIGINT';

/** What a call's parts see of its stop: the signal, and a way to answer it themselves. */
export interface Stop {
  readonly signal: AbortSignal;
  /** From now until the returned release, a stop of this call is answered by the caller, not by the host. */
  take(): () => void;
}

/** A call's stop, as its host holds it: aborted once, and knowing whether a part answers it. */
export class CallStop implements Stop {
  private readonly controller = new AbortController();
  private takers = 0;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  take(): () => void {
    this.takers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.takers -= 1;
    };
  }

  /** Whether some part of the call answers its stop itself right now. */
  get taken(): boolean {
    return this.takers > 0;
  }

  /** Aborts the call's signal (once); whether a part of the call answers the stop itself. */
  abort(signal: StopSignal): boolean {
    if (!this.controller.signal.aborted) this.controller.abort(signal);
    return this.taken;
  }
}

/** Why the call was stopped: the signal's name given as the abort's reason; SIGTERM for any other (a cancel). */
export function stopSignalOf(stop: Stop): StopSignal {
  return stop.signal.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
}

/** A stop that never comes: a call nobody can cancel (tests, tools that run no process). */
export const NEVER_STOPPED: Stop = new CallStop();
