// UTF-16 text with a byte-order mark, as Windows tools write it (Notepad's "Unicode", PowerShell's
// `>` and `Out-File`, `.reg` exports), turned into UTF-8 piece by piece so the one UTF-8 line scan
// serves it too. Pure: no I/O, no node: modules.
import { encodeUtf8 } from './utf8.js';

export type Utf16ByteOrder = 'UTF-16 LE' | 'UTF-16 BE';

/**
 * The byte order a file's first bytes announce, or null when they announce none. `FF FE 00 00` is
 * UTF-32 LE's mark, not UTF-16 text starting with a NUL; it is left to the binary rule.
 */
export function utf16ByteOrder(firstBytes: Uint8Array): Utf16ByteOrder | null {
  if (firstBytes.length < 2) return null;
  if (firstBytes[0] === 0xff && firstBytes[1] === 0xfe) {
    return firstBytes[2] === 0 && firstBytes[3] === 0 ? null : 'UTF-16 LE';
  }
  if (firstBytes[0] === 0xfe && firstBytes[1] === 0xff) return 'UTF-16 BE';
  return null;
}

/**
 * UTF-16 in, UTF-8 out, from the file's first byte on, in pieces cut anywhere: an odd byte or half of
 * a surrogate pair at the end of a piece waits for the next. The byte-order mark is dropped; a lone
 * surrogate, or an odd byte at the very end, becomes U+FFFD, just as when the platform's decoder
 * decodes the whole file in one piece.
 */
export class Utf16ToUtf8 {
  // The platform's decoder handles the surrogates; big-endian input is swapped into little-endian
  // first, since a Node built without full ICU decodes only `utf-16le`.
  private readonly decoder = new TextDecoder('utf-16le');
  private readonly bigEndian: boolean;
  private heldByte = -1;

  constructor(byteOrder: Utf16ByteOrder) {
    this.bigEndian = byteOrder === 'UTF-16 BE';
  }

  transcode(piece: Uint8Array): Uint8Array {
    return encodeUtf8(this.decoder.decode(this.evenBytes(piece), { stream: true }));
  }

  /** What is left at the end of the file. */
  finish(): Uint8Array {
    // An odd byte left over goes to the decoder too, which makes it (with a high surrogate before
    // it, if any) one U+FFFD, as the Encoding Standard's decoder does for the whole file at once.
    const rest = this.decoder.decode(this.heldByte === -1 ? undefined : Uint8Array.of(this.heldByte));
    this.heldByte = -1;
    return encodeUtf8(rest);
  }

  /** The held byte and the piece, cut to whole code units (the odd one held), little-endian. */
  private evenBytes(piece: Uint8Array): Uint8Array {
    if (piece.length === 0) return piece;
    const held = this.heldByte === -1 ? 0 : 1;
    const total = held + piece.length;
    const even = total - (total % 2);
    if (held === 0 && !this.bigEndian && even === piece.length) return piece;
    const units = new Uint8Array(even);
    if (held === 1) units[0] = this.heldByte;
    units.set(piece.subarray(0, even - held), held);
    this.heldByte = total % 2 === 1 ? piece[piece.length - 1]! : -1;
    if (this.bigEndian) {
      for (let i = 0; i < even; i += 2) {
        const high = units[i]!;
        units[i] = units[i + 1]!;
        units[i + 1] = high;
      }
    }
    return units;
  }
}
