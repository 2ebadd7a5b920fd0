// Regression, issue 22: on Node 24 and 26 every shell call and every search aborted Node
// ("Assertion failed: args[0]->IsString()" at ProcessWrap::Spawn) with no envelope. A start-up shortcut
// drove Node's internal process handle through process.binding('process_wrap'), whose arguments
// changed on Node 24. A native assertion cannot be caught or feature-detected, so no bundle reaches for
// an internal binding at all; the Node-line matrix (vitest.config.ts) runs the bundles on every line.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE, HARNESS_BUNDLE, MCP_BUNDLE } from '../helpers/paths.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

/** The ways into Node's internals: each can change shape, or abort Node, on the next release line. */
const INTERNAL_API = /\bprocess\s*\.\s*(?:binding|_linkedBinding)\s*\(|\binternalBinding\s*\(|['"]internal\//;

describe('regression: process_wrap aborted Node 24 and 26 at every shell call', () => {
  it.each([BUNDLE, HARNESS_BUNDLE, MCP_BUNDLE])('no internal binding in %s', (bundle) => {
    expect(readFileSync(bundle, 'utf8').match(INTERNAL_API)).toBeNull();
  });

  it('the pattern finds each way in, so the check above can fail', () => {
    for (const call of ["process.binding('process_wrap')", 'process._linkedBinding("x")', "internalBinding('fs')", "require('internal/util')"]) {
      expect(call).toMatch(INTERNAL_API);
    }
  });
});

describe('with deprecations shown or thrown, a call runs a child and prints nothing else', () => {
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = makeSandbox();
  });
  afterEach(() => sandbox.cleanup());

  it.each(['--pending-deprecation', '--pending_deprecation', '--throw-deprecation'])('%s: shell and background shell answer', (flag) => {
    // callHelper holds stderr to empty: any warning fails it.
    expect(callHelper(sandbox, { op: 'shell', args: { command: 'echo hi' } }, { NODE_OPTIONS: flag })).toMatchObject({ ok: true, text: 'hi' });
    expect(callHelper(sandbox, { op: 'shell', args: { command: 'true', background: true } }, { NODE_OPTIONS: flag })).toMatchObject({ ok: true });
  });
});
