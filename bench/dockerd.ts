// The Docker Engine npm run bench measures in: the machine's when one answers (DOCKER_HOST, else the
// default socket), else a dockerd of the bench's own, started as the tests start theirs
// (test/helpers/docker-setup.ts: as root, no bridge and no iptables, runsc registered with its
// network off) but under roots of its own, so that a test run beside it and the bench never stop
// each other's daemon. Its data root lasts, so the image is built once. Only a dockerd started here
// is stopped, and the docker CLI the image scripts run follows DOCKER_HOST to whichever answered.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';

const BENCH_DOCKER_ROOT = '/run/guilds-code-bench-docker';
const BENCH_DOCKER_DATA_ROOT = '/var/lib/guilds-code-bench-docker';
const OWN_SOCKET = `${BENCH_DOCKER_ROOT}/docker.sock`;
const DOCKERD_START_TIMEOUT_MS = 30_000;
const DOCKERD_STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 200;
const DAEMON_CONFIG = { bridge: 'none', iptables: false, 'ip-masq': false };
const RUNSC = { runsc: { path: 'runsc', runtimeArgs: ['--network=none'] } };

export interface BenchEngine {
  /** Where it answers, as DOCKER_HOST spells it. */
  host: string;
  /** Whether the bench started it (and stop() will end it). */
  own: boolean;
  stop(): Promise<void>;
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

function onPath(name: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', name], { stdio: 'ignore' }).status === 0;
}

async function startDockerd(): Promise<ChildProcess> {
  if (process.getuid?.() !== 0) throw new Error('no Docker Engine answers and dockerd needs root');
  if (!onPath('dockerd')) throw new Error('no Docker Engine answers and dockerd is not installed');
  mkdirSync(BENCH_DOCKER_ROOT, { recursive: true });
  const config = `${BENCH_DOCKER_ROOT}/daemon.json`;
  writeFileSync(config, JSON.stringify({ ...DAEMON_CONFIG, runtimes: onPath('runsc') ? RUNSC : {} }));
  const log = `${BENCH_DOCKER_ROOT}/dockerd.log`;
  const args = [
    '--config-file', config,
    '--host', `unix://${OWN_SOCKET}`,
    '--data-root', BENCH_DOCKER_DATA_ROOT,
    '--exec-root', `${BENCH_DOCKER_ROOT}/exec`,
    '--pidfile', `${BENCH_DOCKER_ROOT}/dockerd.pid`,
  ];
  // Not detached: an interrupted bench's Ctrl-C reaches the daemon too, which then shuts down.
  const child = spawn('dockerd', args, { stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')] });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (const deadline = Date.now() + DOCKERD_START_TIMEOUT_MS; Date.now() < deadline && !exited; ) {
    if (await answers(OWN_SOCKET)) return child;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const said = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' / ') : '';
  await stopDockerd(child);
  throw new Error(`dockerd did not start: ${said}`);
}

async function stopDockerd(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), DOCKERD_STOP_TIMEOUT_MS);
  await gone;
  clearTimeout(timer);
}

/**
 * An Engine that answers, with DOCKER_HOST set to it for everything the bench then runs; throws
 * with the reason when there is none and none can be started.
 */
export async function benchEngine(say: (line: string) => void): Promise<BenchEngine> {
  const given = process.env.DOCKER_HOST;
  const socketPath = given?.startsWith('unix://') ? given.slice('unix://'.length) : given === undefined ? '/var/run/docker.sock' : undefined;
  // An Engine over TCP is the caller's to vouch for.
  if (socketPath === undefined) return { host: given!, own: false, stop: async () => undefined };
  for (const candidate of [socketPath, OWN_SOCKET]) {
    if (!(await answers(candidate))) continue;
    process.env.DOCKER_HOST = `unix://${candidate}`;
    return { host: process.env.DOCKER_HOST, own: false, stop: async () => undefined };
  }
  say(`no Docker Engine answers at ${socketPath}: starting dockerd on ${OWN_SOCKET} (data root ${BENCH_DOCKER_DATA_ROOT})`);
  const child = await startDockerd();
  process.env.DOCKER_HOST = `unix://${OWN_SOCKET}`;
  const stop = async () => {
    await stopDockerd(child);
    if (given === undefined) delete process.env.DOCKER_HOST;
    else process.env.DOCKER_HOST = given;
    say('the dockerd started for the bench has stopped');
  };
  return { host: process.env.DOCKER_HOST, own: true, stop };
}
