// shell's I/O (io.ts), as Node gives it: the command as bash -c in a process group of its own, run by
// the group runner it shares with code_task's harness (src/io/node/process-group.ts).
import { isAscii, isUtf8 } from 'node:buffer';
import { newCallToken, runInGroup, signalNumber, type GroupRun } from '../../io/node/process-group.js';
import type { ShellIo, ShellOutcome, ShellProcesses, ShellRun } from './io.js';

const BASH = 'bash';

/**
 * A shell command as a group run: bash -c, entering its folder itself (script.ts), its log, its
 * limits, its group told to the helper's guard where it has one.
 */
export function shellGroupRun(request: ShellRun): GroupRun {
  return {
    file: BASH,
    args: ['-c', request.script, ...request.scriptArgs],
    entersFolderItself: true,
    cwd: request.cwd,
    env: request.env,
    logPath: request.logPath,
    timeoutMs: request.timeoutMs,
    stop: request.stop,
    killGraceMs: request.killGraceMs,
    markToken: newCallToken(request.callKey),
    // What a finished command left running (`server &`) is its to leave.
    stopLeftovers: false,
    guarded: true,
  };
}

async function runShell(request: ShellRun, onOutput: (bytes: Uint8Array) => void): Promise<ShellOutcome> {
  const end = await runInGroup(shellGroupRun(request), onOutput);
  const exitCode = end.code ?? (end.signal ? 128 + signalNumber(end.signal) : 1);
  return { exitCode, timedOut: end.timedOut, interruptedBy: end.interruptedBy, logBytes: end.logBytes };
}

const decoder = new TextDecoder('utf-8', { fatal: true });

const nodeShellProcesses: ShellProcesses = {
  run: runShell,
  // buffer.isAscii arrived in Node 18.15.
  isAscii: typeof isAscii === 'function' ? (bytes) => isAscii(bytes) : undefined,
  isUtf8(bytes) {
    // buffer.isUtf8 arrived in Node 18.14; before it, decoding is the check.
    if (typeof isUtf8 === 'function') return isUtf8(bytes);
    try {
      decoder.decode(bytes);
      return true;
    } catch {
      return false;
    }
  },
};

export const SHELL_NODE_IO: ShellIo = { shell: nodeShellProcesses };
