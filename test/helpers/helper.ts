// Runs the built helper the way the orchestrator does: one fresh process, one base64 request, every
// answer checked by the bundle harness (test/helpers/bundle.ts).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { effectiveCap, expectOneEnvelope, spawnBundleSync, type BundleRun } from './bundle.js';

export interface Sandbox {
  /** The agent's home, links resolved. */
  home: string;
  /** $GUILDS_RUN_DIR for this sandbox. */
  runDir: string;
  /** A folder beside the home, outside it. */
  outside: string;
  root: string;
  cleanup(): void;
}

export function makeSandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-test-')));
  const home = join(root, 'home');
  const runDir = join(root, 'run');
  const outside = join(root, 'outside');
  for (const dir of [home, runDir, join(runDir, 'requests'), outside]) mkdirSync(dir, { recursive: true });
  // A background job a test started may still be writing its exit status as the folder goes: its
  // removal is tried again (ENOTEMPTY) until the job's last file is in and gone.
  return { root, home, runDir, outside, cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 }) };
}

export interface RequestFields {
  op: string;
  args?: Record<string, unknown>;
  run_id?: string;
  agent_id?: string;
  call_id?: string;
  default_cwd?: string;
  max_bytes?: number;
  [extra: string]: unknown;
}

let callCounter = 0;

export function encodeRequest(fields: RequestFields): string {
  const request = { run_id: 'r1', agent_id: 'a1', call_id: `c${++callCounter}`, ...fields };
  return Buffer.from(JSON.stringify(request), 'utf8').toString('base64');
}

export interface HelperRun {
  envelope: { ok: boolean; text?: string; meta?: Record<string, unknown>; error?: string; kind?: string };
  raw: BundleRun;
}

/** One call with a raw argument; `cap` is the byte cap its text must stay under. */
export function runHelperArgument(
  sandbox: Sandbox,
  argument: string | undefined,
  env: Record<string, string | undefined> = {},
  cap?: number,
): HelperRun {
  const raw = spawnBundleSync(sandbox, argument, env);
  return { envelope: expectOneEnvelope(raw, cap), raw };
}

export function callHelper(
  sandbox: Sandbox,
  fields: RequestFields,
  env: Record<string, string | undefined> = {},
): HelperRun['envelope'] {
  return runHelperArgument(sandbox, encodeRequest(fields), env, effectiveCap(fields.max_bytes)).envelope;
}
