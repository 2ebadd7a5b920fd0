// Live calls' cases of npm run bench (SPEC section 9), over the warm stream of a sandbox:
// - the cost of progress on a flood: a warm `yes | head -c 20 MB` with and without onProgress, in
//   pairs, the side that goes first alternating (the helper is the bottleneck of such a call: it
//   cleans the output as the command writes it, so the call's time is the helper's CPU), and the
//   progress bytes per second the flood sends;
// - the latency from a line printed to onProgress: the command prints the time (`date +%s%N`) a
//   line at a time, and the caller reads its own clock when the event comes (one machine, one clock,
//   gVisor's included).
import { readdirSync, readFileSync } from 'node:fs';
import { CodeToolRun, type LiveUpdate } from '../src/orchestrator/code-tools.js';
import type { Env } from './measure.js';
import { median } from './measure.js';
import type { OpenableSandbox } from './warm.js';

const FLOOD_COMMAND = 'yes | head -c 100000000';
/** Linux's clock ticks a second, as /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time, in milliseconds, of the `--serve` helpers this machine's /proc shows that started
 * after `sinceTicks` (the machine's uptime in ticks): the local sandbox's and runc's; gVisor's
 * processes are not the host's, and then this is null.
 */
function serveCpuMs(sinceTicks: number): number | null {
  let total: number | null = null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!argv.includes('--serve') || !argv.some((arg) => /guilds-code(\.js)?$/.test(arg))) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      // After the command's name: utime and stime are fields 14 and 15, starttime 22 (1-based, of the whole line).
      if (Number(fields[19]) < sinceTicks) continue;
      total = (total ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The CPU with progress over without, per call counted; null when a side has none or /proc showed no helper. */
function cpuRatio(cpu: { with: number; without: number; counted: { with: number; without: number }; seen: boolean }): number | null {
  if (!cpu.seen || cpu.counted.with === 0 || cpu.counted.without === 0 || cpu.without === 0) return null;
  return cpu.with / cpu.counted.with / (cpu.without / cpu.counted.without);
}

function uptimeTicks(): number {
  return Math.floor(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * CLOCK_TICKS_PER_SECOND);
}
const LATENCY_LINES = 20;
const LATENCY_COMMAND = `for i in $(seq 1 ${LATENCY_LINES}); do sleep 0.3; date +%s%N; done`;

export interface ProgressOutcome {
  where: string;
  pairs: number;
  floodMs: number;
  floodWithProgressMs: number;
  /** Median of the per-pair ratios, with progress over without. */
  extra: number;
  /** The helper's CPU for the flood's calls, with progress over without (sums); null where /proc does not show it. */
  cpuExtra: number | null;
  /** What the flood's events carried, in bytes per second of the call. */
  progressBytesPerSecond: number;
  /** From a line printed to its event in onProgress, median and highest, in milliseconds. */
  latencyMedianMs: number;
  latencyMaxMs: number;
}

/** The wall clock in nanoseconds, as `date +%s%N` prints it, with performance.now's resolution. */
function nowNs(): bigint {
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000)) * 1000n;
}

export async function measureProgressThrough(
  sandbox: OpenableSandbox,
  where: string,
  options: { pairs: number; warmup: number; env: Env },
): Promise<ProgressOutcome> {
  const run = new CodeToolRun({ sandbox, warm: true, runId: 'bench-progress', agentId: 'bench', env: options.env });
  const since = uptimeTicks();
  const cpu = { with: 0, without: 0, counted: { with: 0, without: 0 }, seen: true };
  let calls = 0;
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    const flood = async (withProgress: boolean): Promise<{ ms: number; progressBytes: number }> => {
      let progressBytes = 0;
      const onProgress = withProgress ? (update: LiveUpdate) => void (progressBytes += update.event?.type === "output" ? Buffer.byteLength(update.event.text) : 0) : undefined;
      const cpuBefore = serveCpuMs(since);
      const started = performance.now();
      const result = await run.call({ tool: 'shell', args: { command: FLOOD_COMMAND }, callId: `f${++calls}`, resultSeq: Number.NaN, onProgress });
      const ms = performance.now() - started;
      const cpuAfter = serveCpuMs(since);
      // The first call starts the helper: its CPU is not the flood's.
      const side = withProgress ? 'with' : 'without';
      if (calls > 1 && cpuBefore !== null && cpuAfter !== null) {
        cpu[side] += cpuAfter - cpuBefore;
        cpu.counted[side]++;
      }
      else if (calls > 1) cpu.seen = false;
      if (!result.ok) throw new Error(`the flood, ${where}: ${result.text}`);
      return { ms, progressBytes };
    };
    const plain: number[] = [];
    const live: number[] = [];
    const ratios: number[] = [];
    const rates: number[] = [];
    for (let round = 0; round < options.warmup + options.pairs; round++) {
      const first = round % 2 === 0;
      const a = await flood(first);
      const b = await flood(!first);
      if (round < options.warmup) continue;
      const [withProgress, without] = first ? [a, b] : [b, a];
      live.push(withProgress.ms);
      plain.push(without.ms);
      ratios.push(withProgress.ms / without.ms);
      rates.push(withProgress.progressBytes / (withProgress.ms / 1000));
    }
    const latencies: number[] = [];
    const result = await run.call({
      tool: 'shell',
      args: { command: LATENCY_COMMAND },
      callId: `l${++calls}`,
      resultSeq: Number.NaN,
      onProgress: (update) => {
        if (update.event?.type !== 'output') return;
        const received = nowNs();
        for (const line of update.event.text.split('\n')) if (/^\d{19}$/.test(line)) latencies.push(Number(received - BigInt(line)) / 1e6);
      },
    });
    if (!result.ok) throw new Error(`the latency case, ${where}: ${result.text}`);
    return {
      where,
      pairs: options.pairs,
      floodMs: median(plain),
      floodWithProgressMs: median(live),
      extra: median(ratios),
      cpuExtra: cpuRatio(cpu),
      progressBytesPerSecond: median(rates),
      latencyMedianMs: median(latencies),
      latencyMaxMs: Math.max(...latencies),
    };
  } finally {
    clearInterval(keepAlive);
  }
}

export function progressLine(o: ProgressOutcome): string {
  return (
    `progress (${o.where}): a 100 MB flood ${o.floodMs.toFixed(0)} ms, with progress ${o.floodWithProgressMs.toFixed(0)} ms ` +
    `(${percentMore(o.extra)} more, the helper's CPU ${o.cpuExtra === null ? 'not shown here' : `${percentMore(o.cpuExtra)} more`}, ` +
    `${(o.progressBytesPerSecond / 1024).toFixed(1)} KiB/s of events) over ${o.pairs} pairs; ` +
    `a line printed to onProgress ${o.latencyMedianMs.toFixed(1)} ms median, ${o.latencyMaxMs.toFixed(1)} ms at most`
  );
}

function percentMore(ratio: number): string {
  return `${((ratio - 1) * 100).toFixed(1)} %`;
}

export function progressMarkdown(outcomes: ProgressOutcome[]): string[] {
  return [
    '## Live calls',
    '',
    "Over the warm stream with CodeToolRun's onProgress (SPEC section 9). The flood: `yes | head -c",
    "100000000`, with and without progress, in pairs: its extra time (the median of the per-pair",
    "ratios), the helper's extra CPU time (its sums, from /proc where the host shows the helper: not",
    "under gVisor), and the text its events carried per second. The",
    'latency: a command printing `date +%s%N` every 300 ms, each line against the clock when its event',
    `reached onProgress, over ${LATENCY_LINES} lines.`,
    '',
    '| Sandbox | Flood | With progress | Extra time | Extra CPU | Events | Line to onProgress, median | At most |',
    '|---|---|---|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| ${o.where} | ${o.floodMs.toFixed(0)} ms | ${o.floodWithProgressMs.toFixed(0)} ms | ${percentMore(o.extra)} | ${o.cpuExtra === null ? '—' : percentMore(o.cpuExtra)} | ${(o.progressBytesPerSecond / 1024).toFixed(1)} KiB/s | ${o.latencyMedianMs.toFixed(1)} ms | ${o.latencyMaxMs.toFixed(1)} ms |`,
    ),
    '',
  ];
}
