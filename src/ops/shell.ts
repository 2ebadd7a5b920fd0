// shell: run a bash command in the run's working directory and return its cleaned, shaped output.
// The output goes straight to the call's log file and is read back, while the command writes it, in one
// streaming pass through the cleaner into a head/tail collector, so memory does not grow with the output.
import {
  SHELL_HEAD_MAX_BYTES,
  SHELL_KILL_GRACE_MS,
  SHELL_LINE_END_REACH_PERCENT,
} from '../limits.js';
import { failureWatchFor } from './failure-watch.js';
import { errorCode, type Io } from '../io/types.js';
import type { ShellOutcome, ShellRun } from '../io/shell-types.js';
import { ToolError, type Meta } from '../protocol/envelope.js';
import {
  clampInteger,
  SHELL_DEFAULT_TIMEOUT_SECONDS,
  SHELL_MAX_TIMEOUT_SECONDS,
  SHELL_MIN_TIMEOUT_SECONDS,
} from '../protocol/tools.js';
import { joinPath, normalizeAbsolute } from '../paths.js';
import { StreamingCleaner } from '../shape/clean.js';
import {
  collectedOutput,
  INTERRUPTED_LINE,
  outputCollectorFor,
  shapeShellText,
  shellTrailers,
  timedOutLine,
  type ShellShapeLimits,
} from '../shape/shell.js';
import type { Context, OpResult } from './context.js';
import { startBackground } from './background.js';
import { commandEnvironment } from './command-env.js';
import { runFolder, RUNS_FOLDER_NAME, saveWorkingDirectory, stateFailure } from './workdir.js';

export const TIMED_OUT_EXIT_CODE = 124;

/** Single quotes for bash: nothing inside is special but the quote itself. */
export function bashQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command, behind an EXIT trap that writes the shell's final folder to `recordPath`: the trap runs
 * after a failing command and after `exit N` too. It shares the command's first line so that bash's
 * line numbers in error messages stay the command's own.
 */
export function scriptWithDirectoryRecord(command: string, recordPath: string): string {
  // >| writes even under `set -o noclobber`. A record that cannot be written (its run folder pruned
  // meanwhile, a full disk) only leaves the directory as it was: no error line joins the output.
  return `trap ${bashQuote(`builtin pwd 2>/dev/null >| ${bashQuote(recordPath)}`)} EXIT; ${command}`;
}

/** Prepares the run folder; what stands in the way is one line for the model, not an internal error. */
function prepare(path: string, what: 'create' | 'clear', step: () => void): void {
  try {
    step();
  } catch (error) {
    throw new ToolError(`shell: cannot run the command: cannot ${what} ${path}: ${stateFailure(error)}`);
  }
}

/**
 * Removes a file the call no longer needs. The command had the run folder to itself and may have put
 * anything there; what stays is removed with the run, so a failure here must not lose the answer.
 */
function removeIfPossible(io: Io, path: string): void {
  try {
    io.fs.removeFile(path);
  } catch {
    // left for the run's removal
  }
}

function readRecordedDirectory(io: Io, path: string): string | null {
  try {
    const text = new TextDecoder().decode(io.fs.readFile(path)).replace(/\n$/, '');
    if (!text.startsWith('/') || /[\0\n]/.test(text)) return null;
    return io.fs.stat(text)?.kind === 'folder' ? normalizeAbsolute(text) : null;
  } catch {
    return null;
  } finally {
    removeIfPossible(io, path);
  }
}

function stopLineOf(outcome: ShellOutcome, timeoutSeconds: number): string | null {
  if (outcome.timedOut) return timedOutLine(timeoutSeconds);
  if (outcome.interruptedBy !== null) return INTERRUPTED_LINE;
  return null;
}

export async function shell(context: Context): Promise<OpResult> {
  const { io, request, cwd } = context;
  const { args } = request;
  const command = args.command as string;
  if (command.trim() === '') throw new ToolError('shell: command is empty');
  if (command.includes('\0')) throw new ToolError('shell: the command contains a NUL byte');
  if (args.background === true) return startBackground(context);

  const timeoutSeconds = clampInteger(
    (args.timeout_seconds as number | undefined) ?? SHELL_DEFAULT_TIMEOUT_SECONDS,
    SHELL_MIN_TIMEOUT_SECONDS,
    SHELL_MAX_TIMEOUT_SECONDS,
  );

  const folder = runFolder(io, request.runId);
  prepare(folder, 'create', () => io.fs.makeFolder(folder));
  const logPath = joinPath(folder, `${request.callId}.log`);
  const recordPath = joinPath(folder, `${request.callId}.cwd`);
  // Whatever a call with the same id left there goes, so that the log is never written through a link.
  prepare(logPath, 'clear', () => io.fs.removeFile(logPath));
  prepare(recordPath, 'clear', () => io.fs.removeFile(recordPath));

  const limits: ShellShapeLimits = {
    maxBytes: request.maxBytes,
    headMaxBytes: SHELL_HEAD_MAX_BYTES,
    lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT,
  };
  const collector = outputCollectorFor(limits);
  const watch = failureWatchFor(collector, limits);
  const cleaner = new StreamingCleaner(watch, {
    keepChars: limits.maxBytes,
    isUtf8: (bytes) => io.shell.isUtf8(bytes),
    isAscii: io.shell.isAscii,
  });

  const run: ShellRun = {
    script: scriptWithDirectoryRecord(command, recordPath),
    cwd,
    env: commandEnvironment(context),
    logPath,
    timeoutMs: timeoutSeconds * 1000,
    killGraceMs: SHELL_KILL_GRACE_MS,
  };
  let outcome: ShellOutcome;
  try {
    outcome = await io.shell.run(run, (bytes) => cleaner.write(bytes));
  } catch (error) {
    removeIfPossible(io, logPath);
    removeIfPossible(io, recordPath);
    const code = (error as { code?: unknown }).code;
    const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
    throw new ToolError(`shell: could not run the command in ${cwd}: ${reason}`);
  }

  // The command has run: a directory that cannot be recorded is said beside its output, never instead of it.
  let notRecorded: string | null = null;
  const finalFolder = readRecordedDirectory(io, recordPath);
  try {
    if (finalFolder !== null) saveWorkingDirectory(io, request.runId, finalFolder);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    notRecorded = `[${error.message}; the next call starts in ${cwd}]`;
  }

  cleaner.end();
  const exitCode = outcome.timedOut ? TIMED_OUT_EXIT_CODE : outcome.exitCode;
  const output = collectedOutput(collector);
  const shaped = shapeShellText(
    output,
    shellTrailers(exitCode, [stopLineOf(outcome, timeoutSeconds), notRecorded].filter((line) => line !== null).join('\n') || null),
    logPath,
    limits,
    `~/${RUNS_FOLDER_NAME}/${request.runId}/${request.callId}.log`,
    () => watch.result(output),
  );
  if (!shaped.elided) removeIfPossible(io, logPath);

  const meta: Meta = { exit_code: exitCode, cwd, timed_out: outcome.timedOut };
  if (shaped.elided) meta.log_path = logPath;
  return { text: shaped.text, meta };
}
