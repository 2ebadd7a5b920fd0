import { configDefaults, defineConfig } from 'vitest/config';
import { nodeLineProjects, nodeLines } from './test/helpers/node-lines.js';

// The real-CLI tier starts four coding-agent CLIs at once and keeps them for a minute and more: it
// runs after every other test file, so that neither slows the other down on a small machine.
const REAL_CLI_TIER = ['test/harness-clis/real-clis.test.ts', 'test/harness-clis/mcp-clients.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'helpers',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...REAL_CLI_TIER, 'test/node-lines/unavailable.test.ts'],
          globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/docker-setup.ts'],
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
