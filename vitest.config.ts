import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { nodeLineProjects, nodeLines } from './test/helpers/node-lines.js';
import { UNIT_FILES } from './test/helpers/unit-files.js';

// The real-CLI tier starts four coding-agent CLIs at once and keeps them for a minute and more: it
// runs after every other test file, so that neither slows the other down on a small machine.
const REAL_CLI_TIER = ['test/harness-clis/real-clis.test.ts', 'test/harness-clis/mcp-clients.test.ts'];
// The try-out as after the README's two commands on a machine without bubblewrap: a bwrap that cannot
// start a container, first on PATH.
const NO_BWRAP_PATH = `${fileURLToPath(new URL('./test/helpers/no-bwrap', import.meta.url))}:${process.env.PATH ?? ''}`;

export default defineConfig({
  test: {
    // After the summary, a line per reason a tier was skipped for (test/helpers/skip-reasons.mjs).
    reporters: ['default', './test/helpers/skip-reasons-reporter.mjs'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      // The in-process tests, found on disk by their rule (test/helpers/unit-files.ts), without the
      // global set-ups (`npm run test:unit`): the bundles are not built for them and no dockerd is
      // started. `helpers` leaves them out, so that they run once.
      // A worker runs its files one after another without loading vitest and the sources again for
      // each: that halves the project's time, and these tests share no state between files (those
      // that set TMPDIR put it back).
      {
        extends: true,
        test: { name: 'unit', include: [...UNIT_FILES], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'helpers',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...REAL_CLI_TIER, ...UNIT_FILES, 'test/node-lines/unavailable.test.ts'],
          globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/docker-setup.ts'],
        },
      },
      // The bundle-level tests once more over the warm stream (SPEC section 8): each base64 request goes
      // through `guilds-code.js --serve` and must get the cold helper's every answer
      // (test/helpers/bundle.ts). The cold loader's own code-cache tests stay cold-only.
      {
        extends: true,
        test: {
          name: 'over-stream',
          include: ['test/e2e/**/*.test.ts', 'test/tools/**/*.e2e.test.ts', 'test/hardening/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            'test/e2e/code-cache.test.ts',
            'test/e2e/serve.test.ts',
            'test/e2e/serve-progress.test.ts',
            'test/e2e/harness-serve.test.ts',
            'test/e2e/warm-harness.test.ts',
            'test/e2e/warm-runner.test.ts',
            'test/e2e/orchestrator-*.test.ts',
            'test/e2e/bench-smoke.test.ts',
            'test/e2e/tryout*.test.ts',
            // A container runs the image's own helper, not this stream.
            'test/e2e/docker-*.test.ts',
          ],
          env: { GUILDS_TEST_OVER_STREAM: '1' },
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
      // The try-out suites once more on a machine without bubblewrap (where bwrap runs, `helpers` ran
      // them through it).
      {
        extends: true,
        test: {
          name: 'no-bwrap',
          include: ['test/e2e/tryout-*.test.ts', 'test/e2e/orchestrator-tryout.test.ts'],
          env: { PATH: NO_BWRAP_PATH },
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
      // The bundles once more on every other Node release line (test/helpers/node-lines.ts).
      ...nodeLineProjects(nodeLines()),
      {
        extends: true,
        test: { name: 'harness-clis', include: REAL_CLI_TIER, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
