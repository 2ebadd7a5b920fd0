// file_read, described once (src/tools/descriptor.ts).
import { OP_TIMEOUT_SECONDS } from '../../limits.js';
import { FILE_READ_CONTRACT, FILE_READ_META_SCHEMA } from './contract.js';
import { describeTool, SECOND_MS } from '../descriptor.js';
import { givenText, ROW_SEPARATOR, withText } from '../row-parts.js';
import { noteWhen } from '../view.js';
import { fileReadDeclarationNote, fileReadMcpNote } from './notes.js';

export const FILE_READ_TOOL = describeTool(FILE_READ_CONTRACT, {
  metaSchema: FILE_READ_META_SCHEMA,
  title: 'Read a file',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeoutMs: () => OP_TIMEOUT_SECONDS * SECOND_MS,
  row(args, outcome) {
    let row = withText('Read', givenText(args, 'path'));
    const offset = args.offset;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset > 1) row += ` from line ${offset}`;
    if (outcome.repeatOf !== undefined) row += `${ROW_SEPARATOR}unchanged since step ${outcome.repeatOf}`;
    return row;
  },
  notes: {
    declaration: fileReadDeclarationNote,
    mcp: ({ home, resultMaxBytes, readPointers }) => fileReadMcpNote(home, resultMaxBytes, readPointers),
  },
  readOnly: () => true,
  reportsProgress: () => false,
  // A pointer to an earlier read, or the note of a read that returned no lines (empty, binary, offset past the end), is a note.
  view: { parts: noteWhen((meta) => meta.repeat_of !== undefined || meta.range === null), foldsRepeatedReads: true },
});
