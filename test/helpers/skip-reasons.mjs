// What a run skipped, and why: one line per reason, so that a tier a machine cannot run (no Docker,
// no bubblewrap, no root, no registry) is said, not counted among the skipped in silence. Every tier
// that skips names its reason in the title of what it skips, `(… skipped: REASON)`; this reads it back.
// Plain JavaScript, so that the test run's reporter (skip-reasons-reporter.mjs) and CI's summary
// (.ci/summarize.mjs) print the same lines.

const REASON = /skipped: ([^)]*)\)/;

/**
 * `tests`: each skipped test's full name (its describe blocks' titles and its own). Returns a line per
 * reason, in the order first met: `skipped, N tests: REASON`.
 */
export function skipReasonLines(skippedNames) {
  const counts = new Map();
  for (const name of skippedNames) {
    const reason = REASON.exec(name)?.[1];
    if (reason === undefined) continue;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reason, count]) => `skipped, ${count} test${count === 1 ? '' : 's'}: ${reason}`);
}
