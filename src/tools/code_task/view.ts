// How the app's views show a code_task (src/tools/view.ts): a block of its own instead of a row, and
// its answer's final message as the Markdown the harness wrote. Pure.
import { code, note, type ResultPart, type ToolView } from '../view.js';
import { codeTaskBlock } from './block.js';

const LOG_PREFIX = 'log: ';
/** What the helper says for a code_task whose harness gave no final message: its own note, not the harness's words. */
const NO_FINAL_MESSAGE = '(no final message)';

/**
 * A code_task's answer: the status line and the diffstat up to the first blank line are code; the
 * final message up to the blank line before the log line is Markdown as the harness wrote it; the log
 * line is code. The cuts are those of codeTaskBlock, on the text the view shows.
 */
function codeTaskParts(text: string): ResultPart[] {
  const lines = text.split('\n');
  const firstBlank = lines.indexOf('', 1);
  if (firstBlank < 0) return code(text);
  let logIndex = lines.length - 1;
  while (logIndex > firstBlank && !lines[logIndex]!.startsWith(LOG_PREFIX)) logIndex--;
  const hasLog = logIndex > firstBlank;
  const messageEnd = hasLog ? (lines[logIndex - 1] === '' ? logIndex - 1 : logIndex) : lines.length;
  const message = lines.slice(firstBlank + 1, messageEnd).join('\n');
  return [
    ...code(lines.slice(0, firstBlank).join('\n')),
    ...(message === NO_FINAL_MESSAGE ? note(message) : message.trim() === '' ? [] : [{ type: 'markdown' as const, text: message }]),
    ...(hasLog ? code(lines.slice(logIndex).join('\n')) : []),
  ];
}

export const CODE_TASK_VIEW: ToolView = { parts: codeTaskParts, block: codeTaskBlock };
