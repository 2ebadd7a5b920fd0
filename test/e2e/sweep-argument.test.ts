// `guilds-code --sweep KEY...`, what an orchestrator runs after a cold exec that ended without an
// answer: exit status 0 once the call's processes are gone, 2 and one usage line for anything that is
// not a call key (it never reads a request, and a key that is none must not match every mark).
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callKey } from '../../src/io/call-mark.js';
import { sandboxEnv } from '../helpers/bundle.js';
import { pollUntil } from '../helpers/background.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

function sweep(...keys: string[]) {
  return spawnSync(BUNDLE_NODE, [BUNDLE, '--sweep', ...keys], { env: sandboxEnv(sandbox), encoding: 'utf8', timeout: 30_000 });
}

const USAGE = 'usage: guilds-code --sweep KEY... (each a call key: 1 to 11 of 0-9 a-z)\n';

it.each([[[]], [['']], [['ABC']], [['a-b']], [['123456789012']], [['ok', '../x']]])('refuses %j in one usage line, exit status 2', (keys) => {
  const result = sweep(...keys);
  expect([result.status, result.stdout, result.stderr]).toEqual([2, '', USAGE]);
});

it('a key with nothing of its call running: exit status 0, nothing said', () => {
  const result = sweep(callKey('a1', 'r1', 'c1'));
  expect([result.status, result.stdout, result.stderr]).toEqual([0, '', '']);
});

it("ends the processes carrying the call's key, those in a session of their own included, and spares another call's", async () => {
  const mark = (key: string) => ({ ...sandboxEnv(sandbox), GUILDS_CALL_MARK: `${key}-1-2-3-4` });
  const swept = spawn('setsid', ['sleep', '1331'], { env: mark(callKey('a1', 'r1', 'c1')), stdio: 'ignore' });
  const spared = spawn('sleep', ['1332'], { env: mark(callKey('a1', 'r1', 'c2')), stdio: 'ignore' });
  try {
    await pollUntil(() => spawnSync('pgrep', ['-f', 'sleep 133[12]']).stdout.toString().trim().split('\n').length, (count) => count === 2);
    expect(sweep(callKey('a1', 'r1', 'c1')).status).toBe(0);
    expect(spawnSync('pgrep', ['-f', 'sleep 1331']).status).toBe(1);
    expect(spawnSync('pgrep', ['-f', 'sleep 1332']).status).toBe(0);
  } finally {
    swept.kill('SIGKILL');
    spared.kill('SIGKILL');
  }
});
