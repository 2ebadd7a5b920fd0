// The docker cases of npm run bench: the wall time per call of file_read, shell `true` and
// shell_status in a container of the sandbox image, under runc and gVisor, reached through the
// Engine API (DockerSandbox) and through the docker CLI (`docker exec`), each against the floor of
// the same run: a bare Engine API exec of `true` in the same container. Pairs alternate which side
// goes first; a ratio is the median of the pairwise ratios.
import { spawnSync } from 'node:child_process';
import { CodeToolRun } from '../src/orchestrator/code-tools.js';
import { DOCKER_PATH, DockerSandbox, EngineClient, engineAddressFrom } from '../src/orchestrator/sandboxes/docker/sandbox.js';
import { execLocal } from '../src/orchestrator/sandboxes/local/exec.js';
import { execRequest, type ExecRequest, type ExecResult, type Sandbox } from '../src/orchestrator/sandbox.js';
import { alternatingPairs } from './measure.js';
import { measureWarmThrough, type WarmCase, type WarmOutcome } from './warm.js';
import { measureProgressThrough, type ProgressOutcome } from './progress.js';

const FILE_LINES = 2_000;

export interface DockerOutcome {
  name: string;
  pairs: number;
  callMs: number;
  floorMs: number;
  ratio: number;
}

/** The docker CLI as a Sandbox: `docker exec`, the environment named with -e and valued in the CLI's own. */
class CliSandbox implements Sandbox {
  constructor(
    private readonly container: string,
    private readonly dockerHost: string,
    readonly runDir: string,
  ) {}
  exec({ argv, env, expiration }: ExecRequest): Promise<ExecResult> {
    const whole = { ...env, HOME: '/home/agent', GUILDS_RUN_DIR: this.runDir };
    // Each variable is named with -e and valued from the CLI's own environment (never in argv), but
    // PATH, which the CLI itself needs: the container's is not a secret.
    const names = Object.keys(whole).filter((name) => name !== 'PATH').flatMap((name) => ['-e', name]);
    const cli = { ...whole, PATH: process.env.PATH ?? '/usr/bin:/bin', DOCKER_HOST: this.dockerHost };
    return execLocal({ argv: ['docker', 'exec', ...names, '-e', `PATH=${DOCKER_PATH}`, '-w', '/home/agent', this.container, ...argv], env: cli, expiration }, '/');
  }
  writeFile(): Promise<void> {
    return Promise.reject(new Error('the CLI case sends no request files'));
  }
  /** The container is the bench's, removed with its DockerSandbox. */
  async cleanup(): Promise<void> {}
}

/** The floor: a bare Engine API exec of `true`, created, started, read to its end and inspected. */
async function bareTrue(engine: EngineClient, container: string): Promise<void> {
  const created = await engine.call<{ Id: string }>('POST', `/containers/${container}/exec`, { Cmd: ['true'], AttachStdout: true, AttachStderr: true });
  await new Promise<void>((resolve, reject) => {
    const stream = engine.startExec(created.Id, { stdout: () => {}, stderr: () => {}, end: (error) => (error ? reject(error) : resolve()) });
    stream.end();
  });
  const state = await engine.call<{ ExitCode: number }>('GET', `/exec/${created.Id}/json`);
  if (state.ExitCode !== 0) throw new Error(`the floor's true exited ${state.ExitCode}`);
}

/** Why docker cannot be measured here, or undefined. */
export async function dockerBenchUnavailable(image: string): Promise<string | undefined> {
  const engine = new EngineClient(engineAddressFrom(process.env));
  try {
    await engine.call('GET', `/images/${encodeURIComponent(image)}/json`);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function measureDocker(
  options: { image: string; pairs: number; warmup: number; runtimes: readonly ('runc' | 'runsc')[] },
  onOutcome: (outcome: DockerOutcome) => void,
): Promise<DockerOutcome[]> {
  const outcomes: DockerOutcome[] = [];
  const dockerHost = process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock';
  for (const runtime of options.runtimes) {
    const sandbox = await DockerSandbox.start({ image: options.image, runtime });
    try {
      const lines = Array.from({ length: FILE_LINES }, (_, i) => `line ${i + 1} of the file`).join('\n');
      await sandbox.writeFile('/home/agent/file.txt', new TextEncoder().encode(`${lines}\n`));
      const routes: [string, Sandbox][] = [
        ['Engine API', sandbox],
        ['docker CLI', new CliSandbox(sandbox.containerId, dockerHost, sandbox.runDir)],
      ];
      const calls: [string, string, unknown][] = [
        ['file_read, 200 lines of a 2,000-line file', 'file_read', { path: 'file.txt', offset: 901, limit: 200 }],
        ['shell `true`', 'shell', { command: 'true' }],
        ['shell_status, no background commands', 'shell_status', {}],
      ];
      for (const [route, through] of routes) {
        // One cold helper per call: what these cases measure against the floor (bench/warm.ts has the stream's).
        // A result seq of NaN keeps every read whole (no repeated-read pointers), so each call does the same work.
        const run = new CodeToolRun({ sandbox: through, warm: false, runId: 'bench', agentId: 'bench' });
        let seq = 0;
        for (const [name, tool, args] of calls) {
          const timeCall = async (): Promise<number> => {
            const started = performance.now();
            const result = await run.call({ tool, args, callId: `c${++seq}`, resultSeq: Number.NaN });
            const took = performance.now() - started;
            if (!result.ok) throw new Error(`${name} through ${route} (${runtime}): ${result.text}`);
            return took;
          };
          const timeFloor = async (): Promise<number> => {
            const started = performance.now();
            await bareTrue(sandbox.engine, sandbox.containerId);
            return performance.now() - started;
          };
          const timing = await alternatingPairs(timeCall, timeFloor, options);
          const outcome = {
            name: `${name}, ${runtime === 'runc' ? 'runc' : 'gVisor'}, ${route}`,
            pairs: options.pairs,
            callMs: timing.aMs,
            floorMs: timing.bMs,
            ratio: timing.ratio,
          };
          onOutcome(outcome);
          outcomes.push(outcome);
        }
      }
    } finally {
      await sandbox.cleanup();
    }
  }
  return outcomes;
}

/** The searched tree made in the container: this many files of this many lines, the pattern in a few. */
const TREE_FILES = 2_000;
const TREE_LINES_PER_FILE = 40;
const TREE_FILES_WITH_PATTERN = 3;
export const DOCKER_FEW_MATCHES_PATTERN = 'needle_[0-9]+_few';
/** Writes the warm cases' files in the home: the 2,000-line file and the searched tree. */
const WARM_FILES_SCRIPT = `
const fs = require('fs');
fs.writeFileSync('file.txt', Array.from({ length: ${FILE_LINES} }, (_, i) => 'line ' + (i + 1) + ' of the file').join('\\n') + '\\n');
for (let f = 0; f < ${TREE_FILES}; f++) {
  const dir = 'tree/d' + (f % 40);
  fs.mkdirSync(dir, { recursive: true });
  const lines = Array.from({ length: ${TREE_LINES_PER_FILE} }, (_, i) => 'static int value_' + f + '_' + i + ' = ' + i + ';');
  if (f < ${TREE_FILES_WITH_PATTERN}) lines.push('/* needle_' + f + '_few */');
  fs.writeFileSync(dir + '/f' + f + '.c', lines.join('\\n') + '\\n');
}`;

/** The warm stream's cases, cold and warm, through one container per runtime (bench/warm.ts). */
export async function measureWarmDocker(
  options: { image: string; pairs: number; warmup: number; runtimes: readonly ('runc' | 'runsc')[]; cases: (tree: string, pattern: string) => WarmCase[] },
  onOutcome: (outcome: WarmOutcome) => void,
): Promise<WarmOutcome[]> {
  const outcomes: WarmOutcome[] = [];
  for (const runtime of options.runtimes) {
    const sandbox = await DockerSandbox.start({ image: options.image, runtime });
    try {
      const made = await sandbox.exec(execRequest(['node', '-e', WARM_FILES_SCRIPT], {}, 120_000));
      if (made.exitCode !== 0) throw new Error(`the warm cases' files could not be made: ${made.stderr}`);
      const where = `docker, ${runtime === 'runc' ? 'runc' : 'gVisor'}`;
      const cases = options.cases('tree', DOCKER_FEW_MATCHES_PATTERN);
      outcomes.push(...(await measureWarmThrough(sandbox, where, { pairs: options.pairs, warmup: options.warmup, env: {}, cases }, onOutcome)));
    } finally {
      await sandbox.cleanup();
    }
  }
  return outcomes;
}

/** Live calls' cases (bench/progress.ts) through a container of the image, per runtime. */
export async function measureProgressDocker(
  options: { image: string; pairs: number; warmup: number; runtimes: readonly ('runc' | 'runsc')[] },
  onOutcome: (outcome: ProgressOutcome) => void,
): Promise<ProgressOutcome[]> {
  const outcomes: ProgressOutcome[] = [];
  for (const runtime of options.runtimes) {
    const sandbox = await DockerSandbox.start({ image: options.image, runtime });
    try {
      const outcome = await measureProgressThrough(sandbox, `docker, ${runtime === 'runc' ? 'runc' : 'gVisor'}`, { pairs: options.pairs, warmup: options.warmup, env: {} });
      onOutcome(outcome);
      outcomes.push(outcome);
    } finally {
      await sandbox.cleanup();
    }
  }
  return outcomes;
}

export function dockerLine(outcome: DockerOutcome): string {
  return `docker ${outcome.name}: ${outcome.callMs.toFixed(1)} ms vs an Engine API exec of true ${outcome.floorMs.toFixed(1)} ms; ratio ${outcome.ratio.toFixed(3)}× over ${outcome.pairs} pairs`;
}

export function dockerMarkdown(outcomes: DockerOutcome[], image: string): string[] {
  const runtimes = spawnSync('runsc', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '';
  return [
    '## In a container of the sandbox image',
    '',
    `Per call, through CodeToolRun, in one container of ${image} per runtime (${runtimes || 'runsc version unknown'}),`,
    "against the floor of the same run: a bare Engine API exec of `true` in the same container (created,",
    'started, read to its end, inspected). Medians over the pairs; the ratio is the median of the pairwise ratios.',
    '',
    '| Case | Call | Floor | Ratio |',
    '|---|---|---|---|',
    ...outcomes.map((o) => `| ${o.name} | ${o.callMs.toFixed(1)} ms | ${o.floorMs.toFixed(1)} ms | ${o.ratio.toFixed(3)}× |`),
    '',
  ];
}
