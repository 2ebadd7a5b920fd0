// Byte-exact helpers for UTF-8 text. Pure: no I/O, no node: modules.

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  // Counting without allocating: each UTF-16 unit maps to a known byte count.
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Code points in a string (a surrogate pair counts once). */
export function codePointCount(text: string): number {
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

/**
 * The last resort that keeps a result under its cap whatever produced it: cut at a character
 * boundary and say so. Well-shaped results never reach this cut.
 */
export function capText(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  const marker = '\n[… cut to stay under ' + maxBytes + ' bytes]';
  return prefixWithinBytes(text, maxBytes - utf8Bytes(marker)) + marker;
}

/**
 * A copy of `bytes` that later writes to the source cannot change. `slice()` is not enough: on a
 * Buffer it returns a view of the same memory, and the I/O layer reuses its read buffer.
 */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}
