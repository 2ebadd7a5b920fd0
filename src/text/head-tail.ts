// A text of any length kept as its head and its tail, with the size of what lies between: a message
// or a paragraph that may run to megabytes is held in bounded memory and still shows both ends. Pure.
import { prefixWithinBytes, suffixWithinBytes, utf8Bytes } from './utf8.js';

export interface HeadTail {
  head: string;
  /** '' when nothing was left out: the whole text is then `head`. */
  tail: string;
  /** UTF-8 bytes between head and tail. */
  elidedBytes: number;
}

export function wholeText(text: string): HeadTail {
  return { head: text, tail: '', elidedBytes: 0 };
}

export function headTailBytes(value: HeadTail): number {
  return utf8Bytes(value.head) + value.elidedBytes + utf8Bytes(value.tail);
}

/** `text` whole when it fits in `maxBytes`, else its first and last halves, never a split character. */
export function headTailOf(text: string, maxBytes: number): HeadTail {
  const total = utf8Bytes(text);
  if (total <= maxBytes) return wholeText(text);
  const head = prefixWithinBytes(text, Math.floor(maxBytes / 2));
  const tail = suffixWithinBytes(text, Math.floor(maxBytes / 2));
  return { head, tail, elidedBytes: total - utf8Bytes(head) - utf8Bytes(tail) };
}

/** Text appended piece by piece, holding at most about `maxBytes` of it. */
export class HeadTailBuilder {
  private head = '';
  private headBytes = 0;
  private headFull = false;
  private tailPieces: string[] = [];
  private tailBytes = 0;
  private elidedBytes = 0;

  constructor(private readonly maxBytes: number) {}

  append(piece: string): void {
    if (piece === '') return;
    const half = Math.floor(this.maxBytes / 2);
    let rest = piece;
    if (!this.headFull) {
      const taken = prefixWithinBytes(rest, half - this.headBytes);
      this.head += taken;
      this.headBytes += utf8Bytes(taken);
      rest = rest.slice(taken.length);
      if (rest === '') return;
      this.headFull = true;
    }
    this.tailPieces.push(rest);
    this.tailBytes += utf8Bytes(rest);
    // The tail may grow to twice its share before it is cut back: each byte is then copied a bounded
    // number of times, however small the pieces.
    if (this.tailBytes > 2 * half) this.trimTail(half);
  }

  value(): HeadTail {
    this.trimTail(Math.floor(this.maxBytes / 2));
    const tail = this.tailPieces.join('');
    if (this.elidedBytes === 0) return wholeText(this.head + tail);
    return { head: this.head, tail, elidedBytes: this.elidedBytes };
  }

  private trimTail(keepBytes: number): void {
    if (this.tailBytes <= keepBytes) return;
    const kept = suffixWithinBytes(this.tailPieces.join(''), keepBytes);
    const keptBytes = utf8Bytes(kept);
    this.elidedBytes += this.tailBytes - keptBytes;
    this.tailPieces = [kept];
    this.tailBytes = keptBytes;
  }

  isEmpty(): boolean {
    return this.headBytes === 0 && this.tailBytes === 0 && this.elidedBytes === 0;
  }
}
