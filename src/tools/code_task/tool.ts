// code_task, described once (src/tools/descriptor.ts).
import { CODE_TASK_TIMEOUT_MARGIN_SECONDS } from '../../limits.js';
import { CODE_TASK_CONTRACT, CODE_TASK_META_SCHEMA } from './contract.js';
import { describeTool, SECOND_MS } from '../descriptor.js';
import { firstSayingLine, givenText, ROW_SEPARATOR, withText } from '../row-parts.js';
import { CODE_TASK_VIEW } from './view.js';
import { codeTaskNote } from './notes.js';

const MINUTE_SECONDS = 60;

export const CODE_TASK_TOOL = describeTool(CODE_TASK_CONTRACT, {
  metaSchema: CODE_TASK_META_SCHEMA,
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
  view: CODE_TASK_VIEW,
});
