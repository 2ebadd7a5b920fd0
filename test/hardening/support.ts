// What every hardening test shares: running the bundle without blocking the test process, checking
// that an answer is exactly one valid envelope, and proving that nothing outside changed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ERROR_MAX_BYTES, RESULT_CEILING_MAX_BYTES, RESULT_DEFAULT_MAX_BYTES, RESULT_MIN_MAX_BYTES } from '../../src/limits.js';
import { BUNDLE } from '../helpers/paths.js';
import type { Sandbox } from '../helpers/helper.js';

/** How long one call may take before the test counts it as hung (a guilds-code op waits 120 s). */
export const CALL_TIME_LIMIT_MS = 20_000;

export interface BundleRun {
  stdout: string;
  stderr: string;
  status: number | null;
  signal: NodeJS.Signals | null;
}

export function sandboxEnv(sandbox: Sandbox, env: Record<string, string | undefined> = {}): Record<string, string> {
  const merged: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir, ...env };
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** One cold helper process, as the orchestrator runs it; several can run at once. */
export function spawnBundle(
  sandbox: Sandbox,
  argument: string | undefined,
  env: Record<string, string | undefined> = {},
): Promise<BundleRun> {
  return new Promise((resolve, reject) => {
    const argv = argument === undefined ? [BUNDLE] : [BUNDLE, argument];
    const child = spawn(process.execPath, argv, {
      env: sandboxEnv(sandbox, env),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: CALL_TIME_LIMIT_MS,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status, signal }),
    );
  });
}

export type AnyEnvelope = { ok: true; text: string; meta: Record<string, unknown> } | { ok: false; error: string };

const STRICT_BASE64_LINE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\n$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The cap the helper must honour for a request's max_bytes field, as the spec clamps it. */
export function effectiveCap(maxBytes: unknown): number {
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes)) return RESULT_DEFAULT_MAX_BYTES;
  return Math.min(RESULT_CEILING_MAX_BYTES, Math.max(RESULT_MIN_MAX_BYTES, maxBytes));
}

/**
 * The transport's promise, checked whole: exit 0, nothing on stderr, exactly one line of strict
 * base64 holding one envelope of the right shape, text under the cap, an error on one short line,
 * and never half a character.
 */
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
    expect(Object.keys(envelope).sort()).toEqual(['error', 'ok']);
    expect(typeof envelope.error).toBe('string');
    expect(envelope.error.length).toBeGreaterThan(0);
    expect(envelope.error).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(Buffer.byteLength(envelope.error)).toBeLessThanOrEqual(ERROR_MAX_BYTES);
    expect(envelope.error).not.toMatch(LONE_SURROGATE);
    expect(envelope.error).not.toMatch(/\n\s+at /);
  }
  return envelope;
}

/** Every entry under `root` with its kind and content (files hashed, links by target). */
export function snapshotTree(root: string, skip: (path: string) => boolean = () => false): Map<string, string> {
  const entries = new Map<string, string>();
  const visit = (path: string): void => {
    if (skip(path)) return;
    const info = lstatSync(path, { throwIfNoEntry: false });
    if (!info) return;
    if (info.isSymbolicLink()) entries.set(path, `link ${readlinkSync(path)}`);
    else if (info.isDirectory()) {
      entries.set(path, `folder ${info.mode.toString(8)}`);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (info.isFile()) {
      entries.set(path, `file ${info.mode.toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
    } else entries.set(path, `other ${info.mode.toString(8)}`);
  };
  visit(root);
  return entries;
}

/**
 * Processes whose command line or environment mentions `marker` (a sandbox's root, which every
 * helper has in HOME and GUILDS_RUN_DIR): what a test may have left behind.
 */
export function processesMentioning(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (commandLine.includes(marker) || environment.includes(marker)) found.push(`${pid} ${commandLine}`);
    } catch {
      // Gone while listing, or not ours to read: nothing this test left behind.
    }
  }
  return found;
}

export function base64Request(fields: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64');
}

export function fileReadRequest(path: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { op: 'file_read', args: { path }, run_id: 'r1', agent_id: 'a1', call_id: 'c1', ...extra };
}

/** A file holding a marker that must never come back from a call that was refused. */
export function writeMarked(path: string, marker: string): void {
  writeFileSync(path, `${marker}\n`);
}

/** Figures a test measured, printed so that a run's log carries them into docs/reliability.md. */
export function reportFigure(name: string, figures: Record<string, number | string>): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key}=${value}`);
  console.log(`[hardening] ${name}: ${parts.join(' ')}`);
}
