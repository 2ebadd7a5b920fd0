// The one way a test runs the committed bundle, and the transport's promise every run is checked
// against: exit 0, nothing on stderr, exactly one line of strict base64 holding one envelope of the
// right shape, text under the cap, an error on one short line with its kind, and never half a character.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { ERROR_KINDS } from '../../src/contract/errors.js';
import { ERROR_MAX_BYTES, RESULT_CEILING_MAX_BYTES, RESULT_DEFAULT_MAX_BYTES, RESULT_MIN_MAX_BYTES } from '../../src/limits.js';
import { BUNDLE, BUNDLE_NODE } from './paths.js';

/** Where a bundle runs: the agent's home and the helper's state folder. */
export interface BundleSandbox {
  home: string;
  runDir: string;
}

export interface BundleRun {
  stdout: string;
  stderr: string;
  status: number | null;
  signal: NodeJS.Signals | null;
}

export type AnyEnvelope =
  | { ok: true; text: string; meta: Record<string, unknown> }
  | { ok: false; error: string; kind: string };

/** How long one call may take before the test counts it as hung (a guilds-code op waits 120 s). */
export const CALL_TIME_LIMIT_MS = 20_000;
/** A call that runs commands on purpose (a shell timeout, a long search) gets this long. */
const SLOW_CALL_TIME_LIMIT_MS = 60_000;

export function sandboxEnv(sandbox: BundleSandbox, env: Record<string, string | undefined> = {}): Record<string, string> {
  const merged: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir, ...env };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function argvOf(argument: string | undefined, bundle: string): string[] {
  return argument === undefined ? [bundle] : [bundle, argument];
}

export interface SpawnOptions {
  /** Which helper: dist/guilds-code.js unless named (dist/guilds-harness.js for code_task). */
  bundle?: string;
  /** Past this the call counts as hung and is killed. */
  timeLimitMs?: number;
}

/** One cold helper process, as the orchestrator runs it, and its answer once it ends. */
export function startBundle(
  sandbox: BundleSandbox,
  argument: string | undefined,
  env: Record<string, string | undefined> = {},
  options: SpawnOptions = {},
): { child: ChildProcess; done: Promise<BundleRun> } {
  const child = spawn(BUNDLE_NODE, argvOf(argument, options.bundle ?? BUNDLE), {
    env: sandboxEnv(sandbox, env),
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: options.timeLimitMs ?? CALL_TIME_LIMIT_MS,
    killSignal: 'SIGKILL',
  });
  const done = new Promise<BundleRun>((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status, signal }),
    );
  });
  return { child, done };
}

/** One cold helper process, as the orchestrator runs it; several can run at once. */
export function spawnBundle(
  sandbox: BundleSandbox,
  argument: string | undefined,
  env: Record<string, string | undefined> = {},
  options: SpawnOptions = {},
): Promise<BundleRun> {
  return startBundle(sandbox, argument, env, options).done;
}

/** The same, blocking the test until the helper answers. */
export function spawnBundleSync(
  sandbox: BundleSandbox,
  argument: string | undefined,
  env: Record<string, string | undefined> = {},
): BundleRun {
  const raw = spawnSync(BUNDLE_NODE, argvOf(argument, BUNDLE), {
    encoding: 'utf8',
    env: sandboxEnv(sandbox, env),
    timeout: SLOW_CALL_TIME_LIMIT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: raw.stdout, stderr: raw.stderr, status: raw.status, signal: raw.signal };
}

const STRICT_BASE64_LINE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\n$/;
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The cap the helper must honour for a request's max_bytes field, as the spec clamps it. */
export function effectiveCap(maxBytes: unknown): number {
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes)) return RESULT_DEFAULT_MAX_BYTES;
  return Math.min(RESULT_CEILING_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, maxBytes));
}

/** The transport's promise, checked whole; the envelope it carried. */
export function expectOneEnvelope(run: BundleRun, cap: number = RESULT_CEILING_MAX_BYTES): AnyEnvelope {
  expect(run.signal, 'the helper was killed: it hung past the time limit').toBeNull();
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(STRICT_BASE64_LINE);
  const json = Buffer.from(run.stdout.trim(), 'base64').toString('utf8');
  const envelope = JSON.parse(json) as AnyEnvelope;
  expect(typeof envelope).toBe('object');
  if (envelope.ok === true) {
    expect(Object.keys(envelope).sort()).toEqual(['meta', 'ok', 'text']);
    expect(typeof envelope.text).toBe('string');
    expect(Buffer.byteLength(envelope.text)).toBeLessThanOrEqual(cap);
    expect(envelope.text).not.toMatch(LONE_SURROGATE);
    expect(typeof envelope.meta === 'object' && envelope.meta !== null && !Array.isArray(envelope.meta)).toBe(true);
  } else {
    expect(envelope.ok).toBe(false);
    expect(Object.keys(envelope).sort()).toEqual(['error', 'kind', 'ok']);
    expect(ERROR_KINDS).toContain(envelope.kind);
    expect(typeof envelope.error).toBe('string');
    expect(envelope.error.length).toBeGreaterThan(0);
    expect(envelope.error).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(Buffer.byteLength(envelope.error)).toBeLessThanOrEqual(ERROR_MAX_BYTES);
    expect(envelope.error).not.toMatch(LONE_SURROGATE);
    expect(envelope.error).not.toMatch(/\n\s+at /);
  }
  return envelope;
}
