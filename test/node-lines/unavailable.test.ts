// Stands for a Node line of the matrix this machine could not get (test/helpers/node-lines.ts): its
// tests are reported skipped, with the reason, never passed.
import { describe, it } from 'vitest';

const version = process.env.GUILDS_TEST_NODE_VERSION ?? 'an extra line';
const reason = process.env.GUILDS_TEST_NODE_UNAVAILABLE ?? 'unavailable';

describe('the Node line under test', () => {
  it.skip(`the bundles run on Node ${version} (skipped: ${reason})`, () => undefined);
});
