// The helper's one way to write to stdout: whole lines with blocking writes. process.stdout may
// still hold data when the process exits, and a pipe shared in non-blocking mode answers EAGAIN,
// which is waited out here. A line is written whole before the next, so lines never interleave.
import { writeSync } from 'node:fs';

const STDOUT_FD = 1;
const WRITE_RETRY_WAIT_MS = 1;

/** Write `line` (its newline included) to stdout; false once nobody reads it any more (EPIPE). */
export function writeStdout(line: string): boolean {
  const bytes = Buffer.from(line, 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(STDOUT_FD, bytes, written, bytes.length - written);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EAGAIN') Atomics.wait(pauseCell(), 0, 0, WRITE_RETRY_WAIT_MS);
      else return false;
    }
  }
  return true;
}

let pause: Int32Array | undefined;

/** What the wait on EAGAIN waits on: made at the first wait, not for every line a warm stream writes. */
function pauseCell(): Int32Array {
  pause ??= new Int32Array(new SharedArrayBuffer(4));
  return pause;
}
