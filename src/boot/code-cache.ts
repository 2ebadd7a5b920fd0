// The V8 code cache of the helper's own code: which file a call uses, and the file's format.
// Pure: src/boot/loader.ts does the reading, compiling and writing.
//
// V8 trusts a code cache it accepts: it checks its own version, its flags and the source's length,
// and nothing else in a release build. A cache damaged on disk (a torn write, a `sed -i` over the
// home) makes Node crash in C++ with no envelope. So the file carries its payload twice, the second
// time with the bytes of every 8-byte word in reverse order, and is used only when both agree: a
// torn write, a flipped bit or an edit of some text in the file cannot change both alike (it would
// take a run of one repeated byte replaced by a run of another, in place). Buffer.swap64 and
// Buffer.equals check that natively in well under a millisecond, where a checksum written in
// JavaScript would run in the interpreter. The file names the build it was made by, because V8
// would accept the cache of another build of the same length.

import { OP_NAMES, TOOL_REGISTRY, type OpName } from '../contract/registry.js';

/** A cache file larger than this is not read (a healthy one is a few hundred KiB). */
export const CODE_CACHE_FILE_MAX_BYTES = 16 * 1024 * 1024;

const HEADER_TITLE = 'guilds-code v8 code cache';
const SWAP_WORD_BYTES = 8;

/**
 * Which code a call runs: the loader compiles one body per tool (src/tools/<tool>/body.generated.ts) with the
 * shared chunks it runs (src/boot/chunks.ts), and each kind of call gets a cache holding the functions
 * it uses (a background shell command runs other code than a foreground one).
 */
export type CacheKind = OpName | BackgroundKind | 'serve' | 'sweep' | 'other';

/** A tool whose row names the kind `<tool>-background` has a body's cache of its own for a background call. */
type BackgroundKind = Extract<(typeof TOOL_REGISTRY)[number]['cacheKinds'][number], `${string}-background`>;

/** The argument that starts the warm stream (SPEC section 8) instead of answering one request. */
export const SERVE_ARGUMENT = '--serve';
/** The argument that sweeps the processes of calls whose helper died without answering (src/sweep-main.ts). */
export const SWEEP_ARGUMENT = '--sweep';

const KNOWN_OPS: ReadonlySet<string> = new Set(OP_NAMES);
const OPS_WITH_BACKGROUND_KIND: ReadonlySet<string> = new Set(
  TOOL_REGISTRY.filter((row) => (row.cacheKinds as readonly string[]).includes(`${row.name}-background`)).map((row) => row.name),
);

/**
 * The request's JSON text as the loader read it, and its value: parsed here once, and handed on to
 * the body (src/boot/handoff.ts), which takes the value when its own strict reading of the request
 * gives the same text.
 */
export interface ParsedRequest {
  readonly text: string;
  readonly value: unknown;
}

/** The text's JSON value; null for no text, or text that is no JSON. */
export function parseRequestText(requestText: string | null): ParsedRequest | null {
  if (requestText === null) return null;
  try {
    return { text: requestText, value: JSON.parse(requestText) };
  } catch {
    return null;
  }
}

/**
 * The kind of call, from the request's JSON text, parsed as the helper parses it: for a request the
 * helper takes, this is its op, exactly (the body the loader picks runs that op and no other). For
 * any other text, `other`: the helper refuses it, and every body refuses it alike.
 */
export function cacheKindOf(requestText: string | null): CacheKind {
  return cacheKindOfParsed(parseRequestText(requestText));
}

/** The kind of call of a parsed request (see cacheKindOf). */
export function cacheKindOfParsed(request: ParsedRequest | null): CacheKind {
  if (request === null) return 'other';
  const { value } = request;
  if (typeof value !== 'object' || value === null) return 'other';
  const { op, args } = value as { op?: unknown; args?: unknown };
  if (typeof op !== 'string' || !KNOWN_OPS.has(op)) return 'other';
  if (OPS_WITH_BACKGROUND_KIND.has(op) && typeof args === 'object' && args !== null && (args as { background?: unknown }).background === true) {
    return `${op}-background` as BackgroundKind;
  }
  return op as OpName;
}

/**
 * The cache's file name: the build, the Node that made it (V8 rejects another version's cache, and
 * two Nodes on one machine would otherwise take turns rewriting it) and the kind of call.
 */
export function cacheFileName(buildId: string, nodeVersion: string, arch: string, kind: CacheKind): string {
  return `${buildId}-node${nodeVersion.startsWith('v') ? nodeVersion.slice(1) : nodeVersion}-${arch}-${kind}.v8cache`;
}

/** Whether a file in the cache folder belongs to this build (the others are left by older builds). */
export function isOwnCacheFile(buildId: string, name: string): boolean {
  return name.startsWith(`${buildId}-`) && name.endsWith('.v8cache');
}

// A cache, or the temporary file one is written to first (src/io/node/files.ts: pid and counter).
const ANY_CACHE_FILE = /^[0-9a-f]{16}-node[0-9A-Za-z.+_-]*\.v8cache(\.[0-9]+\.[0-9]+\.tmp)?$/;

/**
 * Whether a file in the cache folder may be removed when a cache is written: a cache of another build,
 * or a temporary file left by a killed call. Nothing not named like a cache file is ever removed.
 */
export function isStaleCacheFile(buildId: string, name: string): boolean {
  return ANY_CACHE_FILE.test(name) && !isOwnCacheFile(buildId, name);
}

/**
 * The header: a title, the stamp of what made the cache (the loader passes its build id and the
 * bundle file's size and time of change), and the payload's length.
 */
function headerOf(stamp: string, payloadBytes: number): string {
  return `${HEADER_TITLE}\n${stamp}\n${payloadBytes}\n`;
}

function paddedToWords(bytes: number): number {
  return Math.ceil(bytes / SWAP_WORD_BYTES) * SWAP_WORD_BYTES;
}

export function encodeCacheFile(stamp: string, payload: Uint8Array): Buffer {
  const copy = Buffer.alloc(paddedToWords(payload.length));
  copy.set(payload);
  copy.swap64();
  return Buffer.concat([Buffer.from(headerOf(stamp, payload.length), 'latin1'), payload, copy]);
}

/**
 * The payload, when the file is whole, has this stamp, and its two copies agree; null otherwise.
 * Reverses the second copy in place.
 */
export function decodeCacheFile(stamp: string, bytes: Uint8Array): Buffer | null {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = `${HEADER_TITLE}\n${stamp}\n`;
  if (file.length < start.length || file.toString('latin1', 0, start.length) !== start) return null;
  const lengthEnd = file.indexOf(0x0a, start.length);
  if (lengthEnd < 0 || lengthEnd - start.length > 10) return null;
  const lengthText = file.toString('latin1', start.length, lengthEnd);
  // A decimal number as String() writes it: no sign, leading zero, exponent or space (and no regular
  // expression to compile at every start).
  const payloadBytes = Number(lengthText);
  if (String(payloadBytes) !== lengthText) return null;
  const payloadStart = lengthEnd + 1;
  const copyStart = payloadStart + payloadBytes;
  if (payloadBytes === 0 || file.length !== copyStart + paddedToWords(payloadBytes)) return null;
  const payload = file.subarray(payloadStart, copyStart);
  const copy = file.subarray(copyStart).swap64();
  if (!copy.subarray(0, payloadBytes).equals(payload)) return null;
  for (let at = payloadBytes; at < copy.length; at++) if (copy[at] !== 0) return null;
  return payload;
}

/**
 * The helper's code as the loader finds it: the text of a function whose body is one block comment.
 * The comment would end at the code's first star-slash, so each is written as this instead (the
 * build fails if the code holds this sequence itself). ASCII, as the whole bundle is: Node then
 * reads it into a one-byte string, which V8 also scans faster.
 */
export const ESCAPED_COMMENT_END = '*{/}';

export function commentedCode(code: string): string {
  if (code.includes(ESCAPED_COMMENT_END)) throw new Error(`the code holds ${ESCAPED_COMMENT_END}, the escape of a comment's end`);
  return code.replaceAll('*/', ESCAPED_COMMENT_END);
}

/**
 * CommonJS's require in the joined script: build.mjs names the pieces' calls of require this, so that
 * esbuild writes no shim of its own for it (src/io/node/modules.ts calls it).
 */
export const JOINED_REQUIRE = '__guildsRequire';

/**
 * The script a kind of call runs: its pieces' code (src/boot/chunks.ts) in order, each after the
 * empty lines that put it on the lines it holds in the file, so that a stack trace names lines of the
 * file.
 */
export function joinedPieces(pieces: ReadonlyArray<readonly [code: string, newlinesBefore: number]>): string {
  let text = `var ${JOINED_REQUIRE}=require;`;
  for (const [code, newlinesBefore] of pieces) text += '\n'.repeat(newlinesBefore) + code;
  return text;
}

export function codeOfComment(functionText: string): string {
  const open = functionText.indexOf('/*\n');
  const close = functionText.lastIndexOf('\n*/');
  if (open < 0 || close < open) throw new Error('the helper code is missing from this file');
  return functionText.slice(open + 3, close + 1).replaceAll(ESCAPED_COMMENT_END, '*/');
}
