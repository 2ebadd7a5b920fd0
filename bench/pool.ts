// The pool's cases of npm run bench (`--docker`, or alone with `--docker --only pool`): the time from
// "this agent needs a sandbox" to its first answered call, under runc and gVisor. Each sample is a
// claim (or, for the rows without a pool, a DockerSandbox.start) followed by a CodeToolRun's first
// call, shell `true`, timed from the claim to the answer, then a second call, the floor of the same
// moment (a warm call over the same stream); p50 and p99 over the samples, for 1 claim and for 8 and
// 50 concurrent claims against a pool of 8, the pool refilled between rounds. Then what a held
// container costs while it waits: memory and CPU per container of a full pool over a minute of
// idling, read from the Engine's stats.
import { CodeToolRun } from '../src/orchestrator/code-tools.js';
import { DockerSandbox, DockerSandboxPool, EngineClient, engineAddressFrom } from '../src/orchestrator/sandboxes/docker/sandbox.js';

const POOL_SIZE = 8;
const BURSTS = [1, 8, 50] as const;
/** Samples per burst size: enough for a p99 that is not the one worst sample, in minutes under gVisor. */
const ROUNDS: Record<(typeof BURSTS)[number], number> = { 1: 40, 8: 8, 50: 2 };
const UNPOOLED_ROUNDS: Record<(typeof BURSTS)[number], number> = { 1: 10, 8: 2, 50: 1 };
const ENV_ROUNDS = 10;
/** The 50-claim burst once more with this many starts at once, against the default. */
const MORE_STARTING = 16;
const IDLE_MS = 60_000;

export interface PoolOutcome {
  runtime: string;
  name: string;
  samples: number;
  p50: number;
  p99: number;
  /** The second call's p50: the same shell `true` over the same stream, right after. */
  secondP50: number;
  /** Sandboxes asked for that never answered (a start that failed), and the first one's line. */
  failed: number;
  failure?: string;
}

export interface IdleOutcome {
  runtime: string;
  /** A pool's held containers, or as many bare DockerSandboxes (no helper running) idling beside them. */
  what: 'held' | 'bare';
  containers: number;
  /** Per held container: memory as `docker stats` shows it (usage less inactive file pages), MiB. */
  memoryMiB: number;
  /** Per held container: CPU time over the idle minute, milliseconds. */
  cpuMsPerMinute: number;
}

/** The nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

let seq = 0;

/** From the moment a sandbox is asked for to its first call's answer, then the second call's time; the sandbox, for its cleanup. */
async function firstAnswer(get: () => Promise<DockerSandbox>, env: Record<string, string> = {}): Promise<{ ms: number; secondMs: number; sandbox: DockerSandbox }> {
  const started = performance.now();
  const sandbox = await get();
  const run = new CodeToolRun({ sandbox, runId: 'bench', agentId: 'bench', env });
  const call = () => run.call({ tool: 'shell', args: { command: 'true' }, callId: `c${++seq}`, resultSeq: seq });
  const first = await call();
  const ms = performance.now() - started;
  const secondStarted = performance.now();
  const second = await call();
  const secondMs = performance.now() - secondStarted;
  if (first.ok && second.ok) return { ms, secondMs, sandbox };
  await sandbox.cleanup();
  throw new Error(`a call failed: ${first.ok ? second.text : first.text}`);
}

type Samples = { ms: number[]; secondMs: number[]; failures: string[] };

/** `rounds` bursts of `burst` sandboxes asked for at once: each answer's time, or why it failed; each sandbox cleaned up after its round. */
async function bursts(rounds: number, burst: number, get: () => Promise<DockerSandbox>, between: () => Promise<void>, env?: Record<string, string>): Promise<Samples> {
  const samples: Samples = { ms: [], secondMs: [], failures: [] };
  for (let round = 0; round < rounds; round++) {
    const settled = await Promise.allSettled(Array.from({ length: burst }, () => firstAnswer(get, env)));
    for (const answer of settled) {
      if (answer.status === 'fulfilled') {
        samples.ms.push(answer.value.ms);
        samples.secondMs.push(answer.value.secondMs);
      } else samples.failures.push(answer.reason instanceof Error ? answer.reason.message : String(answer.reason));
    }
    await Promise.all(settled.map((answer) => (answer.status === 'fulfilled' ? answer.value.sandbox.cleanup() : undefined)));
    await between();
  }
  return samples;
}

function outcome(runtime: string, name: string, samples: Samples): PoolOutcome {
  const figures =
    samples.ms.length === 0
      ? { p50: NaN, p99: NaN, secondP50: NaN }
      : { p50: percentile(samples.ms, 50), p99: percentile(samples.ms, 99), secondP50: percentile(samples.secondMs, 50) };
  const failure = samples.failures[0];
  return { runtime, name, samples: samples.ms.length, ...figures, failed: samples.failures.length, ...(failure === undefined ? {} : { failure }) };
}

type Stats = { memory_stats: { usage?: number; stats?: Record<string, number> }; cpu_stats: { cpu_usage: { total_usage: number } } };

/**
 * Memory and CPU per container over the same IDLE_MS: a full pool's held containers (their helper
 * and its keepalive), and as many bare DockerSandboxes beside them, which run no helper.
 */
async function idleCost(engine: EngineClient, pool: DockerSandboxPool, image: string, runtime: 'runc' | 'runsc'): Promise<IdleOutcome[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [`io.guilds.code.pool=${pool.id}`] }));
  const held = (await engine.call<{ Id: string }[]>('GET', `/containers/json?filters=${filters}`)).map((container) => container.Id);
  const bare = await Promise.all(held.map(() => DockerSandbox.start({ image, runtime })));
  try {
    const sets = { held, bare: bare.map((sandbox) => sandbox.containerId) };
    const read = (ids: string[]) => Promise.all(ids.map((id) => engine.call<Stats>('GET', `/containers/${id}/stats?stream=false`)));
    const before = { held: await read(sets.held), bare: await read(sets.bare) };
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    return await Promise.all(
      (['held', 'bare'] as const).map(async (what) => {
        const after = await read(sets[what]);
        const memory = after.map(({ memory_stats: m }) => (m.usage ?? 0) - (m.stats?.total_inactive_file ?? m.stats?.inactive_file ?? 0));
        const cpuNs = after.map((stats, i) => stats.cpu_stats.cpu_usage.total_usage - before[what][i]!.cpu_stats.cpu_usage.total_usage);
        const name = runtime === 'runc' ? 'runc' : 'gVisor';
        return { runtime: name, what, containers: sets[what].length, memoryMiB: mean(memory) / 1_048_576, cpuMsPerMinute: (mean(cpuNs) / 1e6) * (60_000 / IDLE_MS) };
      }),
    );
  } finally {
    await Promise.all(bare.map((sandbox) => sandbox.cleanup()));
  }
}

export async function measurePool(
  options: { image: string; runtimes: readonly ('runc' | 'runsc')[]; idle: boolean },
  onOutcome: (line: string) => void,
): Promise<{ outcomes: PoolOutcome[]; idle: IdleOutcome[] }> {
  const outcomes: PoolOutcome[] = [];
  const idle: IdleOutcome[] = [];
  const engine = new EngineClient(engineAddressFrom(process.env));
  for (const runtime of options.runtimes) {
    const name = runtime === 'runc' ? 'runc' : 'gVisor';
    const report = (result: PoolOutcome) => {
      outcomes.push(result);
      onOutcome(poolLine(result));
    };
    const unpooled = () => DockerSandbox.start({ image: options.image, runtime });
    const nothing = async () => {};
    for (const burst of BURSTS) report(outcome(name, `${burst} at once, no pool (DockerSandbox.start)`, await bursts(UNPOOLED_ROUNDS[burst], burst, unpooled, nothing)));
    const pool = await DockerSandboxPool.start({ image: options.image, runtime, size: POOL_SIZE });
    try {
      const refill = () => pool.filled();
      for (const burst of BURSTS) report(outcome(name, `${burst} at once, pool of ${POOL_SIZE}`, await bursts(ROUNDS[burst], burst, () => pool.claim(), refill)));
      const env = { AGENT_TOKEN: 'not the held stream\'s' };
      report(outcome(name, `1 at once, pool of ${POOL_SIZE}, a run with an environment (its own stream)`, await bursts(ENV_ROUNDS, 1, () => pool.claim(), refill, env)));
      const more = await DockerSandboxPool.start({ image: options.image, runtime, size: POOL_SIZE, maxStarting: MORE_STARTING });
      try {
        const name50 = `50 at once, pool of ${POOL_SIZE}, maxStarting ${MORE_STARTING}`;
        report(outcome(name, name50, await bursts(ROUNDS[50], 50, () => more.claim(), () => more.filled())));
      } finally {
        await more.close();
      }
      if (options.idle) {
        await pool.filled();
        for (const cost of await idleCost(engine, pool, options.image, runtime)) {
          idle.push(cost);
          onOutcome(idleLine(cost));
        }
      }
    } finally {
      await pool.close();
    }
  }
  return { outcomes, idle };
}

function failedText(o: PoolOutcome): string {
  return o.failed === 0 ? '' : `; ${o.failed} failed (${o.failure})`;
}

export function poolLine(o: PoolOutcome): string {
  return (
    `pool ${o.runtime}, ${o.name}: claim to first answer p50 ${o.p50.toFixed(1)} ms, p99 ${o.p99.toFixed(1)} ms over ${o.samples} samples; ` +
    `second call p50 ${o.secondP50.toFixed(1)} ms${failedText(o)}`
  );
}

export function idleLine(o: IdleOutcome): string {
  return `pool ${o.runtime}, idle: ${o.memoryMiB.toFixed(1)} MiB and ${o.cpuMsPerMinute.toFixed(1)} ms of CPU a minute per ${o.what === 'held' ? 'held container' : 'bare container'} (${o.containers})`;
}

export function poolMarkdown(outcomes: PoolOutcome[], idle: IdleOutcome[]): string[] {
  if (outcomes.length === 0) return [];
  return [
    '## The pool: from a claim to the first answer',
    '',
    `A claim (DockerSandboxPool, ${POOL_SIZE} held) or a DockerSandbox.start, then a CodeToolRun's first call, shell \`true\`,`,
    'timed from the claim to the answer; sandboxes asked for at once as shown, each round after the pool refilled.',
    'p50 and p99 are nearest-rank over the samples; the second call, right after in the same run, is the floor of the moment.',
    '',
    '| Runtime | Case | Samples | p50 | p99 | Second call p50 | Failed |',
    '|---|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.runtime} | ${o.name} | ${o.samples} | ${o.p50.toFixed(1)} ms | ${o.p99.toFixed(1)} ms | ${o.secondP50.toFixed(1)} ms | ${o.failed === 0 ? '–' : `${o.failed}: ${o.failure}`} |`,
    ),
    '',
    ...(idle.length === 0
      ? []
      : [
          `Idle, per container over the same ${IDLE_MS / 1000} s (Engine stats; memory as \`docker stats\` shows it): a full pool's held`,
          'containers, and as many bare DockerSandboxes (no helper running) beside them.',
          '',
          '| Runtime | Containers | Count | Memory | CPU a minute |',
          '|---|---|---|---|---|',
          ...idle.map((o) => `| ${o.runtime} | ${o.what === 'held' ? 'held by the pool' : 'bare'} | ${o.containers} | ${o.memoryMiB.toFixed(1)} MiB | ${o.cpuMsPerMinute.toFixed(1)} ms |`),
          '',
        ]),
  ];
}
