// From how the harness ended and what it said, to the task's status, reason and meta. Pure.
import type { CodeTaskMeta, CodeTaskStatus, HarnessName } from './contract.js';
import type { HarnessOutcome } from './harness-io.js';
import type { DiffstatOutcome } from './snapshot.js';
import type { FailureReason } from './format.js';
import type { HarnessEvents } from './harnesses/types.js';

/** A stop of the helper outranks a timeout, which outranks what the harness said. */
export function taskStatus(outcome: HarnessOutcome, events: HarnessEvents): CodeTaskStatus {
  if (outcome.stopped) return 'stopped';
  if (outcome.timedOut) return 'timed_out';
  if (events.error !== null || outcome.exitCode !== 0) return 'failed';
  return 'completed';
}

/**
 * Why a failed task failed, in the harness's own words when it gave any: its error event, else the
 * last line it printed that was no event (a CLI's own error message), else its exit code or signal.
 */
export function failureReason(outcome: HarnessOutcome, events: HarnessEvents): FailureReason {
  if (events.error !== null) return { kind: 'reported', message: events.error };
  if (events.lastPlainLine !== null && events.finalMessage === null) return { kind: 'reported', message: events.lastPlainLine };
  if (outcome.exitCode !== null) return { kind: 'exit_code', exitCode: outcome.exitCode };
  return { kind: 'signal', signal: outcome.signal ?? 'a signal' };
}

export interface MetaInput {
  status: CodeTaskStatus;
  harness: HarnessName;
  sessionId: string | null;
  repo: string;
  outcome: HarnessOutcome;
  elapsedMs: number;
  diff: DiffstatOutcome;
  events: HarnessEvents;
  logPath: string;
}

export function codeTaskMeta(input: MetaInput): CodeTaskMeta {
  const diffstat = input.diff.kind === 'diff' ? input.diff.diffstat : null;
  const meta: CodeTaskMeta = {
    status: input.status,
    harness: input.harness,
    session_id: input.sessionId,
    repo: input.repo,
    exit_code: input.outcome.exitCode,
    timed_out: input.outcome.timedOut,
    elapsed_ms: Math.max(0, Math.round(input.elapsedMs)),
    files_changed: diffstat?.filesChanged ?? 0,
    insertions: diffstat?.insertions ?? 0,
    deletions: diffstat?.deletions ?? 0,
    log_path: input.logPath,
  };
  const { usage } = input.events;
  if (usage.turns !== undefined) meta.turns = usage.turns;
  if (usage.inputTokens !== undefined) meta.input_tokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) meta.output_tokens = usage.outputTokens;
  if (usage.costUsd !== undefined) meta.cost_usd = usage.costUsd;
  return meta;
}
