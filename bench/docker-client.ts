// Our Engine API client (src/orchestrator/sandboxes/docker/engine.ts, node:http) against dockerode, the
// well-kept client the choice was between: the same exec round trip through each, in the same
// container, under runc and gVisor (create the exec, start it attached on a hijacked connection with
// stdout and stderr split by their frame headers, read it to its end, inspect its exit code). Pairs
// alternate which client goes first; a ratio is the median of the pairwise ratios, dockerode over
// ours. dockerode runs twice: as it comes (Node's keep-alive pool), and with a connection per call as
// ours has. Then the import cost of each, in a fresh node, against a bare node start.
//
// dockerode is a devDependency for this file alone: nothing under src/ imports it, and no bundle
// holds it.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type Dockerode from 'dockerode';
import { DockerSandbox, type EngineClient } from '../src/orchestrator/sandboxes/docker/sandbox.js';
import { alternatingPairs, median, runPlan, type Command } from './measure.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT_LINES = 10_000;
const OUTPUT_STDOUT_BYTES = Array.from({ length: OUTPUT_LINES }, (_, i) => `${i + 1}\n`).join('').length;

interface Expected {
  stdoutBytes: number;
  stderrBytes: number;
}

const COMMANDS: { name: string; cmd: string[]; expected: Expected }[] = [
  { name: 'exec of `true`', cmd: ['true'], expected: { stdoutBytes: 0, stderrBytes: 0 } },
  {
    name: `exec printing ${OUTPUT_LINES.toLocaleString('en')} lines (${(OUTPUT_STDOUT_BYTES / 1024).toFixed(0)} KiB) and a stderr line`,
    cmd: ['sh', '-c', `seq 1 ${OUTPUT_LINES}; echo done >&2`],
    expected: { stdoutBytes: OUTPUT_STDOUT_BYTES, stderrBytes: 'done\n'.length },
  },
];

export interface ClientOutcome {
  name: string;
  pairs: number;
  oursMs: number;
  dockerodeMs: number;
  /** Median of the pairwise ratios, dockerode over ours. */
  ratio: number;
}

export interface ImportOutcome {
  name: string;
  pairs: number;
  wallMs: number;
  cpuMs: number;
  /** Medians of the pairwise ratios over a bare node start. */
  ratio: number;
  cpuRatio: number;
}

type RoundTrip = () => Promise<void>;

function check(client: string, got: Expected & { exitCode: number | null }, expected: Expected): void {
  if (got.exitCode !== 0 || got.stdoutBytes !== expected.stdoutBytes || got.stderrBytes !== expected.stderrBytes) {
    throw new Error(`${client}: exit ${got.exitCode}, ${got.stdoutBytes} + ${got.stderrBytes} bytes where ${expected.stdoutBytes} + ${expected.stderrBytes} were due`);
  }
}

function ours(engine: EngineClient, container: string, cmd: string[], expected: Expected): RoundTrip {
  return async () => {
    const created = await engine.call<{ Id: string }>('POST', `/containers/${container}/exec`, { Cmd: cmd, AttachStdout: true, AttachStderr: true });
    let stdoutBytes = 0;
    let stderrBytes = 0;
    await new Promise<void>((done, fail) => {
      const stream = engine.startExec(created.Id, {
        stdout: (chunk) => (stdoutBytes += chunk.length),
        stderr: (chunk) => (stderrBytes += chunk.length),
        end: (error) => (error ? fail(error) : done()),
      });
      stream.end();
    });
    const state = await engine.call<{ ExitCode: number | null }>('GET', `/exec/${created.Id}/json`);
    check('EngineClient', { stdoutBytes, stderrBytes, exitCode: state.ExitCode }, expected);
  };
}

function counter(add: (bytes: number) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      add(chunk.length);
      done();
    },
  });
}

function viaDockerode(docker: Dockerode, container: string, cmd: string[], expected: Expected): RoundTrip {
  return async () => {
    const exec = await docker.getContainer(container).exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true });
    const stream = await exec.start({ hijack: true, stdin: false });
    let stdoutBytes = 0;
    let stderrBytes = 0;
    docker.modem.demuxStream(stream, counter((n) => (stdoutBytes += n)), counter((n) => (stderrBytes += n)));
    await new Promise<void>((done, fail) => {
      stream.once('end', done);
      stream.once('close', done);
      stream.once('error', fail);
    });
    const state = await exec.inspect();
    check('dockerode', { stdoutBytes, stderrBytes, exitCode: state.ExitCode }, expected);
  };
}

async function timed(roundTrip: RoundTrip): Promise<number> {
  const started = performance.now();
  await roundTrip();
  return performance.now() - started;
}

/** The per-call comparison, one container per runtime; dockerode loaded here, not at the bench's start. */
export async function measureClients(
  options: { image: string; pairs: number; warmup: number; runtimes: readonly ('runc' | 'runsc')[] },
  onOutcome: (outcome: ClientOutcome) => void,
): Promise<ClientOutcome[]> {
  const { default: Docker } = await import('dockerode');
  const outcomes: ClientOutcome[] = [];
  for (const runtime of options.runtimes) {
    const sandbox = await DockerSandbox.start({ image: options.image, runtime });
    const address = sandbox.engine.address;
    if (!('socketPath' in address)) throw new Error('the client comparison runs on a unix socket');
    const pooled = new Docker({ socketPath: address.socketPath });
    // docker-modem hands `agent` to node:http; its types do not list it.
    const perCallOptions: Dockerode.DockerOptions & { agent: Agent } = { socketPath: address.socketPath, agent: new Agent({ keepAlive: false }) };
    const perCall = new Docker(perCallOptions);
    try {
      for (const { name, cmd, expected } of COMMANDS) {
        for (const [variant, docker] of [['as it comes (keep-alive pool)', pooled], ['a connection per call', perCall]] as const) {
          const [oursSide, theirSide] = [ours(sandbox.engine, sandbox.containerId, cmd, expected), viaDockerode(docker, sandbox.containerId, cmd, expected)];
          const timing = await alternatingPairs(() => timed(theirSide), () => timed(oursSide), options);
          const outcome = {
            name: `${name}, ${runtime === 'runc' ? 'runc' : 'gVisor'}, dockerode ${variant}`,
            pairs: options.pairs,
            oursMs: timing.bMs,
            dockerodeMs: timing.aMs,
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

/** What a consumer's first import of each client costs: a fresh node importing it, against `node -e 0`'s ESM twin. */
export async function measureImports(options: { pairs: number; warmup: number; node: string }): Promise<ImportOutcome[]> {
  const folder = mkdtempSync(join(tmpdir(), 'guilds-code-bench-client-'));
  try {
    // guilds-code/docker-sandbox as lib/ ships it: one esbuild bundle of the entry.
    const ourModule = join(folder, 'docker-sandbox.mjs');
    await build({ entryPoints: [join(REPO_ROOT, 'src/orchestrator/sandboxes/docker/sandbox.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node18', outfile: ourModule, logLevel: 'silent' });
    const dockerode = createRequire(import.meta.url).resolve('dockerode');
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const importing = (path: string | null): Command => ({
      argv: [options.node, '--input-type=module', '-e', path === null ? '0' : `await import(${JSON.stringify(path)})`],
      env,
      cwd: folder,
    });
    const sides = [importing(null), importing(ourModule), importing(dockerode)];
    const order: number[] = [];
    for (let i = 0; i < options.warmup + options.pairs; i++) for (let k = 0; k < sides.length; k++) order.push((i + k) % sides.length);
    const runs = runPlan(order.map((side) => [sides[side]!]));
    const measured = (side: number) => runs.filter((_, i) => i >= options.warmup * sides.length && order[i] === side);
    const bare = measured(0);
    const outcome = (name: string, side: number): ImportOutcome => {
      const mine = measured(side);
      return {
        name,
        pairs: options.pairs,
        wallMs: median(mine.map((run) => run.wallMs)),
        cpuMs: median(mine.map((run) => run.cpuMs)),
        ratio: median(mine.map((run, i) => run.wallMs / bare[i]!.wallMs)),
        cpuRatio: median(mine.map((run, i) => run.cpuMs / bare[i]!.cpuMs)),
      };
    };
    return [
      { ...outcome('a bare node start (the floor)', 0), ratio: 1, cpuRatio: 1 },
      outcome('importing guilds-code/docker-sandbox (EngineClient, node:http)', 1),
      outcome('importing dockerode', 2),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function clientLine(outcome: ClientOutcome): string {
  return `docker client ${outcome.name}: EngineClient ${outcome.oursMs.toFixed(1)} ms, dockerode ${outcome.dockerodeMs.toFixed(1)} ms; dockerode/ours ${outcome.ratio.toFixed(3)}× over ${outcome.pairs} pairs`;
}

export function importLine(outcome: ImportOutcome): string {
  return `docker client import, ${outcome.name}: ${outcome.wallMs.toFixed(1)} ms (cpu ${outcome.cpuMs.toFixed(1)} ms); ${outcome.ratio.toFixed(3)}× a bare start (cpu ${outcome.cpuRatio.toFixed(3)}×) over ${outcome.pairs} runs`;
}

export function clientMarkdown(clients: ClientOutcome[], imports: ImportOutcome[]): string[] {
  const dockerodeVersion = (createRequire(import.meta.url)('dockerode/package.json') as { version: string }).version;
  return [
    '## The Engine API client: ours against dockerode',
    '',
    `The same exec round trip through EngineClient (node:http, a connection per call) and dockerode ${dockerodeVersion}`,
    '(create the exec, start it attached on a hijacked connection, stdout and stderr split by their frame',
    'headers, read to the end, inspect the exit code), in the same container; pairs alternate which goes',
    'first. The ratio is the median of the pairwise ratios, dockerode over ours: above 1, ours is faster.',
    '',
    '| Case | EngineClient | dockerode | dockerode / ours |',
    '|---|---|---|---|',
    ...clients.map((o) => `| ${o.name} | ${o.oursMs.toFixed(1)} ms | ${o.dockerodeMs.toFixed(1)} ms | ${o.ratio.toFixed(3)}× |`),
    '',
    'A first import in a fresh node (`node --input-type=module -e "await import(…)"`), each against a bare',
    'start in the same rotation; our module bundled as lib/ ships it.',
    '',
    '| Import | Wall | CPU | Ratio to a bare start | CPU ratio |',
    '|---|---|---|---|---|',
    ...imports.map((o) => `| ${o.name} | ${o.wallMs.toFixed(1)} ms | ${o.cpuMs.toFixed(1)} ms | ${o.ratio.toFixed(3)}× | ${o.cpuRatio.toFixed(3)}× |`),
    '',
  ];
}

/** Both comparisons, each line printed as it comes; the markdown for bench/RESULTS.md. */
export async function dockerClientCases(
  options: { image: string; pairs: number; warmup: number; runtimes: readonly ('runc' | 'runsc')[]; node: string },
  print: (line: string) => void,
): Promise<string[]> {
  const clients = await measureClients(options, (outcome) => print(clientLine(outcome)));
  const imports = await measureImports(options);
  for (const outcome of imports) print(importLine(outcome));
  return clientMarkdown(clients, imports);
}
