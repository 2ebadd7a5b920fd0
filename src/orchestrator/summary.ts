// What the app shows of a call: its row in the run's flow, and the Metadata view. Pure.
import { ROW_TEXT_MAX_CHARS } from '../limits.js';
import type { Meta } from '../contract/envelope.js';
import type { ShellMeta } from '../contract/tools/shell.js';
import { clipCharsWithin } from '../text/clip.js';
import { formatElapsed } from '../text/elapsed.js';

export { ROW_TEXT_MAX_CHARS } from '../limits.js';
/** Joins a row's parts, as the helper's own headers do. */
export const ROW_SEPARATOR = ' · ';

function clip(text: string): string {
  return clipCharsWithin(text, ROW_TEXT_MAX_CHARS);
}

/**
 * A command's first line that says anything, trimmed. Not tools/shell_status/format.ts's commandFirstLine, which
 * the helper's list uses: that one skips only a leading blank line and keeps the line's indentation
 * (`\n\n   cd app` lists as `   cd app`, rows read `Run cd app`), and the row clips it on its own.
 */
export function firstLine(command: string): string {
  for (const line of command.split(/\r?\n/)) {
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

function stringArg(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function withText(verb: string, text: string | undefined): string {
  return text === undefined || text === '' ? verb : `${verb} ${clip(text)}`;
}

/** How a call ended, as far as its row tells. A failed call has no meta. */
export interface RowOutcome {
  meta?: Meta;
  /** The step a repeated read points to. */
  repeatOf?: number | undefined;
}

export function rowSummary(tool: string, args: Record<string, unknown>, outcome: RowOutcome = {}): string {
  switch (tool) {
    case 'shell': {
      const command = stringArg(args, 'command');
      const row = withText(args.background === true ? 'Start' : 'Run', command && firstLine(command));
      // As it travelled: the fields are checked, not trusted.
      const meta: Partial<Record<keyof ShellMeta, unknown>> = outcome.meta ?? {};
      if (meta.timed_out === true) return row + ROW_SEPARATOR + 'timed out';
      if (typeof meta.exit_code === 'number' && meta.exit_code !== 0) return `${row}${ROW_SEPARATOR}exit ${meta.exit_code}`;
      return row;
    }
    case 'shell_status': {
      const id = stringArg(args, 'id');
      if (id === undefined) return 'List background commands';
      return withText(args.stop === true ? 'Stop' : 'Check', id);
    }
    case 'file_read': {
      let row = withText('Read', stringArg(args, 'path'));
      const offset = args.offset;
      if (typeof offset === 'number' && Number.isInteger(offset) && offset > 1) row += ` from line ${offset}`;
      if (outcome.repeatOf !== undefined) row += `${ROW_SEPARATOR}unchanged since step ${outcome.repeatOf}`;
      return row;
    }
    case 'code_search': {
      const row = args.mode === 'content' ? 'Search lines' : 'Search files';
      const path = stringArg(args, 'path');
      return path === undefined ? row : `${row} in ${clip(path)}`;
    }
    case 'code_task': {
      const row = withText('Code task', firstLine(stringArg(args, 'brief') ?? ''));
      const status = outcome.meta?.status;
      return typeof status === 'string' && status !== 'completed' ? `${row}${ROW_SEPARATOR}${status.replace('_', ' ')}` : row;
    }
    default:
      return tool;
  }
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
