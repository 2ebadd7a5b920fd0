// code_task, described once (src/tools/descriptor.ts).
import { CODE_TASK_TIMEOUT_MARGIN_SECONDS } from '../../limits.js';
import { CODE_TASK_SPEC, CODE_TASK_STATUSES, HARNESS_NAMES, resolveCodeTaskArgs } from '../../contract/tools/code_task.js';
import { boolean, integer, integerOrNull, SECOND_MS, string, type ToolDescriptor } from '../descriptor.js';
import { firstSayingLine, givenText, ROW_SEPARATOR, withText } from '../rows.js';
import { codeTaskNote } from './notes.js';

const MINUTE_SECONDS = 60;

export const CODE_TASK_TOOL: ToolDescriptor<'code_task'> = {
  name: 'code_task',
  helper: 'guilds-harness',
  spec: CODE_TASK_SPEC,
  resolve: resolveCodeTaskArgs,
  metaSchema: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: [...CODE_TASK_STATUSES] },
      harness: { type: 'string', enum: [...HARNESS_NAMES] },
      session_id: { type: ['string', 'null'] },
      repo: string,
      exit_code: integerOrNull,
      timed_out: boolean,
      elapsed_ms: integer,
      files_changed: integer,
      insertions: integer,
      deletions: integer,
      log_path: string,
      turns: integer,
      input_tokens: integer,
      output_tokens: integer,
      cost_usd: { type: 'number' },
    },
    required: ['status', 'harness', 'session_id', 'repo', 'exit_code', 'timed_out', 'elapsed_ms', 'files_changed', 'insertions', 'deletions', 'log_path'],
  },
  title: 'Hand a code task to the coding agent',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  // Its minutes plus a minute: the harness's grace, both snapshots, the answer.
  timeoutMs: (args) => (args.timeoutMinutes * MINUTE_SECONDS + CODE_TASK_TIMEOUT_MARGIN_SECONDS) * SECOND_MS,
  row(args, outcome) {
    const row = withText('Code task', firstSayingLine(givenText(args, 'brief') ?? ''));
    const status = outcome.meta?.status;
    return typeof status === 'string' && status !== 'completed' ? `${row}${ROW_SEPARATOR}${status.replace('_', ' ')}` : row;
  },
  notes: { declaration: codeTaskNote, mcp: codeTaskNote },
  // It edits the repository.
  readOnly: () => false,
  reportsProgress: () => true,
};
