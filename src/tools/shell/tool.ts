// shell, described once (src/tools/descriptor.ts).
import { SHELL_TIMEOUT_MARGIN_SECONDS } from '../../limits.js';
import { SHELL_CONTRACT, SHELL_META_SCHEMA } from './contract.js';
import { describeTool, SECOND_MS } from '../descriptor.js';
import type { ShellMeta } from './contract.js';
import { firstSayingLine, givenText, ROW_SEPARATOR, withText } from '../row-parts.js';
import { shellDeclarationNote, shellMcpNote } from './notes.js';

export const SHELL_TOOL = describeTool(SHELL_CONTRACT, {
  metaSchema: SHELL_META_SCHEMA,
  title: 'Run a shell command',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  // Its own timeout, as resolved, plus the margin in which the helper stops the command and answers;
  // a background start too.
  timeoutMs: (args) => (args.timeoutSeconds + SHELL_TIMEOUT_MARGIN_SECONDS) * SECOND_MS,
  row(args, outcome) {
    const command = givenText(args, 'command');
    const row = withText(args.background === true ? 'Start' : 'Run', command && firstSayingLine(command));
    // As it travelled: the fields are checked, not trusted.
    const meta: Partial<Record<keyof ShellMeta, unknown>> = outcome.meta ?? {};
    if (meta.timed_out === true) return row + ROW_SEPARATOR + 'timed out';
    if (typeof meta.exit_code === 'number' && meta.exit_code !== 0) return `${row}${ROW_SEPARATOR}exit ${meta.exit_code}`;
    return row;
  },
  notes: { declaration: shellDeclarationNote, mcp: ({ home }) => shellMcpNote(home) },
  // It may change anything.
  readOnly: () => false,
  // A command in the foreground may run for its whole timeout; a background start answers at once.
  reportsProgress: (args) => args.background !== true,
});
