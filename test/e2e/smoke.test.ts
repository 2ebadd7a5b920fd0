import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

describe('the bundle', () => {
  it('reads a file through a base64 request', () => {
    writeFileSync(join(sandbox.home, 'a.txt'), 'hello\nworld\n');
    const envelope = callHelper(sandbox, { op: 'file_read', args: { path: 'a.txt' } });
    expect(envelope.text).toBe('a.txt · lines 1–2 of 2\n1\thello\n2\tworld');
  });
});
