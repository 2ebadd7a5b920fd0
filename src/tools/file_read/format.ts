// Every sentence a file_read result reads. Pure and synchronous; every limit comes in as an argument.
import { codePointCount, firstCodePoints, prefixWithinBytes, utf8Bytes } from '../../text/utf8.js';

/** One line as it will be shown: already clipped, with how many characters the clip cut. */
export interface ShownLine {
  text: string;
  cutChars: number;
}

export interface FileReadText {
  text: string;
  /** The last line number shown (offset - 1 when none could be). */
  lastLine: number;
  /** True when the byte cap stopped the range early. */
  stopped: boolean;
}

/** Clip a line to `maxChars` code points, counting what was cut. */
export function clipLine(text: string, maxChars: number): ShownLine {
  const total = codePointCount(text);
  if (total <= maxChars) return { text, cutChars: 0 };
  return { text: firstCodePoints(text, maxChars), cutChars: total - maxChars };
}

function clipMarker(cutChars: number): string {
  return cutChars > 0 ? `… [+${cutChars} chars]` : '';
}

export function numberedLine(lineNumber: number, width: number, line: ShownLine): string {
  return `${String(lineNumber).padStart(width)}\t${line.text}${clipMarker(line.cutChars)}`;
}

/** How a header names a file's encoding when it is not UTF-8: ` (UTF-16 LE)`. */
function encodingNote(encoding: string | null): string {
  return encoding === null ? '' : ` (${encoding})`;
}

export function fileReadHeader(displayPath: string, first: number, last: number, totalLines: number, encoding: string | null = null): string {
  return `${displayPath} · lines ${first}–${last} of ${totalLines}${encodingNote(encoding)}`;
}

export function stoppedLine(lastLine: number, maxBytes: number): string {
  return `[stopped at line ${lastLine} to stay under ${maxBytes} bytes; continue with offset ${lastLine + 1}]`;
}

export function binaryText(displayPath: string, sizeBytes: number): string {
  return `${displayPath} is binary (${sizeBytes} bytes); not shown`;
}

export function emptyText(displayPath: string, encoding: string | null = null): string {
  return `${displayPath} is empty${encodingNote(encoding)}`;
}

export function pastEndText(displayPath: string, totalLines: number, offset: number): string {
  return `${displayPath} has ${totalLines} ${totalLines === 1 ? 'line' : 'lines'}; offset ${offset} is past the end`;
}

/** Bytes of the text showing the first `count` lines, with the stop line when `withStop`. */
function shownBytes(
  displayPath: string,
  offset: number,
  lineBytes: readonly number[],
  count: number,
  totalLines: number,
  maxBytes: number,
  withStop: boolean,
  encoding: string | null,
): number {
  const last = offset + count - 1;
  const width = String(last).length;
  let bytes = utf8Bytes(fileReadHeader(displayPath, offset, last, totalLines, encoding));
  for (let i = 0; i < count; i++) bytes += 1 + width + 1 + lineBytes[i]!;
  if (withStop) bytes += 1 + utf8Bytes(stoppedLine(last, maxBytes));
  return bytes;
}

/**
 * The numbered lines from `offset`, as many as fit under `maxBytes`. When not all fit, the text ends
 * with the line that says where to continue. When not even the first fits, it is clipped further.
 */
export function formatFileRead(
  displayPath: string,
  offset: number,
  lines: readonly ShownLine[],
  totalLines: number,
  maxBytes: number,
  encoding: string | null = null,
): FileReadText {
  const lineBytes = lines.map((line) => utf8Bytes(line.text) + utf8Bytes(clipMarker(line.cutChars)));
  let count = lines.length;
  let stopped = false;
  if (shownBytes(displayPath, offset, lineBytes, count, totalLines, maxBytes, false, encoding) > maxBytes) {
    stopped = true;
    // The size grows with the count, so the largest count that fits is found by bisection.
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (shownBytes(displayPath, offset, lineBytes, mid, totalLines, maxBytes, true, encoding) <= maxBytes) low = mid;
      else high = mid - 1;
    }
    count = low;
  }
  if (count === 0) return firstLineSqueezed(displayPath, offset, lines, totalLines, maxBytes, encoding);
  const last = offset + count - 1;
  const width = String(last).length;
  const parts = [fileReadHeader(displayPath, offset, last, totalLines, encoding)];
  for (let i = 0; i < count; i++) parts.push(numberedLine(offset + i, width, lines[i]!));
  if (stopped) parts.push(stoppedLine(last, maxBytes));
  return { text: parts.join('\n'), lastLine: last, stopped };
}

/** Not even one whole line fits: show as much of the first line as does, and say what was cut. */
function firstLineSqueezed(
  displayPath: string,
  offset: number,
  lines: readonly ShownLine[],
  totalLines: number,
  maxBytes: number,
  encoding: string | null,
): FileReadText {
  const first = lines[0]!;
  const more = lines.length > 1;
  const header = fileReadHeader(displayPath, offset, offset, totalLines, encoding);
  const prefix = `${offset}\t`;
  const fullChars = codePointCount(first.text) + first.cutChars;
  // Room for the marker is reserved at its widest, so the count written into it cannot overflow.
  const reserved =
    utf8Bytes(header) + 1 + utf8Bytes(prefix) + utf8Bytes(clipMarker(fullChars)) +
    (more ? 1 + utf8Bytes(stoppedLine(offset, maxBytes)) : 0);
  const kept = prefixWithinBytes(first.text, maxBytes - reserved);
  const line: ShownLine = { text: kept, cutChars: fullChars - codePointCount(kept) };
  const parts = [header, numberedLine(offset, String(offset).length, line)];
  if (more) parts.push(stoppedLine(offset, maxBytes));
  return { text: parts.join('\n'), lastLine: offset, stopped: more };
}
