// file_read: numbered lines of one range of a file, read in a single streaming pass that also hashes
// the whole file and counts its lines. The only part of the tool that sees the I/O layer.
import { FILE_READ_LINE_MAX_CHARS, READ_CHUNK_BYTES, READ_CHUNK_MIN_BYTES } from '../../limits.js';
import type { OpenFile } from '../../io/types.js';
import { readReachedEnd } from '../../io/read-end.js';
import type { FileReadArgs, FileReadMeta } from './contract.js';
import { openFileInsideHome } from '../../workspace/confine.js';
import type { Context, OpResult } from '../context.js';
import type { FileReadIo } from './io.js';
import { binaryText, emptyText, formatFileRead, pastEndText } from './format.js';
import { FileScannerByMark, readBufferBytes, StringLineEnds, type LineEndCounter, type Scan } from './scan.js';
import { WasmLineEnds } from './sha256-wasm.js';

let sharedLineEnds: LineEndCounter | undefined;

/**
 * The WebAssembly counter of line ends, or the plain one where there is no WebAssembly (--jitless).
 * One per process: the warm stream reads at every file_read, and an instance costs more to make than
 * a small file's lines to count. A scan runs to its end synchronously, so no two use it at once.
 */
function lineEndCounter(): LineEndCounter {
  if (sharedLineEnds !== undefined) return sharedLineEnds;
  try {
    sharedLineEnds = new WasmLineEnds();
  } catch {
    sharedLineEnds = new StringLineEnds();
  }
  return sharedLineEnds;
}

/** One pass over the file: the scan of its lines and the hash of all its bytes. */
function readFile(context: Context<FileReadIo>, file: OpenFile, sizeBytes: number, args: FileReadArgs): Scan & { hash: string } {
  // The size at open chooses the hasher; a file that grows meanwhile is still hashed whole.
  const hasher = context.io.sha256(sizeBytes);
  const scanner = new FileScannerByMark(args.offset, args.limit, FILE_READ_LINE_MAX_CHARS, lineEndCounter());
  const buffer = new Uint8Array(readBufferBytes(sizeBytes, READ_CHUNK_MIN_BYTES, READ_CHUNK_BYTES));
  let total = 0;
  for (;;) {
    const read = file.read(buffer);
    if (read === 0) break;
    const chunk = buffer.subarray(0, read);
    hasher.update(chunk);
    scanner.feed(chunk);
    total += read;
    if (readReachedEnd(sizeBytes, total, read, buffer.length)) break;
  }
  return { ...scanner.finish(), hash: hasher.hexDigest() };
}

export function fileRead(context: Context<FileReadIo>, args: FileReadArgs): OpResult<FileReadMeta> {
  const { maxBytes } = context.request;
  const { offset } = args;
  const { file, path, info } = openFileInsideHome(context, args.path);
  let scan: Scan & { hash: string };
  try {
    scan = readFile(context, file, info.size, args);
  } finally {
    file.close();
  }
  const meta: FileReadMeta = {
    path: path.real,
    range: null,
    content_hash: scan.hash,
    lines: scan.totalLines,
    display_path: path.display,
  };
  if (scan.encoding !== null) meta.encoding = scan.encoding;
  if (scan.binary) return { text: binaryText(path.display, scan.totalBytes), meta };
  // A UTF-16 file holding only its byte-order mark has no text.
  if (scan.totalLines === 0) return { text: emptyText(path.display, scan.encoding), meta };
  if (offset > scan.totalLines) return { text: pastEndText(path.display, scan.totalLines, offset), meta };
  const shaped = formatFileRead(path.display, offset, scan.lines, scan.totalLines, maxBytes, scan.encoding);
  meta.range = [offset, shaped.lastLine];
  return { text: shaped.text, meta };
}
