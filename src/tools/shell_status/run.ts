// shell_status: list the agent's background commands, show one with its log's tail, or stop one.
// Every answer is read back from the records and /proc at the time of the call. The only part of the
// tool that sees the I/O layer.
import type { Io } from '../../io/types.js';
import {
  STATUS_COMMAND_MAX_CHARS,
  STATUS_LOG_TAIL_LINES,
  STATUS_LOG_TAIL_READ_MAX_BYTES,
  STOP_KILL_DELAY_SECONDS,
  STOP_SETTLE_POLL_MS,
  STOP_SETTLE_WAIT_MS,
} from '../../limits.js';
import type { ShellStatusArgs, ShellStatusDetailMeta, ShellStatusListMeta, ShellStatusMeta } from './contract.js';
import { isInside } from '../../text/paths.js';
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
} from '../../workspace/jobs.js';
import { runsFolder } from '../../workspace/workdir.js';
import type { Context, OpResult } from '../context.js';
import {
  endedFirstLead,
  formatDetail,
  formatList,
  logTail,
  notSignalledLead,
  shellStatusErrors,
  signalledLead,
  stateText,
  type ListEntry,
} from './format.js';

function listJobs(context: Context): OpResult<ShellStatusListMeta> {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const entries: ListEntry[] = [];
  for (const number of recordedJobNumbers(io, folder)) {
    const id = `b${number}`;
    const files = readJobFiles(io, folder, id);
    if (files === null) continue;
    const status = jobStatus(io, folder, files, table);
    if (status === null) entries.push({ id, problem: files.problem ?? 'unreadable' });
    else entries.push({ id, state: status.state, elapsedMs: status.elapsedMs, command: status.record.command });
  }
  return { text: formatList(entries, STATUS_COMMAND_MAX_CHARS, request.maxBytes), meta: { count: entries.length } };
}

function findJob(context: Context, id: string, table: ProcessTable): JobStatus {
  const { io, request } = context;
  if (!BACKGROUND_ID_PATTERN.test(id)) {
    throw shellStatusErrors.invalidId(id);
  }
  const folder = backgroundFolder(io, request.agentId);
  const files = readJobFiles(io, folder, id);
  if (files === null) throw shellStatusErrors.noSuchJob(id, recordedJobNumbers(io, folder));
  const status = jobStatus(io, folder, files, table);
  if (status === null) throw shellStatusErrors.unusableRecord(id, files.problem);
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

function detail(context: Context, status: JobStatus, lead: readonly string[] = []): OpResult<ShellStatusDetailMeta> {
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

function stopJob(context: Context, id: string): OpResult<ShellStatusDetailMeta> {
  const { io, request } = context;
  const folder = backgroundFolder(io, request.agentId);
  const table = new ProcessTable(io);
  const before = findJob(context, id, table);
  const { record } = before;
  if (!before.alive || record.pid === null || record.start_ticks === null) {
    return detail(context, before, [notSignalledLead(id, before.state)]);
  }
  // Checked again right before the signal: the group must still be this job's.
  table.refresh();
  if (!table.jobAlive(record, jobMarker(folder, id))) {
    const after = findJob(context, id, new ProcessTable(io));
    return detail(context, after, [endedFirstLead(id)]);
  }
  // Recorded before the signal, so that the job's end reads as stopped. The first request's time is
  // the one kept: it is when the job was asked to end.
  io.background.createExclusive(stopPath(folder, id), new Date(io.now()).toISOString() + '\n');
  // The group, and every process that carries the job's marker outside it (setsid, a double fork, nohup).
  // The job's shell first: the supervisor defers its SIGTERM, and a shell whose foreground child died
  // of the group's signal before the shell had its own would print "Terminated" into the log, as
  // gVisor, which sends a group's signal member by member, lets happen.
  const marker = jobMarker(folder, id);
  for (const shell of table.shells(record, marker)) io.background.signalProcess(shell, 'SIGTERM');
  io.background.signalGroup(record.pid, 'SIGTERM');
  io.background.signalMarked(marker, 'SIGTERM');
  io.background.scheduleGroupKill(record.pid, record.start_ticks, STOP_KILL_DELAY_SECONDS, killedPath(folder, id), marker);

  // Bounded by the clock, not by a count of polls: on a loaded machine each look at the process
  // table takes long, and the answer should not wait past the settle time for it.
  const settleBy = io.now() + STOP_SETTLE_WAIT_MS;
  let after = findJob(context, id, new ProcessTable(io));
  while (after.alive && io.now() < settleBy) {
    io.background.sleep(STOP_SETTLE_POLL_MS);
    after = findJob(context, id, new ProcessTable(io));
  }
  return detail(context, after, [signalledLead(id, record.pid, !after.alive, STOP_KILL_DELAY_SECONDS)]);
}

export function shellStatus(context: Context, args: ShellStatusArgs): OpResult<ShellStatusMeta> {
  const { id, stop } = args;
  if (id === undefined) {
    if (stop) throw shellStatusErrors.stopWithoutId();
    return listJobs(context);
  }
  if (stop) return stopJob(context, id);
  return detail(context, findJob(context, id, new ProcessTable(context.io)));
}
