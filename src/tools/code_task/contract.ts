// code_task's contract: its arguments as data (the JSON Schema the model sees is made from them),
// the typed arguments after defaults and bounds, and the meta of its answer (SPEC section 6).
import { isValidId } from '../../contract/ids.js';
import {
  CODE_TASK_DEFAULT_TIMEOUT_MINUTES,
  CODE_TASK_MAX_TIMEOUT_MINUTES,
  CODE_TASK_MIN_TIMEOUT_MINUTES,
} from '../../limits.js';
import { ToolError } from '../../contract/errors.js';
import { integerArg, stringArg, type ToolContract, type ToolSpec, type ValidatedArgs } from '../../contract/tools/spec.js';
import { boolean, integer, integerOrNull, string, type JsonSchemaObject, type MetaOf } from '../../contract/meta-schema.js';

export const CODE_TASK_SPEC: ToolSpec<'code_task'> = {
  name: 'code_task',
  description:
    "Hand code work to the sandbox's coding agent (its harness: Claude Code, Codex, Gemini CLI, " +
    "OpenCode or the platform's own). The harness reads the repository, edits files and runs commands " +
    'until the task is done; you get its status, the diffstat of what it changed, its final message and ' +
    'the log of everything it printed. Write the brief as you would for a colleague: the goal, where to ' +
    'look, how to know it is done. Then check the work with shell (run the tests, git diff), file_read ' +
    'and code_search, and resume the same session with what the checks found.',
  args: {
    brief: {
      type: 'string',
      required: true,
      description: 'The task in your words: what to change, where, and how to know it is done.',
    },
    repo: {
      type: 'string',
      description:
        'Where to work: a name under ~/repos/, or a folder inside the home. Default: the git repository ' +
        "holding the working directory, else the home's only repository.",
    },
    session_id: {
      type: 'string',
      description: 'Resume the harness session an earlier code_task returned: same harness, same repository, its history kept.',
    },
    notes: {
      type: 'string',
      description: 'Context given after the brief: constraints, what your checks found.',
    },
    timeout_minutes: {
      type: 'integer',
      default: CODE_TASK_DEFAULT_TIMEOUT_MINUTES,
      minimum: CODE_TASK_MIN_TIMEOUT_MINUTES,
      maximum: CODE_TASK_MAX_TIMEOUT_MINUTES,
      description:
        `Minutes before the harness is stopped (default ${CODE_TASK_DEFAULT_TIMEOUT_MINUTES}, ` +
        `${CODE_TASK_MIN_TIMEOUT_MINUTES} to ${CODE_TASK_MAX_TIMEOUT_MINUTES}).`,
    },
  },
};

export interface CodeTaskArgs {
  brief: string;
  /** As the model gave it; undefined: the default choice. */
  repo: string | undefined;
  sessionId: string | undefined;
  /** undefined when absent or blank. */
  notes: string | undefined;
  /** Inside 1..120. */
  timeoutMinutes: number;
}

/** A session id names a file in the home, so it follows the request's id rule (isValidId). */
export const isValidSessionId: (text: string) => boolean = isValidId;

/** A string argument without NUL bytes (they cannot reach a harness's stdin or argv intact). */
function textArg(args: ValidatedArgs, name: string): string | undefined {
  const value = stringArg(args, name);
  if (value?.includes('\0')) throw new ToolError('invalid_request', `code_task: ${name} contains a NUL byte`);
  return value;
}

/**
 * Defaults and bounds on arguments already checked against CODE_TASK_SPEC (types, required, unknown
 * names); what no default can mend is a one-line error.
 */
export function resolveCodeTaskArgs(args: ValidatedArgs): CodeTaskArgs {
  const brief = textArg(args, 'brief');
  if (brief === undefined) throw new ToolError('invalid_request', 'code_task: brief is required');
  if (brief.trim() === '') throw new ToolError('invalid_request', 'code_task: brief is empty');

  const repo = textArg(args, 'repo');
  if (repo !== undefined && repo.trim() === '') throw new ToolError('invalid_request', 'code_task: repo is empty');

  const sessionId = textArg(args, 'session_id');
  if (sessionId !== undefined && !isValidSessionId(sessionId)) {
    throw new ToolError('not_found', 'code_task: no session with that id (session ids are 1 to 128 of A-Z a-z 0-9 _ . -)');
  }

  const notes = textArg(args, 'notes');
  return {
    brief,
    repo,
    sessionId,
    notes: notes === undefined || notes.trim() === '' ? undefined : notes,
    timeoutMinutes: integerArg(CODE_TASK_SPEC, args, 'timeout_minutes'),
  };
}

export const CODE_TASK_STATUSES = ['completed', 'failed', 'timed_out', 'stopped'] as const;
export type CodeTaskStatus = (typeof CODE_TASK_STATUSES)[number];

export const HARNESS_NAMES = ['claude', 'codex', 'gemini', 'opencode', 'command'] as const;
export type HarnessName = (typeof HARNESS_NAMES)[number];

/** The meta of a code_task answer, field for field as SPEC section 6 names them. */
export const CODE_TASK_META_SCHEMA = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: CODE_TASK_STATUSES },
    harness: { type: 'string', enum: HARNESS_NAMES },
    session_id: { type: ['string', 'null'] },
    /** Absolute, links resolved. */
    repo: string,
    /** null when a signal ended the harness. */
    exit_code: integerOrNull,
    timed_out: boolean,
    elapsed_ms: integer,
    files_changed: integer,
    insertions: integer,
    deletions: integer,
    log_path: string,
    /** Only when the harness reports them. */
    turns: integer,
    input_tokens: integer,
    output_tokens: integer,
    cost_usd: { type: 'number' },
  },
  required: ['status', 'harness', 'session_id', 'repo', 'exit_code', 'timed_out', 'elapsed_ms', 'files_changed', 'insertions', 'deletions', 'log_path'],
} as const satisfies JsonSchemaObject;

export type CodeTaskMeta = MetaOf<typeof CODE_TASK_META_SCHEMA>;

export const CODE_TASK_CONTRACT: ToolContract<'code_task', CodeTaskArgs, CodeTaskMeta> = { spec: CODE_TASK_SPEC, resolve: resolveCodeTaskArgs };
