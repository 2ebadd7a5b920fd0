// code_search, described once (src/tools/descriptor.ts).
import { OP_TIMEOUT_SECONDS } from '../../limits.js';
import { CODE_SEARCH_CONTRACT, CODE_SEARCH_META_SCHEMA } from './contract.js';
import { describeTool, SECOND_MS } from '../descriptor.js';
import { clipRow, givenText } from '../row-parts.js';
import { noteWhen } from '../view.js';
import { codeSearchDeclarationNote, codeSearchMcpNote } from './notes.js';

export const CODE_SEARCH_TOOL = describeTool(CODE_SEARCH_CONTRACT, {
  metaSchema: CODE_SEARCH_META_SCHEMA,
  title: 'Search the code',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => OP_TIMEOUT_SECONDS * SECOND_MS,
  row(args) {
    const row = args.mode === 'content' ? 'Search lines' : 'Search files';
    const path = givenText(args, 'path');
    return path === undefined ? row : `${row} in ${clipRow(path)}`;
  },
  notes: { declaration: codeSearchDeclarationNote, mcp: ({ home }) => codeSearchMcpNote(home) },
  readOnly: () => true,
  // Heartbeats only (SPEC section 9): a search over a large tree may run for long.
  reportsProgress: () => true,
  // `no matches …` is a note.
  view: { parts: noteWhen((meta) => meta.matches === 0) },
});
