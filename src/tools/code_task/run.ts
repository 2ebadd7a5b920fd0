// code_task: hand the brief to the harness in the repository, wait for it, and report its status, the
// diffstat of exactly this task, its final message and its log (SPEC section 6). The only part of the
// tool that sees the I/O interfaces.
import type { CodeTaskArgs, CodeTaskMeta, HarnessName } from './contract.js';
import type { CodeTaskIo } from './io.js';
import type { HarnessOutcome, HarnessRun } from './harness-io.js';
import {
  CODE_TASK_KILL_GRACE_MS,
  CODE_TASK_STATE_FILE_MAX_BYTES,
  CODE_TASK_TEST_MINUTE_MIN_MS,
  HARNESS_LINE_MAX_BYTES,
  SNAPSHOT_TIMEOUT_MS,
} from '../../limits.js';
import type { Context, OpResult } from '../context.js';
import { commandEnvironment } from '../command-environment.js';
import { stateFailure } from '../../text/errno.js';
import { runFolder, runsFolder } from '../../workspace/workdir.js';
import { joinPath } from '../../text/paths.js';
import { encodeUtf8 } from '../../text/utf8.js';
import { LineSplitter } from '../../text/line-splitter.js';
import { codeTaskErrors, formatCodeTask, harnessInput } from './format.js';
import { chooseHarness, DETECTION_ORDER, type HarnessChoice } from './harnesses/index.js';
import { HARNESS_PARSER_LIMITS, type HarnessEvents } from './harnesses/types.js';
import { codeTaskMeta, failureReason, taskStatus } from './outcome.js';
import { harnessLive } from './live.js';
import {
  acquireLock,
  lockPath,
  readSession,
  releaseLock,
  stateFolder,
  writeSession,
  type LockHolder,
  type LockSystem,
  type SessionRecord,
} from './records.js';
import { callKey } from '../../io/call-mark.js';
import { chooseRepository, enclosingRepository, namedRepository, type RepoChoice } from './repo.js';
import { diffSince, snapshotBefore, snapshotLimits, type Snapshotter } from './snapshot.js';

/** code_task's context: the Io every tool gets, and its own (io.ts). */
type TaskContext = Context<CodeTaskIo>;

/** The caps of a task; tests shorten the minute to drive a timeout in seconds. */
export interface CodeTaskLimits {
  minuteMs: number;
  killGraceMs: number;
  snapshotTimeoutMs: number;
}

export const CODE_TASK_LIMITS: CodeTaskLimits = {
  minuteMs: 60_000,
  killGraceMs: CODE_TASK_KILL_GRACE_MS,
  snapshotTimeoutMs: SNAPSHOT_TIMEOUT_MS,
};

/**
 * The test knob of the minute: the end-to-end tests drive a timed-out harness through the bundle with
 * a minute of a few hundred milliseconds. Read from the helper's own environment, which a request
 * cannot set; anything but a whole number inside the bounds leaves the real minute.
 */
export const MINUTE_MS_VARIABLE = 'GUILDS_HARNESS_MINUTE_MS';

export function codeTaskLimits(env: Readonly<Record<string, string | undefined>>): CodeTaskLimits {
  const text = env[MINUTE_MS_VARIABLE];
  if (text === undefined || !/^[1-9][0-9]{0,5}$/.test(text)) return CODE_TASK_LIMITS;
  const minuteMs = Number(text);
  if (minuteMs < CODE_TASK_TEST_MINUTE_MIN_MS || minuteMs > CODE_TASK_LIMITS.minuteMs) return CODE_TASK_LIMITS;
  return { ...CODE_TASK_LIMITS, minuteMs };
}

function harnessOrFail(context: TaskContext, sessionHarness: HarnessName | null): HarnessChoice {
  const { env } = context.io;
  const choice = chooseHarness(env, (program) => context.io.harness.findOnPath(program, env.PATH) !== null, sessionHarness);
  if ('adapter' in choice) return choice;
  switch (choice.kind) {
    case 'unknown':
      throw codeTaskErrors.unknownHarness(choice.value);
    case 'no_command':
      throw codeTaskErrors.noHarnessCommand();
    case 'not_installed':
      throw codeTaskErrors.notInstalled(choice.harness, choice.program);
    case 'none_found':
      throw codeTaskErrors.noHarness(DETECTION_ORDER);
  }
}

function prepareLog(context: TaskContext): string {
  const { io, request } = context;
  const folder = runFolder(io, request.runId);
  const logPath = joinPath(folder, `${request.callId}.log`);
  try {
    io.fs.makeFolder(folder);
    // Whatever a call with the same id left there goes, so that the log is never written through a link.
    io.fs.removeFile(logPath);
  } catch (error) {
    throw codeTaskErrors.state('create the log', logPath, stateFailure(error));
  }
  return logPath;
}

function repoHash(context: TaskContext, repo: string): string {
  return context.io.sha256Hex(repo);
}

const NOT_STARTED: HarnessOutcome = { exitCode: null, signal: null, timedOut: false, stopped: true, logBytes: 0 };

interface Target {
  repo: string;
  /** The session resumed; null for a new one. */
  session: SessionRecord | null;
  harness: HarnessChoice;
}

/** Where the task runs and with which harness; a resumed session keeps its harness and its repository. */
function taskTarget(context: TaskContext, args: CodeTaskArgs, repoChoice: RepoChoice): Target {
  const { io, request } = context;
  if (args.sessionId === undefined) {
    const repo = chooseRepository(repoChoice, args.repo);
    return { repo, session: null, harness: harnessOrFail(context, null) };
  }
  const session = readSession(io.fs, io.home, request.agentId, args.sessionId, CODE_TASK_STATE_FILE_MAX_BYTES);
  if (session === null) throw codeTaskErrors.unknownSession(args.sessionId);
  if (args.repo !== undefined && namedRepository(repoChoice, args.repo) !== session.repo) {
    throw codeTaskErrors.sessionRepoMismatch(args.sessionId, session.repo);
  }
  return { repo: namedRepository(repoChoice, session.repo), session, harness: harnessOrFail(context, session.harness) };
}

function snapshotterFor(context: TaskContext, limits: CodeTaskLimits): Snapshotter {
  const { io, request } = context;
  return {
    git: context.io.git,
    agentEnv: io.env,
    home: io.home,
    scratchPrefix: joinPath(runFolder(io, request.runId), `${request.callId}.snapshot`),
    excludedFolders: [runsFolder(io), stateFolder(io.home)],
    removeFile: (path) => io.fs.removeFile(path),
    limits: snapshotLimits(limits.snapshotTimeoutMs),
  };
}

interface HarnessRunResult {
  outcome: HarnessOutcome;
  events: HarnessEvents;
  elapsedMs: number;
  /** The id the harness reported, else the one resumed or picked up front. */
  sessionId: string | null;
}

/** Run the harness to its end (or none at all when the helper was told to stop before it started). */
async function runHarness(
  context: TaskContext,
  target: Target,
  args: CodeTaskArgs,
  logPath: string,
  limits: CodeTaskLimits,
): Promise<HarnessRunResult> {
  const { io } = context;
  const { adapter, model, command } = target.harness;
  const resumeId = target.session === null ? null : args.sessionId!;
  const newSessionId = target.session === null && adapter.choosesSessionId ? context.io.harness.randomUuid() : null;
  const launch = adapter.launch({ repo: target.repo, resumeId, newSessionId, model, command });
  const parser = adapter.parser(HARNESS_PARSER_LIMITS);
  const live = harnessLive(context.progress, adapter);
  const splitter = new LineSplitter((line, clipped) => {
    parser.line(line, clipped);
    live.line(line, clipped);
  }, HARNESS_LINE_MAX_BYTES);

  const started = io.now();
  let outcome = NOT_STARTED;
  if (context.stop.signal.aborted) {
    io.fs.writeFileAtomic(logPath, '');
  } else {
    const run: HarnessRun = {
      argv: launch.argv,
      cwd: target.repo,
      // The environment of a shell command in the repository (GH_TOKEN included), then the harness's own.
      env: { ...commandEnvironment(context, target.repo), ...launch.env },
      input: encodeUtf8(harnessInput(args.brief, args.notes)),
      logPath,
      timeoutMs: args.timeoutMinutes * limits.minuteMs,
      stop: context.stop,
      killGraceMs: limits.killGraceMs,
      callKey: callKey(context.request.agentId, context.request.runId, context.request.callId),
    };
    try {
      outcome = await context.io.harness.run(run, (bytes) => {
        splitter.write(bytes);
        live.write(bytes);
      });
    } catch (error) {
      live.end();
      const code = (error as { code?: unknown }).code;
      const reason = typeof code === 'string' ? stateFailure(error) : error instanceof Error ? error.message : String(error);
      throw codeTaskErrors.cannotStart(adapter.name, reason);
    }
  }
  const elapsedMs = io.now() - started;
  splitter.end();
  live.end();
  const events = parser.result();
  return { outcome, events, elapsedMs, sessionId: events.sessionId ?? resumeId ?? newSessionId };
}

/** Remember the session for a resume; the answer matters more than the record, so a failure is silent. */
function recordSession(context: TaskContext, target: Target, sessionId: string): void {
  const { io, request } = context;
  const now = io.now();
  try {
    writeSession(io.fs, io.home, request.agentId, sessionId, {
      harness: target.harness.adapter.name,
      repo: target.repo,
      created_ms: target.session?.created_ms ?? now,
      updated_ms: now,
      run_id: request.runId,
      call_id: request.callId,
    });
  } catch {
    // A resume of this id will say it is unknown.
  }
}

export async function codeTask(
  context: TaskContext,
  args: CodeTaskArgs,
  limits: CodeTaskLimits = codeTaskLimits(context.io.env),
): Promise<OpResult<CodeTaskMeta>> {
  const { io, request } = context;
  const repoChoice: RepoChoice = { fs: io.fs, home: io.home, cwd: context.cwd };
  const target = taskTarget(context, args, repoChoice);
  const { repo } = target;

  const lockSystem: LockSystem = { fs: io.fs, processes: context.io.harness, now: () => io.now(), maxBytes: CODE_TASK_STATE_FILE_MAX_BYTES };
  const self = context.io.harness.self();
  const holder: LockHolder = {
    pid: self.pid,
    start_ticks: self.startTicks,
    run_id: request.runId,
    agent_id: request.agentId,
    call_id: request.callId,
    started_ms: io.now(),
    repo,
  };
  // One lock per work tree: two tasks in two folders of one git repository would share its index.
  const lock = lockPath(io.home, repoHash(context, enclosingRepository(repoChoice, repo) ?? repo));
  acquireLock(lockSystem, lock, holder);
  // From here the task answers a stop itself: a harness not started yet is not started, and the
  // answer still comes, with both snapshots.
  const releaseStop = context.stop.take();
  try {
    const logPath = prepareLog(context);
    const snapshotter = snapshotterFor(context, limits);
    const before = await snapshotBefore(snapshotter, repo);
    const { outcome, events, elapsedMs, sessionId } = await runHarness(context, target, args, logPath, limits);
    const diff = await diffSince(snapshotter, before);
    if (sessionId !== null) recordSession(context, target, sessionId);

    const status = taskStatus(outcome, events);
    const harness = target.harness.adapter.name;
    const report = {
      status,
      elapsedMs,
      reason: status === 'failed' ? failureReason(outcome, events) : null,
      harness,
      sessionId,
      diff,
      finalMessage: events.finalMessage,
      logPath,
    };
    const text = formatCodeTask(report, { maxBytes: request.maxBytes });
    const meta = codeTaskMeta({ status, harness, sessionId, repo, outcome, elapsedMs, diff, events, logPath });
    return { text, meta };
  } finally {
    releaseStop();
    releaseLock(lockSystem, lock, holder);
  }
}
