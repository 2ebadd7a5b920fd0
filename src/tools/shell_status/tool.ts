// shell_status, described once (src/tools/descriptor.ts).
import { OP_TIMEOUT_SECONDS } from '../../limits.js';
import { resolveShellStatusArgs, SHELL_STATUS_META_SCHEMA, SHELL_STATUS_SPEC } from './contract.js';
import { SECOND_MS, type ToolDescriptor } from '../descriptor.js';
import { givenText, withText } from '../rows.js';
import { noteWhen } from '../view.js';
import { shellStatusDeclarationNote, shellStatusMcpNote } from './notes.js';

export const SHELL_STATUS_TOOL: ToolDescriptor<'shell_status'> = {
  name: 'shell_status',
  helper: 'guilds-code',
  spec: SHELL_STATUS_SPEC,
  resolve: resolveShellStatusArgs,
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
};
