// Byte-exact helpers for UTF-8 text. Pure: no I/O, no node: modules.

const encoder = new TextEncoder();
// A cold helper runs these loops in the interpreter, a character at a time; most text is ASCII
// (or free of surrogate pairs), which one native regular expression scan confirms far faster.
const NON_ASCII = /[^\x00-\x7f]/;
const SURROGATE = /[\ud800-\udfff]/;

export function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  // The native encoder beats a loop over the characters even with its copy; it writes a lone
  // surrogate as the three bytes of U+FFFD, as any UTF-8 output of the text will.
  return encoder.encode(text).length;
}

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Code points in a string (a surrogate pair counts once). */
export function codePointCount(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The first `maxChars` code points of `text`. */
export function firstCodePoints(text: string, maxChars: number): string {
  if (!SURROGATE.test(text)) return text.slice(0, Math.max(0, maxChars));
  let units = 0;
  let chars = 0;
  while (units < text.length && chars < maxChars) {
    const unit = text.charCodeAt(units);
    units += unit >= 0xd800 && unit <= 0xdbff && units + 1 < text.length ? 2 : 1;
    chars++;
  }
  return text.slice(0, units);
}

/** The longest prefix of `text` whose UTF-8 form is at most `maxBytes`, never splitting a character. */
export function prefixWithinBytes(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  if (!NON_ASCII.test(text)) return text.slice(0, maxBytes);
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    let width = 1;
    let size: number;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        size = 4;
        width = 2;
      } else size = 3;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += width;
  }
  return text.slice(0, i);
}

/** The longest suffix of `text` whose UTF-8 form is at most `maxBytes`, never splitting a character. */
export function suffixWithinBytes(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  let bytes = 0;
  let i = text.length;
  while (i > 0) {
    const unit = text.charCodeAt(i - 1);
    let width = 1;
    let size: number;
    if (unit < 0x80) size = 1;
    else if (unit < 0x800) size = 2;
    else if (unit >= 0xdc00 && unit <= 0xdfff && i >= 2 && text.charCodeAt(i - 2) >= 0xd800 && text.charCodeAt(i - 2) <= 0xdbff) {
      size = 4;
      width = 2;
    } else size = 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i -= width;
  }
  return text.slice(i);
}

/**
 * The last resort that keeps a result under its cap whatever produced it: cut at a character
 * boundary and say so. Well-shaped results never reach this cut.
 */
export function capText(text: string, maxBytes: number): string {
  // A UTF-16 unit is at most three UTF-8 bytes: a short text fits without encoding it to count, which
  // for a non-ASCII text cost a warm file_read more than the rest of its result pipeline.
  if (text.length * 3 <= maxBytes || utf8Bytes(text) <= maxBytes) return text;
  const marker = '\n[… cut to stay under ' + maxBytes + ' bytes]';
  return prefixWithinBytes(text, maxBytes - utf8Bytes(marker)) + marker;
}

/** A byte that continues a UTF-8 character rather than starting one. */
export function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/**
 * A copy of `bytes` that later writes to the source cannot change. `slice()` is not enough: on a
 * Buffer it returns a view of the same memory, and the I/O layer reuses its read buffer.
 */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/** A new array holding `a` then `b`. */
export function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
