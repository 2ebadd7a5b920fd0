// Foreground commands in a process that serves many calls at once (the MCP server). The helper hears
// a stop as a signal to its own process, which reaches every command it runs; here one call is
// stopped alone, when its `signal` aborts, and its command is stopped just as the helper stops it
// on SIGTERM: SIGTERM to the group, SIGKILL after the grace, the output kept, "interrupted" said.
import type { ShellOutcome, ShellProcesses, ShellRun } from '../shell-types.js';
import { signalProcessGroup } from './process.js';
import { nodeShellProcesses, runInGroup, shellGroupRun, signalNumber } from './shell.js';

async function runStoppable(request: ShellRun, onOutput: (bytes: Uint8Array) => void, signal: AbortSignal): Promise<ShellOutcome> {
  let stopped = false;
  let groupId: number | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    if (stopped || groupId === undefined) return;
    stopped = true;
    signalProcessGroup(groupId, 'SIGTERM');
    const group = groupId;
    killTimer = setTimeout(() => signalProcessGroup(group, 'SIGKILL'), request.killGraceMs);
  };
  const end = await runInGroup(
    {
      ...shellGroupRun(request),
      // A finished command may leave processes running (`server &`); a stopped one leaves nothing.
      get stopLeftovers() {
        return stopped;
      },
      onStart(startedGroup) {
        groupId = startedGroup;
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      },
      onSettle() {
        clearTimeout(killTimer);
        signal.removeEventListener('abort', stop);
      },
    },
    onOutput,
  );
  const exitCode = end.code ?? (end.signal ? 128 + signalNumber(end.signal) : 1);
  const interruptedBy = end.interruptedBy ?? (stopped && !end.timedOut ? 'SIGTERM' : null);
  return { exitCode, timedOut: end.timedOut, interruptedBy, logBytes: end.logBytes };
}

/** The shell of nodeShellProcesses, whose commands also stop when `signal` aborts. */
export function stoppableShellProcesses(signal: AbortSignal): ShellProcesses {
  return { ...nodeShellProcesses, run: (request, onOutput) => runStoppable(request, onOutput, signal) };
}
