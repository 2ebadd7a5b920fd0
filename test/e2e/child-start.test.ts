// Which of Node's modules a call loads to run its child: a shell command and a search start theirs on
// Node's process handle, without node:child_process and the stream modules it brings (a regression
// here costs every such call milliseconds; docs/performance.md, "A child without node:child_process").
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

const MODULE_LIST_PRELOAD = join(REPO_ROOT, 'fixtures', 'boot', 'module-list.cjs');

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'repo'));
  writeFileSync(join(sandbox.home, 'repo', 'a.txt'), 'needle\nhay\n');
});
afterEach(() => sandbox.cleanup());

/** The call's envelope and the modules its helper loaded. */
function callListingModules(fields: Parameters<typeof callHelper>[1], nodeOptions = ''): { envelope: ReturnType<typeof callHelper>; modules: string[] } {
  const listPath = join(sandbox.root, 'modules.txt');
  const envelope = callHelper(sandbox, fields, {
    NODE_OPTIONS: `--require ${MODULE_LIST_PRELOAD} ${nodeOptions}`.trim(),
    GUILDS_TEST_MODULE_LIST: listPath,
  });
  return { envelope, modules: readFileSync(listPath, 'utf8').split('\n') };
}

describe('a call that runs a child', () => {
  it('a shell command runs without node:child_process', () => {
    const { envelope, modules } = callListingModules({ op: 'shell', args: { command: 'echo hi; exit 3' } });
    expect(envelope).toMatchObject({ ok: true, text: 'hi\nexit_code: 3' });
    expect(modules).toContain('Internal Binding process_wrap');
    expect(modules).not.toContain('NativeModule child_process');
    expect(modules).not.toContain('NativeModule net');
  });

  it('a background command starts without node:child_process', () => {
    const { envelope, modules } = callListingModules({ op: 'shell', args: { command: 'sleep 0.1', background: true } });
    expect(envelope).toMatchObject({ ok: true });
    expect(modules).not.toContain('NativeModule child_process');
  });

  it('a search runs ripgrep without node:child_process, in files mode and in content mode', () => {
    for (const mode of ['files', 'content']) {
      const { envelope, modules } = callListingModules({ op: 'code_search', args: { pattern: 'needle', path: 'repo', mode } });
      expect(envelope).toMatchObject({ ok: true });
      expect(modules).not.toContain('NativeModule child_process');
    }
  });

  it('with pending deprecations shown, the command runs through node:child_process and nothing is printed', () => {
    // callHelper's harness holds stderr to empty: a warning about process.binding would fail it.
    for (const flag of ['--pending-deprecation', '--pending_deprecation']) {
      const { envelope, modules } = callListingModules({ op: 'shell', args: { command: 'echo hi' } }, flag);
      expect(envelope).toMatchObject({ ok: true, text: 'hi' });
      expect(modules).toContain('NativeModule child_process');
    }
  });
});
