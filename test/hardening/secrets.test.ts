// Secrets: the helper runs with the agent's environment, tokens included. No value from the
// environment, and nothing from a request beyond the names and paths it echoes on purpose, may
// come back in an error line or on stderr.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { base64Request, expectOneEnvelope, fileReadRequest, processesMentioning, reportFigure, spawnBundle } from './support.js';

const SECRET = 'ghp_S3cr3tT0k3nValue9f8e7d6c5b4a';
const SECRET_ENV = {
  GH_TOKEN: SECRET,
  GUILD_REPO_TOKENS: JSON.stringify({ 'repos/app': `${SECRET}-repo` }),
  OPENAI_API_KEY: `sk-${SECRET}`,
  DATABASE_URL: `postgres://user:${SECRET}@db/app`,
};

let sandbox: Sandbox;
let requestsDir: string;
let checked = 0;
beforeAll(() => {
  sandbox = makeSandbox();
  requestsDir = join(sandbox.runDir, 'requests');
  writeFileSync(join(sandbox.home, 'a.txt'), 'a\n');
  mkdirSync(join(sandbox.home, 'folder'));
  execFileSync('mkfifo', [join(sandbox.home, 'pipe')]);
  symlinkSync('loop', join(sandbox.home, 'loop'));
  symlinkSync('/proc/self/environ', join(sandbox.home, 'environ'));
});
afterAll(() => {
  reportFigure('secret checks', { answers_checked: checked });
  expect(processesMentioning(sandbox.root)).toEqual([]);
  sandbox.cleanup();
});

async function expectNoSecret(argument: string | undefined, env: Record<string, string | undefined> = {}): Promise<string> {
  const run = await spawnBundle(sandbox, argument, { ...SECRET_ENV, ...env });
  const envelope = expectOneEnvelope(run);
  const decoded = Buffer.from(run.stdout, 'base64').toString('utf8');
  expect(decoded).not.toContain(SECRET);
  expect(run.stderr).not.toContain(SECRET);
  checked++;
  expect(envelope.ok).toBe(false);
  return envelope.ok ? '' : envelope.error;
}

function requestFile(name: string, content: string | Buffer): string {
  const path = join(requestsDir, name);
  writeFileSync(path, content);
  return path;
}

describe('no value from the environment comes back in an error', () => {
  const requests: Array<[string, () => string | undefined]> = [
    ['no argument', () => undefined],
    ['an empty argument', () => ''],
    ['bad base64', () => '!!!'],
    ['base64 of something that is not JSON', () => Buffer.from('nope').toString('base64')],
    ['an unknown op', () => base64Request({ ...fileReadRequest('a.txt'), op: 'nope' })],
    ['a bad run id', () => base64Request(fileReadRequest('a.txt', { run_id: '../..' }))],
    ['a missing file', () => base64Request(fileReadRequest('missing.txt'))],
    ['a folder', () => base64Request(fileReadRequest('folder'))],
    ['a FIFO', () => base64Request(fileReadRequest('pipe'))],
    ['a link loop', () => base64Request(fileReadRequest('loop'))],
    ['a link to /proc/self/environ, which holds every secret', () => base64Request(fileReadRequest('environ'))],
    ['the absolute /proc/self/environ', () => base64Request(fileReadRequest('/proc/self/environ'))],
    ['/proc/self/environ through /proc/self/root', () => base64Request(fileReadRequest('/proc/self/root/proc/self/environ'))],
    ['an over-long name', () => base64Request(fileReadRequest('x'.repeat(300)))],
    ['a request file elsewhere', () => join(sandbox.home, 'a.txt')],
    ['a missing request file', () => join(requestsDir, 'r1-gone.json')],
  ];

  it.each(requests)('%s', async (_name, argument) => {
    await expectNoSecret(argument());
  });

  it('a missing HOME, a relative HOME and a HOME that is gone', async () => {
    const request = base64Request(fileReadRequest('a.txt'));
    await expectNoSecret(request, { HOME: undefined });
    await expectNoSecret(request, { HOME: 'relative' });
    await expectNoSecret(request, { HOME: join(sandbox.root, 'gone') });
  });
});

describe('a request file\'s content is never repeated in its error', () => {
  const contents: Array<[string, string | Buffer]> = [
    ['invalid JSON around a secret', `{"op":"file_read","note":"${SECRET}"`],
    ['bytes that are not UTF-8 around a secret', Buffer.concat([Buffer.from(`{"x":"${SECRET}`), Buffer.from([0xff, 0xfe])])],
    // A name-shaped op or argument name is echoed (the orchestrator or the model chose it); anything
    // else, such as a line of a file that is not a request, is not.
    ['a line holding a secret as the op', JSON.stringify({ ...fileReadRequest('a.txt'), op: `token: ${SECRET}` })],
    ['a secret as an argument name', JSON.stringify({ ...fileReadRequest('a.txt'), args: { path: 'a.txt', [`${SECRET} x`]: 1 } })],
    ['a secret as an id', JSON.stringify(fileReadRequest('a.txt', { call_id: `${SECRET}/x` }))],
    ['a secret as a number argument', JSON.stringify({ ...fileReadRequest('a.txt'), args: { path: 'a.txt', offset: SECRET } })],
    ['a secret as max_bytes', JSON.stringify(fileReadRequest('a.txt', { max_bytes: SECRET }))],
    ['a secret as default_cwd, with a NUL', JSON.stringify(fileReadRequest('a.txt', { default_cwd: `${SECRET}\u0000` }))],
    ['a secret as args', JSON.stringify({ ...fileReadRequest('a.txt'), args: SECRET })],
    ['a JSON array holding a secret', JSON.stringify([SECRET])],
  ];

  it.each(contents)('%s', async (name, content) => {
    const path = requestFile(`r1-${name.replace(/[^a-z]+/g, '-')}.json`, content);
    await expectNoSecret(path);
  });
});
