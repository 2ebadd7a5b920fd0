// What every hardening test shares: the bundle harness (test/helpers/bundle.ts), and proving that
// nothing outside changed.
import { processRuns } from '../helpers/processes.js';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export {
  CALL_TIME_LIMIT_MS,
  effectiveCap,
  expectOneEnvelope,
  sandboxEnv,
  spawnBundle,
  type AnyEnvelope,
  type BundleRun,
} from '../helpers/bundle.js';

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
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid || !processRuns(Number(pid))) continue;
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
