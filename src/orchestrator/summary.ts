// What the app shows of a call: its row in the run's flow (each tool's descriptor words its own, from
// the parts of ./row-parts.ts), and the Metadata view. Pure.
import type { Meta } from '../contract/envelope.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';
import { isCodeTool } from './declarations.js';
import { formatElapsed } from '../text/elapsed.js';
import type { RowOutcome } from '../tools/row-parts.js';

export { ROW_TEXT_MAX_CHARS } from '../limits.js';
export { firstSayingLine, ROW_SEPARATOR, type RowOutcome } from '../tools/row-parts.js';

/** The row in the run's flow: the tool's own (its descriptor's), or the bare name of a tool that is none of the code tools. */
export function rowSummary(tool: string, args: Record<string, unknown>, outcome: RowOutcome = {}): string {
  if (!isCodeTool(tool)) return tool;
  return TOOL_DESCRIPTORS[tool].row(args, outcome);
}

export interface MetadataField {
  label: string;
  value: string;
}

function lineRange(meta: Meta): string | undefined {
  const { range, lines } = meta;
  const total = typeof lines === 'number' ? ` of ${lines}` : '';
  if (Array.isArray(range) && range.length === 2) return `${range[0]}–${range[1]}${total}`;
  if (range === null && typeof lines === 'number') return `none${total}`;
  return undefined;
}

/**
 * The Metadata view: the call and the tool, then what the tool recorded, in the page's order (exit
 * code, full output log, working directory, the file and its lines, Same as step), with the other
 * fields of the page's Metadata list after them. Absent fields are left out.
 */
export function metadataView(callId: string, tool: string, meta: Meta): MetadataField[] {
  const fields: MetadataField[] = [
    { label: 'Call', value: callId },
    { label: 'Tool', value: tool },
  ];
  const add = (label: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    fields.push({ label, value: String(value) });
  };
  add('Exit code', meta.exit_code);
  if (meta.timed_out === true) add('Timed out', 'yes');
  add('Background command', meta.background_id);
  add('State', meta.state);
  add('Full output', meta.log_path);
  add('Working directory', meta.cwd);
  add('File', meta.path);
  add('Lines', lineRange(meta));
  add('Content hash', meta.content_hash);
  add('Same as step', meta.repeat_of);
  add('Matches', meta.matches);
  add('Files', meta.files);
  if (meta.truncated === true) add('Truncated', 'yes');
  add('Background commands', meta.count);
  // code_task (SPEC section 6).
  add('Status', meta.status);
  add('Harness', meta.harness);
  add('Session', meta.session_id);
  add('Repository', meta.repo);
  if (typeof meta.elapsed_ms === 'number') add('Elapsed', formatElapsed(meta.elapsed_ms));
  add('Files changed', meta.files_changed);
  add('Insertions', meta.insertions);
  add('Deletions', meta.deletions);
  add('Turns', meta.turns);
  add('Input tokens', meta.input_tokens);
  add('Output tokens', meta.output_tokens);
  add('Cost (USD)', meta.cost_usd);
  return fields;
}
