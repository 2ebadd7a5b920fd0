// The transport end to end: whatever arrives, exactly one valid envelope line leaves.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHelper, encodeRequest, makeSandbox, runHelperArgument, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  writeFileSync(join(sandbox.home, 'a.txt'), 'hello\n');
});
afterEach(() => sandbox.cleanup());

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const errorOf = (argument: string | undefined, env: Record<string, string | undefined> = {}) => {
  const { envelope, raw } = runHelperArgument(sandbox, argument, env);
  expect(raw.stderr).toBe('');
  expect(envelope.ok).toBe(false);
  return envelope.error;
};

describe('a malformed argument gets one error envelope', () => {
  it('no argument at all', () => {
    expect(errorOf(undefined)).toBe('invalid request: no argument (expected base64 JSON or a request file)');
  });

  it('an empty argument', () => {
    expect(errorOf('')).toBe('invalid request: the argument is empty');
  });

  it('base64 with a stray character, instead of a half-decoded request', () => {
    const good = encodeRequest({ op: 'file_read', args: { path: 'a.txt' } });
    expect(errorOf(good.slice(0, 8) + '!' + good.slice(8))).toBe('invalid request: the argument is not standard base64');
  });

  it('base64 without its padding', () => {
    expect(errorOf(base64('{"op":1}').replace(/=+$/, ''))).toBe('invalid request: the argument is not standard base64');
  });

  it('base64 of something that is not JSON', () => {
    expect(errorOf(base64('not json'))).toBe('invalid request: not JSON');
  });

  it('base64 of bytes that are not UTF-8', () => {
    expect(errorOf(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'))).toBe('invalid request: not UTF-8');
  });

  it('JSON that is not an object', () => {
    expect(errorOf(base64('[1,2]'))).toBe('invalid request: not a JSON object');
  });

  it('an unknown op', () => {
    expect(errorOf(encodeRequest({ op: 'rm_rf' }))).toBe(
      "invalid request: unknown op 'rm_rf' (one of shell, shell_status, file_read, code_search)",
    );
  });

  it('ids with a slash, .., or too long', () => {
    const message = 'must be 1 to 128 of A-Z a-z 0-9 _ . - (not . or ..)';
    expect(errorOf(encodeRequest({ op: 'file_read', args: { path: 'a.txt' }, run_id: '../x' }))).toBe(`invalid request: run_id ${message}`);
    expect(errorOf(encodeRequest({ op: 'file_read', args: { path: 'a.txt' }, agent_id: '..' }))).toBe(`invalid request: agent_id ${message}`);
    expect(errorOf(encodeRequest({ op: 'file_read', args: { path: 'a.txt' }, call_id: 'x'.repeat(129) }))).toBe(`invalid request: call_id ${message}`);
    expect(errorOf(encodeRequest({ op: 'file_read', args: { path: 'a.txt' }, call_id: 7 as unknown as string }))).toBe('invalid request: call_id must be a string');
  });

  it('args that are not an object', () => {
    expect(errorOf(encodeRequest({ op: 'file_read', args: 'a.txt' as unknown as Record<string, unknown> }))).toBe(
      'invalid request: args must be a JSON object',
    );
  });

  it('a max_bytes that is not a whole number', () => {
    expect(errorOf(encodeRequest({ op: 'file_read', args: { path: 'a.txt' }, max_bytes: 'big' as unknown as number }))).toBe(
      'invalid request: max_bytes must be a whole number',
    );
  });

  it('a missing or relative HOME', () => {
    const request = encodeRequest({ op: 'file_read', args: { path: 'a.txt' } });
    expect(errorOf(request, { HOME: undefined })).toBe('HOME is not set to an absolute path');
    expect(errorOf(request, { HOME: 'relative/home' })).toBe('HOME is not set to an absolute path');
    expect(errorOf(request, { HOME: join(sandbox.root, 'no-such-home') })).toBe(`the home folder ${join(sandbox.root, 'no-such-home')} does not exist`);
  });
});

describe('max_bytes', () => {
  it('raises a cap below 1024 to 1024', () => {
    writeFileSync(join(sandbox.home, 'wide.txt'), ('w'.repeat(100) + '\n').repeat(100));
    const envelope = callHelper(sandbox, { op: 'file_read', args: { path: 'wide.txt' }, max_bytes: 10 });
    expect(envelope.text).toMatch(/\[stopped at line \d+ to stay under 1024 bytes; continue with offset \d+\]$/);
  });

  it('answers a result far larger than a pipe buffer whole, on one line', () => {
    writeFileSync(join(sandbox.home, 'wide.txt'), ('w'.repeat(399) + '\n').repeat(500));
    const envelope = callHelper(sandbox, { op: 'file_read', args: { path: 'wide.txt', limit: 500 }, max_bytes: 1_048_576 });
    expect(envelope.meta!.range).toEqual([1, 500]);
    expect(envelope.text!.endsWith(`500\t${'w'.repeat(399)}`)).toBe(true);
  });
});

describe('request files', () => {
  const requestsDir = () => join(sandbox.runDir, 'requests');
  const requestJson = JSON.stringify({ op: 'file_read', args: { path: 'a.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' });

  it('reads a request file in the requests folder, then deletes it', () => {
    const path = join(requestsDir(), 'r1-c1.json');
    writeFileSync(path, requestJson);
    const { envelope } = runHelperArgument(sandbox, path);
    expect(envelope.text).toBe('a.txt · lines 1–1 of 1\n1\thello');
    expect(existsSync(path)).toBe(false);
  });

  it('deletes a request file whose request is invalid', () => {
    const path = join(requestsDir(), 'r1-c2.json');
    writeFileSync(path, '{"op":');
    expect(errorOf(path)).toBe('invalid request: not JSON');
    expect(existsSync(path)).toBe(false);
  });

  it('refuses, and never deletes, a file anywhere else', () => {
    const victim = join(sandbox.home, 'a.txt');
    expect(errorOf(victim)).toBe(`invalid request: a request file must lie directly in ${requestsDir()}/`);
    expect(existsSync(victim)).toBe(true);
  });

  it('refuses a path that climbs out of the requests folder with ..', () => {
    const victim = join(sandbox.home, 'a.txt');
    const climbing = `${requestsDir()}/../../home/a.txt`;
    expect(errorOf(climbing)).toBe(`invalid request: a request file must lie directly in ${requestsDir()}/`);
    expect(existsSync(victim)).toBe(true);
  });

  it('refuses a link in the requests folder without deleting its target', () => {
    const victim = join(sandbox.home, 'a.txt');
    const link = join(requestsDir(), 'r1-link.json');
    symlinkSync(victim, link);
    expect(errorOf(link)).toBe(`invalid request: ${link} is not a regular file`);
    expect(existsSync(victim)).toBe(true);
  });

  it('refuses a folder in the requests folder without deleting it', () => {
    const folder = join(requestsDir(), 'r1-folder.json');
    mkdirSync(folder);
    expect(errorOf(folder)).toBe(`invalid request: ${folder} is not a regular file`);
    expect(existsSync(folder)).toBe(true);
  });

  it('reads and deletes a request file whose run id begins with a dot', () => {
    const path = join(requestsDir(), '.r1-c1.json');
    writeFileSync(path, JSON.stringify({ op: 'file_read', args: { path: 'a.txt' }, run_id: '.r1', agent_id: 'a1', call_id: 'c1' }));
    expect(runHelperArgument(sandbox, path).envelope.text).toBe('a.txt · lines 1–1 of 1\n1\thello');
    expect(existsSync(path)).toBe(false);
  });

  it('refuses, and never deletes, a writer\'s temporary file or any name a request file cannot have', () => {
    for (const name of ['.r1-c1.json.Xa3f9Z', 'r1-c1.json.tmp', 'notes.txt', 'r1c1.json']) {
      const path = join(requestsDir(), name);
      writeFileSync(path, requestJson);
      expect(errorOf(path)).toBe(`invalid request: a request file is named <run_id>-<call_id>.json; ${path} is not`);
      expect(existsSync(path)).toBe(true);
    }
  });

  it('says so when the request file is missing', () => {
    const path = join(requestsDir(), 'r1-gone.json');
    expect(errorOf(path)).toBe(`invalid request: no request file at ${path}`);
    expect(readdirSync(requestsDir())).toEqual([]);
  });
});
