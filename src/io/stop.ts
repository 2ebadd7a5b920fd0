// A call's one stop: the AbortSignal of the call's CallStop (src/call-host.ts), made once per call by
// its host and aborted by the helper's SIGTERM and SIGINT, a warm stream's cancel line or the MCP
// server's cancel, and handed to the tool in its context. The supervisor of a child (src/io/node/child.ts) races it against the child's exit; no
// other code listens to the process's signals.
//
// A part that answers a stop itself (a supervised child stops its process and the tool answers with
// what it had; a code task that has not started its harness yet) takes the stop for as long as it
// does; a stop that nobody has taken is the host's to answer, at once.

export type StopSignal = 'SIGTERM' | 'SIGINT';

const takers = new WeakMap<AbortSignal, number>();

/** Why the call was stopped: the signal's name given as the abort's reason; SIGTERM for any other (a cancel). */
export function stopSignalOf(stop: AbortSignal): StopSignal {
  return stop.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
}

/** From now until the returned release, a stop of this call is answered by the caller, not by the entry. */
export function takeStop(stop: AbortSignal): () => void {
  takers.set(stop, (takers.get(stop) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    takers.set(stop, takers.get(stop)! - 1);
  };
}

/** Whether some part of the call answers its stop itself right now. */
export function stopTaken(stop: AbortSignal): boolean {
  return (takers.get(stop) ?? 0) > 0;
}

/** A stop that never comes: a call nobody can cancel (tests, tools that run no process). */
export const NEVER_STOPPED: AbortSignal = new AbortController().signal;
