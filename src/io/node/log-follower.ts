// A call's log read back while its command writes it (src/io/node/process-group.ts).
import { readSync } from 'node:fs';

// The log is read in pieces of this size, and looked at again this often while nothing new is in it.
const OUTPUT_CHUNK_BYTES = 1_048_576;
const OUTPUT_POLL_MS = 10;

/**
 * The one buffer every follower of this process reads into, made at its first read. A buffer of its
 * own for each call left a mebibyte outside V8's heap at every shell call of a long-lived helper:
 * over 500 warm `shell true` calls, 34 collections (8 of them full) where one buffer leaves 11 (1
 * full), and 30 brk calls where it leaves 8. Shared safely: a follower reads and hands its piece
 * over in one synchronous step, and whoever keeps bytes past that step copies them, as it had to
 * when the same follower's next read overwrote them.
 */
let sharedBuffer: Buffer | undefined;

function readBuffer(): Buffer {
  sharedBuffer ??= Buffer.allocUnsafe(OUTPUT_CHUNK_BYTES);
  return sharedBuffer;
}

/**
 * Reads the log while the command writes it, so that cleaning a large output overlaps its writing.
 * Once the command is over, reading stops at the log's size then: what processes it left running
 * write later is not its output.
 */
export class LogFollower {
  private position = 0;
  private endAt: number | null = null;
  private pollTimer: NodeJS.Timeout | undefined;
  private readNext: NodeJS.Immediate | undefined;
  private stopped = false;

  constructor(
    private readonly readFd: number,
    private readonly onOutput: (bytes: Uint8Array) => void,
    /** The whole output was read: the bytes read in all. */
    private readonly onEnd: (logBytes: number) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.schedule(false);
  }

  /** The command is over and its output is `size` bytes: read up to there, then end. */
  finishAt(size: number): void {
    this.endAt = size;
    this.schedule(true);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearImmediate(this.readNext);
  }

  private schedule(now: boolean): void {
    clearTimeout(this.pollTimer);
    clearImmediate(this.readNext);
    if (now) this.readNext = setImmediate(() => this.follow());
    else this.pollTimer = setTimeout(() => this.follow(), OUTPUT_POLL_MS);
  }

  private follow(): void {
    if (this.stopped) return;
    try {
      const buffer = readBuffer();
      const want = Math.min(buffer.length, (this.endAt ?? Number.MAX_SAFE_INTEGER) - this.position);
      const read = want > 0 ? readSync(this.readFd, buffer, 0, want, this.position) : 0;
      if (read > 0) {
        this.position += read;
        this.onOutput(buffer.subarray(0, read));
        this.schedule(true);
      } else if (this.endAt !== null) {
        this.onEnd(this.position);
      } else {
        this.schedule(false);
      }
    } catch (error) {
      this.onError(error);
    }
  }
}
