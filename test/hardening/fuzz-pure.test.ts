// Property-based fuzzing of the pure core, many thousands of inputs per run: request validation,
// base64, and file_read's shaping, the last one also through the streaming reader fed in random
// pieces and checked against a plain whole-file model.
import { NEVER_STOPPED } from '../../src/io/stop.js';
import { NO_PROGRESS } from '../../src/io/progress-sink.js';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ioWithFile, piecewiseFile } from '../helpers/file-read-io.js';
import { BINARY_SNIFF_BYTES, ERROR_MAX_BYTES, FILE_READ_LINE_MAX_CHARS, ID_MAX_CHARS, RESULT_CEILING_MAX_BYTES, RESULT_MIN_MAX_BYTES } from '../../src/limits.js';
import { fileRead } from '../../src/tools/file_read/run.js';
import { errorEnvelope } from '../../src/contract/envelope.js';
import { ToolError } from '../../src/contract/errors.js';
import { resolveFileReadArgs } from '../../src/tools/file_read/contract.js';
import { decodeBase64Strict, parseRequestBytes, type Request } from '../../src/contract/request.js';
import { OP_NAMES, TOOL_SPECS, validateRequest } from '../../src/contract/tools/index.js';
import { binaryText, clipLine, emptyText, fileReadHeader, formatFileRead, pastEndText, type ShownLine } from '../../src/tools/file_read/format.js';
import { capText, utf8Bytes } from '../../src/text/utf8.js';
import { requestValueArb } from './arbitraries.js';
import { reportFigure } from './support.js';

/** `npm run fuzz` raises this; `npm test` keeps the default. */
const PURE_RUNS = Number(process.env.GUILDS_FUZZ_PURE_RUNS ?? 1_000);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const tried: Record<string, number> = {};
function count(name: string): void {
  tried[name] = (tried[name] ?? 0) + 1;
}
afterAll(() => reportFigure('pure fuzz inputs tried', { ...tried, total: Object.values(tried).reduce((a, b) => a + b, 0) }));

function expectToolErrorLine(error: unknown): void {
  expect(error).toBeInstanceOf(ToolError);
  const message = (error as ToolError).message;
  expect(message).not.toMatch(/[\r\n]/);
  expect(utf8Bytes(message)).toBeLessThanOrEqual(ERROR_MAX_BYTES);
  expect(message).not.toMatch(LONE_SURROGATE);
}

describe('request validation', () => {
  it('any JSON value is a well-formed request or a one-line ToolError, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(requestValueArb, fc.anything()), (value) => {
        count('validateRequest');
        let request: Request;
        try {
          request = validateRequest(value);
        } catch (error) {
          expectToolErrorLine(error);
          return;
        }
        expect(OP_NAMES).toContain(request.op);
        for (const id of [request.runId, request.agentId, request.callId]) {
          expect(id).toMatch(/^[A-Za-z0-9_.-]+$/);
          expect(id.length).toBeLessThanOrEqual(ID_MAX_CHARS);
          expect(['.', '..']).not.toContain(id);
        }
        expect(Number.isInteger(request.maxBytes)).toBe(true);
        expect(request.maxBytes).toBeGreaterThanOrEqual(RESULT_MIN_MAX_BYTES);
        expect(request.maxBytes).toBeLessThanOrEqual(RESULT_CEILING_MAX_BYTES);
        expect(request.defaultCwd).not.toContain('\0');
        const spec = TOOL_SPECS[request.op];
        for (const [name, value] of Object.entries(request.args)) {
          expect(Object.hasOwn(spec.args, name)).toBe(true);
          const type = spec.args[name]!.type;
          if (type === 'integer') expect(Number.isInteger(value)).toBe(true);
          else expect(typeof value).toBe(type);
        }
        for (const [name, arg] of Object.entries(spec.args)) if (arg.required) expect(request.args[name]).toBeDefined();
      }),
      { numRuns: PURE_RUNS },
    );
  });

  it('argument names from Object.prototype are unknown arguments', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const value = JSON.parse(`{"op":"file_read","run_id":"r","agent_id":"a","call_id":"c","args":{"path":"a","${name}":1}}`);
      expect(() => validateRequest(value)).toThrow(`file_read: unknown argument '${name}' (it takes path, offset, limit)`);
    }
  });

  it('an unknown op or argument is quoted only when it looks like a name', () => {
    const request = (op: string, args: Record<string, unknown> = {}) => ({ op, run_id: 'r', agent_id: 'a', call_id: 'c', args });
    expect(() => validateRequest(request('rm_rf'))).toThrow("invalid request: unknown op 'rm_rf' (one of shell, shell_status, file_read, code_search, code_task)");
    expect(() => validateRequest(request('😀'.repeat(40)))).toThrow('invalid request: unknown op (one of shell, shell_status, file_read, code_search, code_task)');
    expect(() => validateRequest(request('ghp_0123456789abcdef ghp'))).toThrow('invalid request: unknown op (one of');
    expect(() => validateRequest(request('file_read', { path: 'a', 'x y': 1 }))).toThrow('file_read: unknown argument (it takes path, offset, limit)');
  });

  it('random bytes are a request or a one-line ToolError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.string({ unit: 'binary' }).map((text) => new TextEncoder().encode(text))), (bytes) => {
        count('parseRequestBytes');
        try {
          parseRequestBytes(bytes, TOOL_SPECS);
        } catch (error) {
          expectToolErrorLine(error);
        }
      }),
      { numRuns: PURE_RUNS },
    );
  });

  it('strict base64: what is accepted is padded standard base64, and decodes as Node decodes it', () => {
    const base64ish = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(base64ish, fc.uint8Array().map((b) => Buffer.from(b).toString('base64')), fc.string({ unit: 'binary' })), (text) => {
        count('decodeBase64Strict');
        let bytes: Uint8Array;
        try {
          bytes = decodeBase64Strict(text);
        } catch (error) {
          expectToolErrorLine(error);
          return;
        }
        expect(text.length % 4).toBe(0);
        expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
        expect(Buffer.from(bytes).equals(Buffer.from(text, 'base64'))).toBe(true);
      }),
      { numRuns: PURE_RUNS },
    );
  });

  it('an error envelope is one line within ERROR_MAX_BYTES, whatever the message', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), (message) => {
        count('errorEnvelope');
        const envelope = errorEnvelope(message, 'internal');
        if (envelope.ok) throw new Error('an error envelope came out ok');
        expect(envelope.error).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(utf8Bytes(envelope.error)).toBeLessThanOrEqual(ERROR_MAX_BYTES);
        expect(envelope.error).not.toMatch(LONE_SURROGATE);
        expect(envelope.error.length).toBeGreaterThan(0);
      }),
      { numRuns: PURE_RUNS },
    );
  });
});

// Lines as file_read hands them to the shaper: text of well-formed characters, some long.
const lineTextArb = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('a', 'é', '中', '😀', '\t', ' '), minLength: 380, maxLength: 900 }) },
);
const shownLineArb: fc.Arbitrary<ShownLine> = lineTextArb.map((text) => clipLine(text.replace(/\n/g, ''), FILE_READ_LINE_MAX_CHARS));
const displayArb = fc.oneof(fc.constantFrom('a.txt', 'src/call/request.ts', '../../x/ünï 😀.md'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }).map((s) => s.replace(/\n/g, '_')));

describe('file_read shaping', () => {
  it('text ≤ cap, never a split character, numbering consistent, and a stop line exactly when lines were left out', () => {
    fc.assert(
      fc.property(
        displayArb,
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(shownLineArb, { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: RESULT_MIN_MAX_BYTES, max: 20_000 }),
        (display, offset, lines, extraLines, maxBytes) => {
          count('formatFileRead');
          const totalLines = offset - 1 + lines.length + extraLines;
          const shaped = formatFileRead(display, offset, lines, totalLines, maxBytes);
          const text = shaped.text;
          expect(utf8Bytes(text)).toBeLessThanOrEqual(maxBytes);
          expect(text).not.toMatch(LONE_SURROGATE);
          const shown = shaped.lastLine - offset + 1;
          expect(shown).toBeGreaterThanOrEqual(1);
          expect(shown).toBeLessThanOrEqual(lines.length);
          const rows = text.split('\n');
          expect(rows[0]).toBe(fileReadHeader(display, offset, shaped.lastLine, totalLines));
          const width = String(shaped.lastLine).length;
          for (let i = 0; i < shown; i++) {
            const row = rows[1 + i]!;
            expect(row.startsWith(`${String(offset + i).padStart(width)}\t`)).toBe(true);
          }
          // Whole lines are shown whole, with their clip marker; only a squeezed single line is cut further.
          if (shown > 1 || !shaped.stopped) {
            for (let i = 0; i < shown; i++) {
              const line = lines[i]!;
              const marker = line.cutChars > 0 ? `… [+${line.cutChars} chars]` : '';
              expect(rows[1 + i]).toBe(`${String(offset + i).padStart(width)}\t${line.text}${marker}`);
            }
          }
          expect(shaped.stopped).toBe(shown < lines.length);
          const stop = `[stopped at line ${shaped.lastLine} to stay under ${maxBytes} bytes; continue with offset ${shaped.lastLine + 1}]`;
          if (shaped.stopped) expect(rows[rows.length - 1]).toBe(stop);
          expect(rows.length).toBe(1 + shown + (shaped.stopped ? 1 : 0));
        },
      ),
      { numRuns: PURE_RUNS },
    );
  });

  it('capText keeps any text under any cap without splitting a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), fc.integer({ min: 64, max: 4000 }), (text, maxBytes) => {
        count('capText');
        const capped = capText(text, maxBytes);
        expect(utf8Bytes(capped)).toBeLessThanOrEqual(maxBytes);
        expect(capped).not.toMatch(LONE_SURROGATE);
        if (utf8Bytes(text) <= maxBytes) expect(capped).toBe(text);
      }),
      { numRuns: PURE_RUNS },
    );
  });
});

/**
 * The encoding a file's mark names, and its text as UTF-8: a UTF-16 file (FF FE or FE FF first, but
 * not UTF-32 LE's FF FE 00 00, and of even length) is decoded whole, its mark dropped, errors as U+FFFD.
 */
function modelTextBytes(bytes: Uint8Array): { utf8: Uint8Array; encoding: 'UTF-16 LE' | 'UTF-16 BE' | null } {
  const little = bytes[0] === 0xff && bytes[1] === 0xfe && !(bytes[2] === 0 && bytes[3] === 0);
  const big = bytes[0] === 0xfe && bytes[1] === 0xff;
  if ((!little && !big) || bytes.length % 2 === 1) return { utf8: bytes, encoding: null };
  const units = Buffer.from(bytes.subarray(2));
  if (big) for (let i = 0; i + 1 < units.length; i += 2) [units[i], units[i + 1]] = [units[i + 1]!, units[i]!];
  const text = new TextDecoder('utf-16le').decode(units);
  return { utf8: new TextEncoder().encode(text), encoding: little ? 'UTF-16 LE' : 'UTF-16 BE' };
}

/** file_read as the spec words it, over the whole file at once. */
function modelFileRead(raw: Uint8Array, offset: number, limit: number, maxBytes: number): { text: string; lines: number } {
  const display = 'f.txt';
  const { utf8: bytes, encoding } = modelTextBytes(raw);
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { text: binaryText(display, raw.length), lines: -1 };
  if (bytes.length === 0) return { text: emptyText(display, encoding), lines: 0 };
  // Each line's bytes; a \r is dropped only where it ends a line that a \n ends.
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      pieces.push(bytes.subarray(start, i > start && bytes[i - 1] === 0x0d ? i - 1 : i));
      start = i + 1;
    }
  }
  if (start < bytes.length) pieces.push(bytes.subarray(start));
  const total = pieces.length;
  if (offset > total) return { text: pastEndText(display, total, offset), lines: total };
  const decoder = new TextDecoder('utf-8');
  const lines = pieces.slice(offset - 1, offset - 1 + limit).map((piece) => clipLine(decoder.decode(piece), FILE_READ_LINE_MAX_CHARS));
  return { text: formatFileRead(display, offset, lines, total, maxBytes, encoding).text, lines: total };
}

// Bytes that stress the reader: line ends, CRLF split across pieces, multibyte characters split
// across pieces, invalid UTF-8, long lines, now and then a NUL, and now and then a UTF-16 (or
// UTF-32) mark first, with text in that encoding, odd bytes and lone surrogates included.
const utf8 = (text: string) => new TextEncoder().encode(text);
const utf8FileBytesArb = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('\n', '\r\n', '\r', 'a', 'é', '中', '😀', ' ', '\t', '\ufeff').map(utf8) },
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(utf8) },
      { weight: 1, arbitrary: fc.constant(utf8('x'.repeat(450))) },
      { weight: 2, arbitrary: fc.uint8Array({ min: 1, max: 255, maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constant(Uint8Array.of(0)) },
    ),
    { maxLength: 80 },
  )
  .map((parts) => new Uint8Array(Buffer.concat(parts)));
const markArb = fc.constantFrom(Uint8Array.of(0xff, 0xfe), Uint8Array.of(0xfe, 0xff), Uint8Array.of(0xff, 0xfe, 0, 0), Uint8Array.of(0xff), Uint8Array.of(0xfe));
const utf16TextArb = fc
  .tuple(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é', '😀', '\ud800', '\udc00', '\0', 'x'.repeat(120)), maxLength: 40 }), fc.boolean(), fc.boolean())
  .map(([text, bigEndian, oddByte]) => {
    const units = Buffer.from(text, 'utf16le');
    if (bigEndian) units.swap16();
    return oddByte ? Buffer.concat([units, Uint8Array.of(0x41)]) : units;
  });
const fileBytesArb = fc.oneof(
  { weight: 4, arbitrary: utf8FileBytesArb },
  { weight: 1, arbitrary: fc.tuple(markArb, fc.oneof(utf16TextArb, utf8FileBytesArb)).map(([mark, rest]) => new Uint8Array(Buffer.concat([mark, rest]))) },
);

describe('file_read streaming, fed in random pieces, against the whole-file model', () => {
  it('same text, line count and hash as the model, whatever the piece sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileBytesArb,
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: RESULT_MIN_MAX_BYTES, max: 6000 }),
        async (bytes, pieceSizes, offset, limit, maxBytes) => {
          count('fileRead streaming');
          const io = ioWithFile(piecewiseFile(bytes, pieceSizes));
          const request: Request = { op: 'file_read', args: { path: 'f.txt', offset, limit }, runId: 'r', agentId: 'a', callId: 'c', defaultCwd: '', maxBytes, progress: null };
          const result = await fileRead({ io, request, cwd: '/home/u', stop: NEVER_STOPPED, progress: NO_PROGRESS }, resolveFileReadArgs(request.args));
          const model = modelFileRead(bytes, offset, Math.min(limit, 500), maxBytes);
          expect(result.text).toBe(model.text);
          expect(result.meta.content_hash).toBe(createHash('sha256').update(bytes).digest('hex'));
          if (model.lines >= 0) expect(result.meta.lines).toBe(model.lines);
          expect(utf8Bytes(result.text)).toBeLessThanOrEqual(maxBytes);
        },
      ),
      { numRuns: PURE_RUNS },
    );
  });
});
