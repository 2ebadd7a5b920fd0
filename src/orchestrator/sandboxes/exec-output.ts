// What a sandbox keeps of a helper's output, and for how long it waits on pipes a left process
// holds: shared by the local exec and the docker sandbox's, and free of node: modules so that the
// docker sandbox loads no child_process.
/** Past this much stdout the rest is dropped: an envelope is far smaller, and memory stays bounded. */
export const LOCAL_STDOUT_MAX_BYTES = 16 * 1_048_576;
/** Only the end of stderr is ever shown. */
export const LOCAL_STDERR_KEEP_BYTES = 65_536;
/**
 * Once the helper has exited, how long its pipes may stay open: a process it left behind holding
 * them must not hold the call.
 */
export const LOCAL_PIPE_DRAIN_MS = 1_000;

/** Keeps the last `limit` bytes written. */
export class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

