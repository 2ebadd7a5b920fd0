// Runs the built helper the way the orchestrator does: one fresh process, one base64 request.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE } from './paths.js';

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
  return { root, home, runDir, outside, cleanup: () => rmSync(root, { recursive: true, force: true }) };
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
  envelope: { ok: boolean; text?: string; meta?: Record<string, unknown>; error?: string };
  raw: SpawnSyncReturns<string>;
}

export function runHelperArgument(
  sandbox: Sandbox,
  argument: string | undefined,
  env: Record<string, string | undefined> = {},
): HelperRun {
  const argv = argument === undefined ? [BUNDLE] : [BUNDLE, argument];
  const raw = spawnSync(process.execPath, argv, {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir, ...env },
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = raw.stdout.split('\n');
  if (raw.status !== 0 || lines.length !== 2 || lines[1] !== '') {
    throw new Error(`helper did not print one envelope line (status ${raw.status}): ${raw.stdout.slice(0, 300)} ${raw.stderr.slice(0, 300)}`);
  }
  const envelope = JSON.parse(Buffer.from(lines[0]!, 'base64').toString('utf8'));
  return { envelope, raw };
}

export function callHelper(
  sandbox: Sandbox,
  fields: RequestFields,
  env: Record<string, string | undefined> = {},
): HelperRun['envelope'] {
  return runHelperArgument(sandbox, encodeRequest(fields), env).envelope;
}
