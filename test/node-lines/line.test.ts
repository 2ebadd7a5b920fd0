// The first test of each Node line of the matrix (test/helpers/node-lines.ts): the bundles under test
// really run on that line's binary. CI's summary lists the lines this test passed on.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUNDLE_NODE } from '../helpers/paths.js';
import { callHelper, makeSandbox } from '../helpers/helper.js';

const version = process.env.GUILDS_TEST_NODE_VERSION ?? process.versions.node;

describe('the Node line under test', () => {
  it(`the bundles run on Node ${version}`, () => {
    expect(spawnSync(BUNDLE_NODE, ['--version'], { encoding: 'utf8' }).stdout).toBe(`v${version}\n`);
    const sandbox = makeSandbox();
    try {
      // callHelper holds stderr to empty and the envelope to the transport's rules.
      expect(callHelper(sandbox, { op: 'shell', args: { command: 'echo ok' } })).toMatchObject({ ok: true, text: 'ok' });
    } finally {
      sandbox.cleanup();
    }
  });
});
