// What is measured, against what. Each case pairs a helper call, started as the orchestrator starts
// it, with its floor: the least any implementation would have to pay for the same answer.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Env } from './measure.js';
import type { Scratch } from './fixtures.js';

export type CaseKind = 'start' | 'search' | 'bulk' | 'info';

export interface HelperRequest {
  op: string;
  args: Record<string, unknown>;
}

export interface Case {
  name: string;
  /** A helper call (null: started with no argument at all), or any command for reference. */
  subject: { request: HelperRequest | null; env?: Env } | { command: Command };
  floorName: string;
  floor: Command[];
  kind: CaseKind;
  /** The median of the pairwise ratios must be at most this; null for informational cases. */
  targetRatio: number | null;
  /** The helper's peak resident memory must stay under this, when given. */
  peakTargetMiB?: number;
  /** Run after each batch of runs, outside the timing. */
  afterEachPlan?: () => void;
}

export const FEW_MATCHES_PATTERN = 'pthread_mutex_timedlock';
// About 100,000 matching lines (115,000 matches) in the system headers of Debian 12.
export const MANY_MATCHES_PATTERN = 'void';
export const SHELL_OUTPUT_LINE = 'a line of build output, as a compiler or a test runner prints it';
// The shell's floor: Node starting `bash -c true` through node:child_process and waiting for it.
const SPAWN_FLOOR_SOURCE = "require('child_process').spawnSync('bash', ['-c', 'true'])";
const SPAWN_FLOOR_NAME = `node -e "spawnSync('bash', ['-c', 'true'])"`;
// The ripgrep arguments every search shares; the helper adds its own on top (spec: code_search).
const RG_COMMON = ['--no-config', '--hidden', '--color', 'never', '--glob', '!.git'];

export function buildCases(scratch: Scratch, env: Env, caCertificates: string | undefined, nodeBinary: string = process.execPath): Case[] {
  const node = (argv: string[], extra: Env = {}): Command => ({ argv: [nodeBinary, ...argv], env: { ...env, ...extra } });
  const bareNode = node(['-e', '0']);
  const rg = (args: string[]): Command => ({ argv: [scratch.rg, ...RG_COMMON, ...args], env, cwd: scratch.home });
  const removeRunLogs = () => rmSync(join(scratch.home, '.runs'), { recursive: true, force: true });
  const shellOutput = `yes '${SHELL_OUTPUT_LINE}' | head -c ${scratch.shellOutputBytes}`;
  const mib = (bytes: number) => `${Math.round(bytes / 1_048_576)} MiB`;

  const search = (mode: 'files' | 'content', pattern: string, label: string, targetRatio: number): Case => ({
    name: `code_search ${mode}, ${label}`,
    subject: { request: { op: 'code_search', args: { pattern, path: scratch.tree, mode } } },
    floorName: `node -e 0, then rg ${mode === 'files' ? '--count-matches' : '-n'}`,
    floor: [
      bareNode,
      rg(mode === 'files' ? ['--count-matches', '--', pattern, scratch.tree] : ['--line-number', '--no-heading', '--with-filename', '--', pattern, scratch.tree]),
    ],
    kind: 'search',
    targetRatio,
  });

  // The least any helper written for Node pays: the same process started through node:child_process,
  // from a script (under `node -e`, Node has loaded modules a script must load itself).
  const leastScript = (name: string, source: string): Command => {
    const path = join(scratch.root, name);
    writeFileSync(path, source);
    return node([path]);
  };
  const contentArgs = (pattern: string) => [...RG_COMMON, '--line-number', '--no-heading', '--with-filename', '--', pattern, scratch.tree];
  const leastShell = leastScript('least-shell.cjs', `require('node:child_process').spawn('bash', ['-c', 'true'], { stdio: 'ignore' }).on('exit', () => {});\n`);
  const leastSearch = leastScript(
    'least-search.cjs',
    `const child = require('node:child_process').spawn(${JSON.stringify(scratch.rg)}, ${JSON.stringify(contentArgs(FEW_MATCHES_PATTERN))}, { cwd: ${JSON.stringify(scratch.home)}, stdio: ['ignore', 'pipe', 'ignore'] });\nchild.stdout.on('data', () => {});\n`,
  );

  const cases: Case[] = [
    {
      name: 'file_read, 200 lines of a 2,000-line file',
      subject: { request: { op: 'file_read', args: { path: scratch.smallFile, offset: 901, limit: 200 } } },
      floorName: 'node -e 0',
      floor: [bareNode],
      kind: 'start',
      targetRatio: 1.15,
    },
    {
      name: 'shell_status, no background commands',
      subject: { request: { op: 'shell_status', args: {} } },
      floorName: 'node -e 0',
      floor: [bareNode],
      kind: 'start',
      targetRatio: 1.15,
    },
    {
      // Against Node starting bash through node:child_process, which every shell call must pay on every
      // line since issue 22 (docs/performance.md): what is above it is the helper's own.
      name: 'shell `true`',
      subject: { request: { op: 'shell', args: { command: 'true' } } },
      floorName: SPAWN_FLOOR_NAME,
      floor: [node(['-e', SPAWN_FLOOR_SOURCE])],
      kind: 'start',
      targetRatio: 1.1,
    },
    search('files', FEW_MATCHES_PATTERN, 'few matches', 1.1),
    search('content', FEW_MATCHES_PATTERN, 'few matches', 1.1),
    search('files', MANY_MATCHES_PATTERN, '~100,000 matches', 1.2),
    search('content', MANY_MATCHES_PATTERN, '~100,000 matches', 1.2),
    {
      name: `shell printing ${mib(scratch.shellOutputBytes)}`,
      subject: { request: { op: 'shell', args: { command: shellOutput, timeout_seconds: 600 } } },
      floorName: 'the bare command writing to a file',
      floor: [{ argv: ['bash', '-c', `${shellOutput} > '${scratch.outputSink}'`], env, cwd: scratch.home }],
      kind: 'bulk',
      targetRatio: 2,
      peakTargetMiB: 100,
      afterEachPlan: removeRunLogs,
    },
    {
      name: `file_read of a ${mib(scratch.largeFileBytes)} file`,
      subject: { request: { op: 'file_read', args: { path: scratch.largeFile } } },
      floorName: 'sha256sum',
      floor: [{ argv: ['sha256sum', scratch.largeFile], env, cwd: scratch.home }],
      kind: 'bulk',
      targetRatio: 2,
      peakTargetMiB: 100,
    },
    {
      name: 'file_read as above, code cache off (a first call of its kind, less writing the cache)',
      subject: { request: { op: 'file_read', args: { path: scratch.smallFile, offset: 901, limit: 200 } }, env: { GUILDS_CODE_CACHE: 'off' } },
      floorName: 'node -e 0',
      floor: [bareNode],
      kind: 'info',
      targetRatio: null,
    },
    {
      name: 'node starting `bash -c true` and waiting, nothing else (the least a Node helper pays for shell)',
      subject: { command: leastShell },
      floorName: 'node -e 0',
      floor: [bareNode],
      kind: 'info',
      targetRatio: null,
    },
    {
      name: 'node running the few-matches content search through node:child_process, nothing else (the least for code_search)',
      subject: { command: leastSearch },
      floorName: 'node -e 0, then rg -n',
      floor: [bareNode, rg(contentArgs(FEW_MATCHES_PATTERN).slice(RG_COMMON.length))],
      kind: 'info',
      targetRatio: null,
    },
    {
      name: 'the helper answering no request (its start alone)',
      subject: { request: null },
      floorName: 'node -e 0',
      floor: [bareNode],
      kind: 'info',
      targetRatio: null,
    },
  ];
  if (caCertificates !== undefined) {
    cases.push({
      name: 'node -e 0 with NODE_EXTRA_CA_CERTS set',
      subject: { command: node(['-e', '0'], { NODE_EXTRA_CA_CERTS: caCertificates }) },
      floorName: 'node -e 0',
      floor: [bareNode],
      kind: 'info',
      targetRatio: null,
    });
  }
  return cases;
}
