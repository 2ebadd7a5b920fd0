// How a warm stream starts: the helper's command and --serve, with node's V8 pool cut to one worker
// where node runs the helper itself.
import { expect, it } from 'vitest';
import { DEFAULT_HARNESS_COMMAND, DEFAULT_HELPER_COMMAND, warmStreamArgv } from '../../src/orchestrator/sandbox.js';

it('the image\'s helpers: node, its flag, the bundle, --serve', () => {
  expect(warmStreamArgv(DEFAULT_HELPER_COMMAND)).toEqual(['node', '--v8-pool-size=1', '/usr/local/bin/guilds-code', '--serve']);
  expect(warmStreamArgv(DEFAULT_HARNESS_COMMAND)).toEqual(['node', '--v8-pool-size=1', '/usr/local/bin/guilds-harness', '--serve']);
});

it('node named by its path, with flags of its own kept after ours', () =>
  expect(warmStreamArgv(['/opt/node-v24/bin/node', '--max-old-space-size=200', '/srv/guilds-code.js'])).toEqual([
    '/opt/node-v24/bin/node',
    '--v8-pool-size=1',
    '--max-old-space-size=200',
    '/srv/guilds-code.js',
    '--serve',
  ]));

it('a command that is not node itself gets --serve alone', () => {
  expect(warmStreamArgv(['/usr/local/bin/guilds-code'])).toEqual(['/usr/local/bin/guilds-code', '--serve']);
  expect(warmStreamArgv(['nodejs-wrapper', 'x.js'])).toEqual(['nodejs-wrapper', 'x.js', '--serve']);
  expect(warmStreamArgv(['/usr/bin/mynode', 'x.js'])).toEqual(['/usr/bin/mynode', 'x.js', '--serve']);
});
