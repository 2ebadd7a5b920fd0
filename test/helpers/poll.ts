// Waiting in a test for something another process does: ask again until the answer is the awaited
// one, and fail with the last answer past a deadline, so that a test never hangs on a state that
// does not come. Its own module, free of the bundle helpers, so that the unit project can use it.
const POLL_INTERVAL_MS = 50;
/** Generous against a loaded machine, and well inside the tests' 60-second timeout. */
const POLL_LIMIT_MS = 30_000;

export async function pause(milliseconds: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Ask again until the answer passes `done`; fail with the last answer after a generous limit. */
export async function pollUntil<T>(ask: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const value = await ask();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last answer: ${JSON.stringify(value)}`);
    await pause(POLL_INTERVAL_MS);
  }
}
