// How the app shows a code_task: a block of its own beside the rows of the other four tools, made
// from the brief, the helper's meta and the helper's text (SPEC section 6). Pure.
import { BRIEF_FIRST_LINE_MAX_CHARS } from '../../limits.js';
import type { Meta } from '../../contract/envelope.js';
import { formatElapsed } from '../../text/elapsed.js';
import { clipCharsWithin } from '../../text/clip.js';
import { firstSayingLine } from '../row-parts.js';

export interface CodeTaskBlock {
  /** The brief's first line that says anything, clipped. */
  title: string;
  /** The helper's first line: the status in words, the elapsed time, a failure's reason, harness, session. */
  headline: string;
  /** completed, failed, timed_out or stopped. */
  status: string;
  /** As the helper's answers write a time: 2m14s. */
  elapsed: string;
  harness: string;
  /** null when the harness named none. */
  session: string | null;
  /** git's --stat lines as the helper shaped them, or its one `no changes` / `no diffstat: …` line. */
  diffstat: string[];
  finalMessage: string;
  /** The log's absolute path. */
  log: string;
}

const LOG_PREFIX = 'log: ';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The block of an answered code_task; `answer` is the helper's text (redacted, before any trailer):
 * its first line, the diffstat up to the first blank line, then the final message up to the blank line
 * before the log line.
 */
export function codeTaskBlock(args: Record<string, unknown>, meta: Meta, answer: string): CodeTaskBlock {
  const lines = answer.split('\n');
  const firstBlank = lines.indexOf('', 1);
  const diffstat = lines.slice(1, firstBlank < 0 ? lines.length : firstBlank);
  let logIndex = lines.length - 1;
  while (logIndex > 0 && !lines[logIndex]!.startsWith(LOG_PREFIX)) logIndex--;
  const messageEnd = logIndex > 0 && lines[logIndex - 1] === '' ? logIndex - 1 : logIndex;
  const finalMessage = firstBlank < 0 || messageEnd <= firstBlank ? '' : lines.slice(firstBlank + 1, messageEnd).join('\n');
  return {
    title: clipCharsWithin(firstSayingLine(text(args.brief)), BRIEF_FIRST_LINE_MAX_CHARS),
    headline: lines[0]!,
    status: text(meta.status),
    elapsed: typeof meta.elapsed_ms === 'number' ? formatElapsed(meta.elapsed_ms) : '',
    harness: text(meta.harness),
    session: typeof meta.session_id === 'string' ? meta.session_id : null,
    diffstat,
    finalMessage,
    log: text(meta.log_path) || (logIndex > 0 ? lines[logIndex]!.slice(LOG_PREFIX.length) : ''),
  };
}

/** The block as text, the way the tour prints it and a plain-text app shows it. */
export function renderCodeTaskBlock(block: CodeTaskBlock): string {
  return [`Code task: ${block.title}`, block.headline, ...block.diffstat, '', block.finalMessage, '', `log: ${block.log}`].join('\n');
}
