// shell_status, described once (src/tools/descriptor.ts).
import { OP_TIMEOUT_SECONDS } from '../../limits.js';
import { SHELL_STATUS_CONTRACT, SHELL_STATUS_META_SCHEMA } from './contract.js';
import { describeTool, SECOND_MS } from '../descriptor.js';
import { givenText, withText } from '../row-parts.js';
import { noteWhen } from '../view.js';
import { shellStatusDeclarationNote, shellStatusMcpNote } from './notes.js';

export const SHELL_STATUS_TOOL = describeTool(SHELL_STATUS_CONTRACT, {
  metaSchema: SHELL_STATUS_META_SCHEMA,
  title: 'Follow or stop background commands',
  // It reads, but with stop: true it ends a process, and a tool's hints hold for every call of it:
  // it is not read-only.
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => OP_TIMEOUT_SECONDS * SECOND_MS,
  row(args) {
    const id = givenText(args, 'id');
    if (id === undefined) return 'List background commands';
    return withText(args.stop === true ? 'Stop' : 'Check', id);
  },
  notes: { declaration: shellStatusDeclarationNote, mcp: shellStatusMcpNote },
  readOnly: (args) => !args.stop,
  reportsProgress: () => false,
  // Saying that no command runs in the background is a note.
  view: { parts: noteWhen((meta) => meta.count === 0) },
});
