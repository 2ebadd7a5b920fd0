// A call's one stop: a CallStop, made once per call by its host (src/call/host.ts) and aborted by the
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
  // Made when a part first asks for the signal: Node loads its AbortController module on first use,
  // about 2.4 million instructions (2.5 % of `node -e 0`), and file_read and shell_status never listen.
  private controller: AbortController | null = null;
  /** The first abort's signal, kept for a controller made after it. */
  private reason: StopSignal | null = null;
  /** What listenForStop registered: called without an EventTarget, which costs a shell call 2 million instructions. */
  private readonly listeners = new Set<() => void>();
  private takers = 0;

  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.reason !== null) this.controller.abort(this.reason);
    }
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
    if (this.reason === null) {
      this.reason = signal;
      this.controller?.abort(signal);
      for (const listener of [...this.listeners]) callAsEventTargetDoes(listener);
      this.listeners.clear();
    }
    return this.taken;
  }

  /** listenForStop for a CallStop: the listener is called once, at the abort or at once after it. */
  listen(listener: () => void): () => void {
    if (this.reason !== null) {
      queueMicrotask(listener);
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** A listener's throw becomes an uncaught exception, as an EventTarget's does, and the others still run. */
function callAsEventTargetDoes(listener: () => void): void {
  try {
    listener();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/**
 * Calls `listener` once when `stop` aborts (in a microtask when it already has); returns what stops
 * listening. A CallStop keeps its listeners itself, so a call that is never stopped makes no
 * AbortSignal; any other Stop is listened to on its signal.
 */
export function listenForStop(stop: Stop, listener: () => void): () => void {
  if (stop instanceof CallStop) return stop.listen(listener);
  if (stop.signal.aborted) {
    queueMicrotask(listener);
    return () => undefined;
  }
  stop.signal.addEventListener('abort', listener, { once: true });
  return () => stop.signal.removeEventListener('abort', listener);
}

/** Why the call was stopped: the signal's name given as the abort's reason; SIGTERM for any other (a cancel). */
export function stopSignalOf(stop: Stop): StopSignal {
  return stop.signal.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
}

/** A stop that never comes: a call nobody can cancel (tests, tools that run no process). */
export const NEVER_STOPPED: Stop = new CallStop();
