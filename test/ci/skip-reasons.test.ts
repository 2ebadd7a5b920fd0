// A tier a machine cannot run is said, one line per reason, at the end of `npm test` and in CI's
// summary (test/helpers/skip-reasons.mjs), rather than counted among the skipped in silence.
import { describe, expect, it } from 'vitest';
import { skipReasonLines } from '../helpers/skip-reasons.mjs';

describe('the lines of what was skipped, and why', () => {
  it('says each reason once, with how many tests it skipped, in the order first met', () => {
    expect(
      skipReasonLines([
        'the docker sandbox (runc, skipped: docker cannot run here: no Docker Engine answers and dockerd needs root) > the image > holds the bundles',
        'the docker sandbox (runsc, skipped: docker cannot run here: no Docker Engine answers and dockerd needs root) > the image > holds the bundles',
        'the bubblewrap sandbox (skipped: bwrap cannot start a container here: bwrap: setting up uid map: Permission denied) > keeps the host out',
        'a helper started as root for the agent\'s home (skipped: needs root) > runs the command as the agent',
      ]),
    ).toEqual([
      'skipped, 2 tests: docker cannot run here: no Docker Engine answers and dockerd needs root',
      'skipped, 1 test: bwrap cannot start a container here: bwrap: setting up uid map: Permission denied',
      'skipped, 1 test: needs root',
    ]);
  });

  it('says nothing of a test skipped without a reason in its title (it.skip), nor of a run that skipped nothing', () => {
    expect(skipReasonLines(['a test the suite skips on purpose'])).toEqual([]);
    expect(skipReasonLines([])).toEqual([]);
  });
});
