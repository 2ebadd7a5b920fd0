// Clipping a text to a number of characters, said once: its first characters, then `…`. Pure.
import { codePointCount, firstCodePoints } from './utf8.js';

export const CLIP_MARK = '…';

/** `text` when it has at most `maxChars` code points, else its first `maxChars` and `…`. */
export function clipChars(text: string, maxChars: number): string {
  return codePointCount(text) > maxChars ? firstCodePoints(text, maxChars) + CLIP_MARK : text;
}

/** At most `maxChars` code points, the `…` of a clipped text included. */
export function clipCharsWithin(text: string, maxChars: number): string {
  return codePointCount(text) > maxChars ? firstCodePoints(text, maxChars - 1) + CLIP_MARK : text;
}

/** Every line break, with the blanks around it, as one space, and the ends trimmed: a text as one line. */
export function joinedLines(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
}
