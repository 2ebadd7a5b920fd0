// The sandboxes the orchestrator's end-to-end tests run through: the local one always, bubblewrap's
// when bwrap works on this machine (else its tests are skipped, the reason in their name).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { BwrapSandbox, type BwrapSandboxOptions, type MachineSandbox } from '../../src/orchestrator/bwrap-sandbox.js';
import { LocalSandbox } from '../../src/orchestrator/local-sandbox.js';
import { BUNDLE, BUNDLE_NODE, HARNESS_BUNDLE } from './paths.js';

export interface TestSandbox extends MachineSandbox {
  /** The host folder holding whatever the sandbox made. */
  readonly scratch: string;
}

export interface SandboxOptions {
  home?: string;
  /** How the helper starts, as a command line inside the sandbox. */
  helperCommand?: readonly string[];
  network?: boolean;
}

export interface SandboxKind {
  name: 'local' | 'bubblewrap';
  /** Why this machine cannot run it; undefined when it can. */
  unavailable: string | undefined;
  make(options?: SandboxOptions): Promise<TestSandbox>;
  /** What the sandbox says when the helper's program does not exist. */
  missingProgram(path: string): string;
}

async function bwrapUnavailable(): Promise<string | undefined> {
  if (process.env.GUILDS_BWRAP === 'skip') return 'GUILDS_BWRAP=skip';
  let sandbox: BwrapSandbox;
  try {
    sandbox = await BwrapSandbox.start();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  try {
    const probe = await sandbox.exec(['true'], {}, 10_000);
    return probe.exitCode === 0 ? undefined : `bubblewrap cannot run here: ${probe.stderr.trim()}`;
  } finally {
    sandbox.cleanup();
  }
}

export const LOCAL: SandboxKind = {
  name: 'local',
  unavailable: undefined,
  make: async (options = {}) => new LocalSandbox({ helperCommand: [BUNDLE_NODE, BUNDLE], harnessCommand: [BUNDLE_NODE, HARNESS_BUNDLE], ...options }),
  missingProgram: (path) => `spawn ${path} ENOENT`,
};

export const BUBBLEWRAP: SandboxKind = {
  name: 'bubblewrap',
  unavailable: await bwrapUnavailable(),
  make: (options: BwrapSandboxOptions = {}) => BwrapSandbox.start(options),
  missingProgram: (path) => `nsenter: failed to execute ${path}: No such file or directory`,
};

export const SANDBOX_KINDS: readonly SandboxKind[] = [LOCAL, BUBBLEWRAP];

/** A describe title that says when, and why, the kind's tests are skipped. */
export function titleFor(kind: SandboxKind, title: string): string {
  return kind.unavailable === undefined ? `${title} (${kind.name})` : `${title} (${kind.name}, skipped: ${kind.unavailable})`;
}

/** Host processes in the pid namespace of `pid`, with their command lines: a container's, all of them. */
export function processesInNamespaceOf(pid: number): { pid: number; command: string }[] {
  const namespace = readlinkSync(`/proc/${pid}/ns/pid`);
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/ns/pid`) !== namespace) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      found.push({ pid: Number(entry), command });
    } catch {
      // Gone while listed.
    }
  }
  return found;
}

