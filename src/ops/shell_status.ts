// shell_status: list the agent's background commands, show one with its log's tail, or stop one.
// Every answer is read back from the records and /proc at the time of the call.
import type { Io } from '../io/types.js';
import { ToolError } from '../protocol/envelope.js';
import { STATUS_LOG_TAIL_LINES } from '../protocol/tools.js';
import { formatDetail, formatList, logTail, stateText, type ListEntry } from '../shape/status.js';
import { isInside } from '../paths.js';
import {
  BACKGROUND_ID_PATTERN,
  backgroundFolder,
  jobMarker,
  jobStatus,
  killedPath,
  ProcessTable,
  readJobFiles,
  recordedJobNumbers,
  stopPath,
  type JobStatus,
} from './background-jobs.js';
import type { Context, OpResult } from './context.js';
import { runsFolder } from './workdir.js';

export const STATUS_COMMAND_MAX_CHARS = 200;
// Enough for 40 long lines; the tail is read from the end, so a log of any size costs the same.
export const STATUS_LOG_TAIL_READ_MAX_BYTES = 65_536;
export const STOP_KILL_DELAY_SECONDS = 5;
// After the SIGTERM, how long the answer waits for a cooperative job to be gone, so that it can say
// "stopped" rather than "stopping"; a job that ignores the signal costs this wait once.
export const STOP_SETTLE_WAIT_MS = 1000;
export const STOP_SETTLE_POLL_MS = 25;

function listJobs(context: Context): OpResult {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const entries: ListEntry[] = [];
  for (const number of recordedJobNumbers(io, folder)) {
    const id = `b${number}`;
    const files = readJobFiles(io, folder, id);
    if (files === null) continue;
    const status = jobStatus(io, folder, files, table);
    if (status === null) entries.push({ id, problem: files.problem ?? 'unreadable record' });
    else entries.push({ id, state: status.state, elapsedMs: status.elapsedMs, command: status.record.command });
  }
  return { text: formatList(entries, STATUS_COMMAND_MAX_CHARS, request.maxBytes), meta: { count: entries.length } };
}

function knownIdsHint(io: Io, folder: string): string {
  const numbers = recordedJobNumbers(io, folder);
  if (numbers.length === 0) return 'there are no background commands';
  if (numbers.length === 1) return `the only one is b${numbers[0]}`;
  return `known ids: b${numbers[0]} to b${numbers[numbers.length - 1]}`;
}

function findJob(context: Context, id: string, table: ProcessTable): JobStatus {
  const { io, request } = context;
  if (!BACKGROUND_ID_PATTERN.test(id)) {
    throw new ToolError(`shell_status: invalid id '${id.slice(0, 64)}': background ids look like b1, b2, …`);
  }
  const folder = backgroundFolder(io, request.agentId);
  const files = readJobFiles(io, folder, id);
  if (files === null) throw new ToolError(`shell_status: no background command ${id} (${knownIdsHint(io, folder)})`);
  const status = jobStatus(io, folder, files, table);
  if (status === null) {
    throw new ToolError(`shell_status: the record of ${id} cannot be used (${files.problem}); nothing was done to it`);
  }
  return status;
}

/** The log's last bytes, read from its end: a log of any size costs one bounded read. */
function readLogTail(io: Io, logPath: string): string | null {
  if (!isInside(logPath, runsFolder(io))) return null;
  let file;
  try {
    file = io.fs.openRead(logPath);
  } catch {
    return null;
  }
  try {
    const info = file.info();
    if (info.kind !== 'file' || !isInside(file.realPath(), runsFolder(io))) return null;
    const length = Math.min(info.size, STATUS_LOG_TAIL_READ_MAX_BYTES);
    const start = info.size - length;
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const read = file.readAt(buffer.subarray(filled), length - filled, start + filled);
      if (read === 0) break;
      filled += read;
    }
    return logTail(buffer.subarray(0, filled), start === 0, STATUS_LOG_TAIL_LINES);
  } finally {
    file.close();
  }
}

function detail(context: Context, status: JobStatus, lead: readonly string[] = []): OpResult {
  const { io, request } = context;
  const { record, state } = status;
  const tail = readLogTail(io, record.log_path);
  return {
    text: formatDetail({ state, elapsedMs: status.elapsedMs, logPath: record.log_path, tail }, request.maxBytes, lead),
    meta: {
      background_id: record.id,
      state: stateText(state),
      log_path: record.log_path,
      exit_code: status.files.exitCode,
    },
  };
}

function stopJob(context: Context, id: string): OpResult {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const before = findJob(context, id, table);
  const { record } = before;
  if (!before.alive || record.pid === null || record.start_ticks === null) {
    const done = before.state.kind === 'stopped' ? 'was already stopped' : `has already ${stateText(before.state)}`;
    return detail(context, before, [`${id} ${done}; no signal was sent`]);
  }
  // Checked again right before the signal: the group must still be this job's.
  table.refresh();
  if (!table.jobAlive(record, jobMarker(folder, id))) {
    const after = findJob(context, id, new ProcessTable(io));
    return detail(context, after, [`${id} ended before it could be signalled; no signal was sent`]);
  }
  // Recorded before the signal, so that the job's end reads as stopped. The first request's time is
  // the one kept: it is when the job was asked to end.
  io.background.createExclusive(stopPath(folder, id), new Date(io.now()).toISOString() + '\n');
  io.background.signalGroup(record.pid, 'SIGTERM');
  io.background.scheduleGroupKill(record.pid, record.start_ticks, STOP_KILL_DELAY_SECONDS, killedPath(folder, id));

  let after = before;
  for (let waited = 0; ; waited += STOP_SETTLE_POLL_MS) {
    after = findJob(context, id, new ProcessTable(io));
    if (!after.alive || waited >= STOP_SETTLE_WAIT_MS) break;
    io.background.sleep(STOP_SETTLE_POLL_MS);
  }
  const lead = after.alive
    ? `sent SIGTERM to ${id} (process group ${record.pid}); SIGKILL follows in ${STOP_KILL_DELAY_SECONDS}s if it is still running`
    : `sent SIGTERM to ${id} (process group ${record.pid}); it has stopped`;
  return detail(context, after, [lead]);
}

export function shellStatus(context: Context): OpResult {
  const { args } = context.request;
  const id = args.id as string | undefined;
  const stop = args.stop === true;
  if (id === undefined) {
    if (stop) throw new ToolError('shell_status: stop needs the id of the command to stop, such as b1');
    return listJobs(context);
  }
  if (stop) return stopJob(context, id);
  return detail(context, findJob(context, id, new ProcessTable(context.io)));
}
