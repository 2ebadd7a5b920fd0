// shell with background: true: start the command under a supervisor in its own session, record it,
// and return at once. The job's whole life is read back later from its record by shell_status.
import { errorCode } from '../io/types.js';
import { ToolError } from '../protocol/envelope.js';
import { joinPath } from '../paths.js';
import { startedText } from '../shape/status.js';
import {
  backgroundFolder,
  exitPath,
  JOB_MARKER_VARIABLE,
  highestJobNumber,
  recordPath,
  type JobRecord,
} from './background-jobs.js';
import { commandEnvironment } from './command-env.js';
import type { Context, OpResult } from './context.js';
import { runFolder, stateFailure } from './workdir.js';

// Concurrent starts race for the next number; each loser moves on to the one after. Far more
// attempts than helpers that could ever start at once, and still a bound.
const ID_CLAIM_MAX_ATTEMPTS = 10_000;

/** Claim the next free id by creating its record; the creation fails if another start got there first. */
function claimId(context: Context, folder: string, record: Omit<JobRecord, 'id'>): string {
  const { io } = context;
  let next = highestJobNumber(io, folder) + 1;
  for (let attempt = 0; attempt < ID_CLAIM_MAX_ATTEMPTS; attempt++, next++) {
    const id = `b${next}`;
    if (io.background.createExclusive(recordPath(folder, id), JSON.stringify({ id, ...record }) + '\n')) return id;
  }
  throw new ToolError('could not allocate a background id: too many starts at once');
}

/** Called by shell() once it has checked the command (not blank, no NUL byte). */
export function startBackground(context: Context): OpResult {
  const { io, request, cwd } = context;
  const command = request.args.command as string;
  const folder = backgroundFolder(io, request.agentId);
  for (const needed of [folder, runFolder(io, request.runId)]) {
    try {
      io.fs.makeFolder(needed);
    } catch (error) {
      throw new ToolError(`shell: cannot start a background command: cannot create ${needed}: ${errorCode(error) ?? 'unknown error'}`);
    }
  }
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
    id = claimId(context, folder, pending);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(`shell: cannot start a background command: cannot record it in ${folder}: ${stateFailure(error)}`);
  }
  const env = commandEnvironment(context);
  env[JOB_MARKER_VARIABLE] = recordPath(folder, id);

  let pid: number;
  try {
    pid = io.background.startSupervised({ command, cwd, env, logPath, exitPath: exitPath(folder, id) });
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new ToolError(`shell: could not start ${id} in the background: ${reason}`);
  }
  // The supervisor is still this process's child, so even if it has already ended it is there to read.
  const startTicks = io.background.processStat(pid)?.startTicks ?? null;
  const record: JobRecord = { id, ...pending, pid, process_group: pid, start_ticks: startTicks };
  try {
    io.fs.writeFileAtomic(recordPath(folder, id), JSON.stringify(record) + '\n');
  } catch (error) {
    // Without its record the job could never be followed or stopped: it is ended at once. Its claimed
    // record stays, so that the id is not handed out again; it reads as ended.
    io.background.signalGroup(pid, 'SIGKILL');
    throw new ToolError(`shell: could not record ${id} in ${folder}: ${stateFailure(error)}; the command was stopped`);
  }

  return {
    text: startedText(id, pid, logPath),
    meta: { exit_code: null, cwd, timed_out: false, log_path: logPath, background_id: id },
  };
}
