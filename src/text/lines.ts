// Keeping the lines that fit under a byte cap, said once. Pure.
import { utf8Bytes } from './utf8.js';

/**
 * The last lines of `lines` that fit in `roomBytes` together with a marker line of at most
 * `markerBytes` (each kept line costs its bytes and a line end), oldest first.
 */
export function lastLinesWithin(lines: readonly string[], roomBytes: number, markerBytes: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const size = utf8Bytes(lines[i]!) + 1;
    if (used + size + markerBytes > roomBytes) break;
    kept.unshift(lines[i]!);
    used += size;
  }
  return kept;
}

/** The first lines of `lines` that fit in `roomBytes` with a marker line of at most `markerBytes`. */
export function firstLinesWithin(lines: readonly string[], roomBytes: number, markerBytes: number): string[] {
  let used = 0;
  let count = 0;
  for (; count < lines.length; count++) {
    const size = utf8Bytes(lines[count]!) + 1;
    if (used + size + markerBytes > roomBytes) break;
    used += size;
  }
  return lines.slice(0, count);
}
