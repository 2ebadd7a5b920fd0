// No repeated reads: a run's file_read results, and the pointer that replaces a read whose lines an
// earlier read of the same unchanged file already returned. Pure.
import type { Meta } from '../contract/envelope.js';

/** A file_read result that later reads may point to. */
export interface ReadRecord {
  /** The seq of the message that carries the earlier result (the call's resultSeq): the N of "step N". */
  seq: number;
  /** meta.path: absolute, links resolved, so that two spellings of one file match. */
  path: string;
  contentHash: string;
  /** The lines it returned, first and last. */
  range: [number, number];
}

/** What a file_read result says about itself, read defensively from its meta. */
export interface ReadFacts {
  path: string;
  /** The path as the result's header showed it (meta.display_path); the absolute path from a helper without it. */
  displayPath: string;
  contentHash: string;
  /** null when no line was returned (empty file, binary, offset past the end). */
  range: [number, number] | null;
  lines: number | null;
}

function isLineNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

/** The facts of a file_read result, from its meta (src/tools/file_read/contract.ts), untrusted as it travels. */
export function readFacts(meta: Meta): ReadFacts | null {
  const { path, display_path: displayPath, content_hash: contentHash, range, lines } = meta;
  if (typeof path !== 'string' || typeof contentHash !== 'string' || path === '' || contentHash === '') return null;
  let returned: [number, number] | null = null;
  if (Array.isArray(range) && range.length === 2 && isLineNumber(range[0]) && isLineNumber(range[1])) {
    // A cap so small that no line fitted reports [offset, offset - 1]: nothing was returned.
    if (range[1] >= range[0]) returned = [range[0], range[1]];
  }
  return {
    path,
    displayPath: typeof displayPath === 'string' && displayPath !== '' ? displayPath : path,
    contentHash,
    range: returned,
    lines: isLineNumber(lines) || lines === 0 ? (lines as number) : null,
  };
}

/**
 * The run's readable history. A read repeats an earlier one when one earlier result alone returned
 * all its lines: the pointer names one step, and the model finds every line there. Lines spread
 * over two earlier results are returned again.
 */
export class ReadHistory {
  private readonly entries: ReadRecord[];

  constructor(records: readonly ReadRecord[] = []) {
    this.entries = records.map((record) => ({ ...record, range: [record.range[0], record.range[1]] }));
  }

  /** Plain data, for a platform that keeps a run's history beside its messages. */
  get records(): readonly ReadRecord[] {
    return this.entries;
  }

  /** Keep a result that returned content whole: only those can be pointed to. */
  record(record: ReadRecord): void {
    this.entries.push({ ...record, range: [record.range[0], record.range[1]] });
  }

  /**
   * The most recent earlier result (a smaller seq: calls of one turn may finish out of order) of the
   * same file with the same content whose range holds `range`; the most recent is the likeliest
   * still to be in the model's context.
   */
  findRepeat(seq: number, path: string, contentHash: string, range: [number, number]): ReadRecord | undefined {
    let found: ReadRecord | undefined;
    for (const entry of this.entries) {
      if (entry.seq >= seq || entry.path !== path || entry.contentHash !== contentHash) continue;
      if (entry.range[0] > range[0] || entry.range[1] < range[1]) continue;
      if (found === undefined || entry.seq > found.seq) found = entry;
    }
    return found;
  }
}
