// shell: run a bash command in the run's working directory and return its cleaned, shaped output, or
// start it in the background. The only part of the tool that sees the I/O layer.
// The output goes straight to the call's log file and is read back, while the command writes it, in one
// streaming pass through the cleaner into a head/tail collector, so memory does not grow with the output.
import {
  BACKGROUND_ID_CLAIM_MAX_ATTEMPTS,
  SHELL_INLINE_SCRIPT_MAX_BYTES,
  SHELL_KILL_GRACE_MS,
  SHELL_SLOW_COMMAND_MS,
} from '../../limits.js';
import type { Io } from '../../io/types.js';
import type { ShellOutcome, ShellRun } from './io.js';
import { ToolError } from '../../contract/errors.js';
import { ELIDED_BYTES_META_FIELD } from '../../contract/telemetry.js';
import type { ShellArgs, ShellMeta } from './contract.js';
import { codeOrMessage, errorCode, stateFailure } from '../../text/errno.js';
import { joinPath, normalizeAbsolute } from '../../text/paths.js';
import {
  backgroundFolder,
  exitPath,
  highestJobNumber,
  JOB_MARKER_VARIABLE,
  recordPath,
  type JobRecord,
} from '../../workspace/jobs.js';
import { runFolder, RUNS_FOLDER_NAME, saveWorkingDirectory } from '../../workspace/workdir.js';
import type { Context, OpResult } from '../context.js';
import type { ShellIo } from './io.js';
import { StreamingCleaner } from './clean.js';
import { failureWatchFor } from './failure-watch.js';
import { outputTapFor } from './output-tap.js';
import { collectedOutput, outputCollectorFor, shellShapeLimits } from './collect.js';
import { commandEnvironment } from '../command-environment.js';
import {
  INTERRUPTED_LINE,
  notRecordedLine,
  shapeShellText,
  shellErrors,
  shellTrailers,
  startedText,
  timedOutLine,
} from './format.js';
import { backgroundScript, foregroundScript, foregroundScriptArgs, TIMED_OUT_EXIT_CODE } from './script.js';
import { callKey } from '../../io/call-mark.js';

/** Prepares the run folder; what stands in the way is one line for the model, not an internal error. */
function prepare(path: string, what: 'create' | 'clear', step: () => void): void {
  try {
    step();
  } catch (error) {
    throw shellErrors.cannotPrepare(what, path, stateFailure(error));
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

/** The shell ended in the folder it started in: bash's EXIT trap wrote no record (script.ts). */
const NOT_MOVED = 'not moved';

/**
 * The folder bash recorded, removed once read: NOT_MOVED when there is no record, null when the
 * record names no folder there is.
 */
function readRecordedDirectory(io: Io, path: string): string | null | typeof NOT_MOVED {
  let bytes: Uint8Array;
  try {
    // Most commands end where they started: an lstat finds no record without the error that a failed
    // open throws (src/io/node/files.ts, removeFileIfPresent).
    if (io.fs.lstat(path) === null) return NOT_MOVED;
    bytes = io.fs.readFile(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return NOT_MOVED;
    removeIfPossible(io, path);
    return null;
  }
  try {
    const text = new TextDecoder().decode(bytes).replace(/\n$/, '');
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

export async function shell(context: Context<ShellIo>, args: ShellArgs): Promise<OpResult<ShellMeta>> {
  const { command } = args;
  if (command.trim() === '') throw shellErrors.emptyCommand();
  if (command.includes('\0')) throw shellErrors.nulInCommand();
  return args.background ? startBackground(context, command) : runForeground(context, command, args.timeoutSeconds);
}

/** The output's way from the log to the text: cleaned as a terminal shows it, collected head and tail. */
function outputPipeline(io: Io & ShellIo, maxBytes: number) {
  const limits = shellShapeLimits(maxBytes);
  const collector = outputCollectorFor(limits);
  const watch = failureWatchFor(collector, limits);
  const cleaner = new StreamingCleaner(watch, {
    keepChars: limits.maxBytes,
    isUtf8: (bytes) => io.shell.isUtf8(bytes),
    isAscii: io.shell.isAscii,
  });
  return { limits, collector, watch, cleaner };
}

/**
 * Records the shell's final folder as the run's working directory, unless the run's record already
 * names it (`cwdRecorded`: the call's folder came from the record). The command has run: a directory
 * that cannot be recorded is said beside its output (the line returned), never instead of it.
 */
function recordFinalFolder(io: Io, runId: string, recordPath: string, cwd: string, cwdRecorded: boolean): string | null {
  const recorded = readRecordedDirectory(io, recordPath);
  if (recorded === NOT_MOVED) {
    if (!cwdRecorded) pinStartingFolder(io, runId, cwd);
    return null;
  }
  if (recorded === null || (recorded === cwd && cwdRecorded)) return null;
  try {
    saveWorkingDirectory(io, runId, recorded);
    return null;
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return notRecordedLine(error.message, cwd);
  }
}

/**
 * A shell that stayed in the default folder (the run had no record, or its folder was gone) records
 * it, so that a folder made again later does not take the run back. The run stands there either way:
 * a record that cannot be written (a full disk) is no news for the command's output.
 */
function pinStartingFolder(io: Io, runId: string, cwd: string): void {
  try {
    saveWorkingDirectory(io, runId, cwd);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
  }
}

/** The files of one foreground call, in its run's folder: its log, its final folder's record, its long command. */
interface ForegroundFiles {
  logPath: string;
  recordPath: string;
  commandPath: string;
}

/**
 * The call's files, cleared of whatever a call with the same id left there (so that the log is never
 * written through a link), and the script that runs the command; a long command written beside it.
 */
function prepareForeground(io: Io, request: Context['request'], command: string, cwd: string): { files: ForegroundFiles; script: string; commandFile: boolean } {
  const folder = runFolder(io, request.runId);
  prepare(folder, 'create', () => io.fs.makeFolder(folder));
  const at = (suffix: string): string => joinPath(folder, `${request.callId}.${suffix}`);
  const files = { logPath: at('log'), recordPath: at('cwd'), commandPath: at('cmd') };
  prepare(files.logPath, 'clear', () => io.fs.removeFile(files.logPath));
  prepare(files.recordPath, 'clear', () => io.fs.removeFile(files.recordPath));
  const { script, commandFileText } = foregroundScript(command, { start: cwd, record: files.recordPath, command: files.commandPath }, SHELL_INLINE_SCRIPT_MAX_BYTES);
  // Replaced whole by a rename: never written through a link left there.
  if (commandFileText !== null) prepare(files.commandPath, 'create', () => io.fs.writeFileAtomic(files.commandPath, commandFileText));
  return { files, script, commandFile: commandFileText !== null };
}

async function runForeground(context: Context<ShellIo>, command: string, timeoutSeconds: number): Promise<OpResult<ShellMeta>> {
  const { io, request, cwd } = context;
  const { files, script, commandFile } = prepareForeground(io, request, command, cwd);
  const { limits, collector, watch, cleaner } = outputPipeline(io, request.maxBytes);
  const run: ShellRun = {
    script,
    scriptArgs: foregroundScriptArgs(cwd),
    cwd,
    env: commandEnvironment(context, context.cwd),
    logPath: files.logPath,
    callKey: callKey(request.agentId, request.runId, request.callId),
    timeoutMs: timeoutSeconds * 1000,
    stop: context.stop,
    killGraceMs: SHELL_KILL_GRACE_MS,
  };
  let outcome: ShellOutcome;
  const startedAt = io.now();
  const tap = outputTapFor(context.progress);
  try {
    outcome = await io.shell.run(run, (bytes) => {
      tap.write(bytes);
      cleaner.write(bytes);
    });
  } catch (error) {
    removeIfPossible(io, files.logPath);
    removeIfPossible(io, files.recordPath);
    throw shellErrors.cannotRun(cwd, codeOrMessage(error));
  } finally {
    tap.end();
    if (commandFile) removeIfPossible(io, files.commandPath);
  }
  const notRecorded = recordFinalFolder(io, request.runId, files.recordPath, cwd, context.cwdRecorded === true);
  const elapsedMs = Math.max(0, io.now() - startedAt);
  cleaner.end();
  const exitCode = outcome.timedOut ? TIMED_OUT_EXIT_CODE : outcome.exitCode;
  const output = collectedOutput(collector);
  const stopLines = [stopLineOf(outcome, timeoutSeconds), notRecorded].filter((line) => line !== null).join('\n') || null;
  const trailers = shellTrailers(exitCode, stopLines, elapsedMs, SHELL_SLOW_COMMAND_MS);
  const homeLog = `~/${RUNS_FOLDER_NAME}/${request.runId}/${request.callId}.log`;
  const shaped = shapeShellText(output, trailers, files.logPath, limits, homeLog, () => watch.result(output));
  if (!shaped.elided) removeIfPossible(io, files.logPath);
  const meta: ShellMeta = { exit_code: exitCode, cwd, timed_out: outcome.timedOut, elapsed_ms: elapsedMs };
  if (shaped.elided) meta.log_path = files.logPath;
  // Only for the operator's telemetry when asked: the envelope of a call that does not ask stays as it was.
  if (request.telemetry === true && shaped.elidedBytes !== undefined) (meta as Record<string, unknown>)[ELIDED_BYTES_META_FIELD] = shaped.elidedBytes;
  return { text: shaped.text, meta };
}

/** Claim the next free id by creating its record; the creation fails if another start got there first. */
function claimId(io: Io, folder: string, record: Omit<JobRecord, 'id'>): string {
  let next = highestJobNumber(io, folder) + 1;
  for (let attempt = 0; attempt < BACKGROUND_ID_CLAIM_MAX_ATTEMPTS; attempt++, next++) {
    const id = `b${next}`;
    if (io.background.createExclusive(recordPath(folder, id), JSON.stringify({ id, ...record }) + '\n')) return id;
  }
  throw shellErrors.noBackgroundId();
}

/** The folders a background start writes in: the agent's records, the run's logs. */
function makeBackgroundFolders(io: Io, folders: readonly string[]): void {
  for (const needed of folders) {
    try {
      io.fs.makeFolder(needed);
    } catch (error) {
      throw shellErrors.cannotCreateForBackground(needed, errorCode(error) ?? 'unknown error');
    }
  }
}

/**
 * Writes the started job's whole record over its claim, with the supervisor's start time: it is
 * still this process's child, so even if it has already ended it is there to read. Without its record
 * the job could never be followed or stopped: it is ended at once, and its claimed record stays, so
 * that the id is not handed out again; it reads as ended.
 */
function recordStarted(io: Io, folder: string, started: JobRecord): void {
  const record: JobRecord = { ...started, start_ticks: io.background.processStat(started.pid!)?.startTicks ?? null };
  try {
    io.fs.writeFileAtomic(recordPath(folder, record.id), JSON.stringify(record) + '\n');
  } catch (error) {
    io.background.signalGroup(record.pid!, 'SIGKILL');
    throw shellErrors.cannotRecordBackground(record.id, folder, stateFailure(error));
  }
}

/**
 * Start the command under a supervisor in its own session, record it, and return at once. The job's
 * whole life is read back later from its record by shell_status.
 */
function startBackground(context: Context<ShellIo>, command: string): OpResult<ShellMeta> {
  const { io, request, cwd } = context;
  const startedAt = io.now();
  const folder = backgroundFolder(io, request.agentId);
  makeBackgroundFolders(io, [folder, runFolder(io, request.runId)]);
  const logPath = joinPath(runFolder(io, request.runId), `${request.callId}.log`);

  const pending: Omit<JobRecord, 'id'> = {
    command,
    cwd,
    log_path: logPath,
    run_id: request.runId,
    call_id: request.callId,
    started_at_ms: io.now(),
    pid: null,
    process_group: null,
    start_ticks: null,
  };
  let id: string;
  try {
    id = claimId(io, folder, pending);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw shellErrors.cannotClaimBackgroundId(folder, stateFailure(error));
  }
  const env = commandEnvironment(context, context.cwd);
  env[JOB_MARKER_VARIABLE] = recordPath(folder, id);

  // A long command travels through a file that the job removes once it has read it.
  const commandPath = joinPath(runFolder(io, request.runId), `${request.callId}.cmd`);
  const { script, scriptArgs, commandFileText } = backgroundScript(command, commandPath, SHELL_INLINE_SCRIPT_MAX_BYTES);
  let pid: number;
  try {
    if (commandFileText !== null) io.fs.writeFileAtomic(commandPath, commandFileText);
    pid = io.background.startSupervised({ script, scriptArgs, cwd, env, logPath, exitPath: exitPath(folder, id) });
  } catch (error) {
    if (commandFileText !== null) removeIfPossible(io, commandPath);
    throw shellErrors.cannotStartBackground(id, codeOrMessage(error));
  }
  recordStarted(io, folder, { id, ...pending, pid, process_group: pid, start_ticks: null });
  return {
    text: startedText(id, pid, logPath),
    meta: { exit_code: null, cwd, timed_out: false, elapsed_ms: Math.max(0, io.now() - startedAt), log_path: logPath, background_id: id },
  };
}
