// The docker tier's one-time setup: a Docker Engine (the machine's when one answers, else a dockerd
// of the test's own, with its own config, socket and data root, stopped at the end), and the sandbox
// image built with `--base debian`, tagged by the recipe's content hash so that a rerun builds
// nothing. What the test files need travels in the environment; when docker cannot run here, the
// reason does, and their tests are reported skipped with it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { DOCKER_ENV, DOCKER_TEST_ROOT } from './docker.js';

/** How long our own dockerd may take to answer. */
const DOCKERD_START_TIMEOUT_MS = 30_000;
const DOCKERD_STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 200;
const OWN_SOCKET = `${DOCKER_TEST_ROOT}/docker.sock`;
/** gVisor in the root network namespace needs its own network off (containers get --network none or host). */
const DAEMON_CONFIG = {
  bridge: 'none',
  iptables: false,
  'ip-masq': false,
  runtimes: { runsc: { path: 'runsc', runtimeArgs: ['--network=none'] } },
};

function ping(socketPath: string): Promise<{ runtimes: string[] } | undefined> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/v1.41/info', timeout: 5_000 }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => {
        try {
          resolve({ runtimes: Object.keys((JSON.parse(text) as { Runtimes?: object }).Runtimes ?? {}) });
        } catch {
          resolve(undefined);
        }
      });
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

function onPath(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

let started: ChildProcess | undefined;

async function startOwnDockerd(): Promise<string> {
  if (process.getuid?.() !== 0) throw new Error('no Docker Engine answers and dockerd needs root');
  if (!onPath('dockerd')) throw new Error('no Docker Engine answers and dockerd is not installed');
  mkdirSync(DOCKER_TEST_ROOT, { recursive: true });
  const config = `${DOCKER_TEST_ROOT}/daemon.json`;
  writeFileSync(config, JSON.stringify({ ...DAEMON_CONFIG, runtimes: onPath('runsc') ? DAEMON_CONFIG.runtimes : {} }));
  const log = `${DOCKER_TEST_ROOT}/dockerd.log`;
  const args = [
    '--config-file', config,
    '--host', `unix://${OWN_SOCKET}`,
    '--data-root', '/var/lib/guilds-code-test-docker',
    '--exec-root', `${DOCKER_TEST_ROOT}/exec`,
    '--pidfile', `${DOCKER_TEST_ROOT}/dockerd.pid`,
  ];
  const { openSync } = await import('node:fs');
  started = spawn('dockerd', args, { stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')], detached: true });
  let exited = false;
  started.once('exit', () => (exited = true));
  for (const deadline = Date.now() + DOCKERD_START_TIMEOUT_MS; Date.now() < deadline && !exited; ) {
    if (await ping(OWN_SOCKET)) return OWN_SOCKET;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const said = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' / ') : '';
  await stopOwnDockerd();
  throw new Error(`dockerd did not start: ${said}`);
}

async function stopOwnDockerd(): Promise<void> {
  const child = started;
  started = undefined;
  if (child?.pid === undefined || child.exitCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), DOCKERD_STOP_TIMEOUT_MS);
  await gone;
  clearTimeout(timer);
}

async function engine(): Promise<{ socketPath: string; runtimes: string[] }> {
  const given = process.env.DOCKER_HOST;
  const socketPath = given?.startsWith('unix://') ? given.slice('unix://'.length) : '/var/run/docker.sock';
  const answer = (await ping(socketPath)) ?? (await ping(OWN_SOCKET));
  if (answer) return { socketPath: (await ping(socketPath)) ? socketPath : OWN_SOCKET, runtimes: answer.runtimes };
  const own = await startOwnDockerd();
  return { socketPath: own, runtimes: (await ping(own))?.runtimes ?? [] };
}

export async function setup(): Promise<void> {
  if (process.env.GUILDS_DOCKER === 'skip') process.env[DOCKER_ENV.skip] = 'GUILDS_DOCKER=skip';
  if (process.env[DOCKER_ENV.skip] !== undefined) return;
  try {
    const { socketPath, runtimes } = await engine();
    process.env.DOCKER_HOST = `unix://${socketPath}`;
    process.env[DOCKER_ENV.host] = `unix://${socketPath}`;
    if (!runtimes.includes('runsc')) process.env[DOCKER_ENV.noGvisor] = 'the Docker Engine has no runsc runtime registered';
    const { buildImage, DEBIAN_BASE, parseImageArguments, recipeHash, imageExists } = await import('../../scripts/image.js');
    const options = parseImageArguments(['--base', DEBIAN_BASE]);
    const tag = `guilds-code-sandbox:test-${recipeHash(options).slice(0, 16)}`;
    if (!imageExists(tag)) {
      if (!onPath('mmdebstrap')) throw new Error('mmdebstrap is not installed, so the image cannot be built');
      buildImage({ ...options, tag }, (line) => process.stderr.write(`docker tier: ${line}\n`));
    }
    process.env[DOCKER_ENV.image] = tag;
    process.env[DOCKER_ENV.run] = String(process.pid);
    await sweep('ended runs');
  } catch (error) {
    process.env[DOCKER_ENV.skip] = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
}

/** Whether a test label's value names a run still going: the pid of a live process. */
function runGoing(run: string): boolean {
  if (!/^[1-9][0-9]{0,9}$/.test(run)) return false;
  try {
    process.kill(Number(run), 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Removes what tests left behind (a failed test's container, a killed run's volumes), and says so:
 * this run's own at its end; at its start, those of runs that have ended. What a run still going
 * uses (a unit run started beside a full one) is never touched.
 */
async function sweep(whose: 'own' | 'ended runs'): Promise<void> {
  const { DOCKER_TEST_LABEL, testEngine } = await import('./docker.js');
  const engine = testEngine();
  const own = process.env[DOCKER_ENV.run];
  const toRemove = (labels: Record<string, string> | null): boolean => {
    const run = labels?.[DOCKER_TEST_LABEL];
    if (run === undefined) return false;
    return whose === 'own' ? run === own : run !== own && !runGoing(run);
  };
  const filters = encodeURIComponent(JSON.stringify({ label: [DOCKER_TEST_LABEL] }));
  type Labelled = { Labels: Record<string, string> | null };
  const containers = await engine.call<({ Id: string } & Labelled)[]>('GET', `/containers/json?all=true&filters=${filters}`).catch(() => []);
  const left = containers.filter((container) => toRemove(container.Labels));
  for (const { Id } of left) await engine.call('DELETE', `/containers/${Id}?force=true&v=true`).catch(() => undefined);
  const volumes = await engine.call<{ Volumes: ({ Name: string } & Labelled)[] | null }>('GET', `/volumes?filters=${filters}`).catch(() => ({ Volumes: [] }));
  const leftVolumes = (volumes.Volumes ?? []).filter((volume) => toRemove(volume.Labels));
  for (const { Name } of leftVolumes) await engine.call('DELETE', `/volumes/${Name}`).catch(() => undefined);
  if (left.length + leftVolumes.length > 0) {
    const by = whose === 'own' ? 'behind by a test' : 'by an earlier run';
    process.stderr.write(`docker tier: removed ${left.length} container(s) and ${leftVolumes.length} volume(s) left ${by}\n`);
  }
}

export async function teardown(): Promise<void> {
  if (process.env[DOCKER_ENV.image] !== undefined) await sweep('own');
  await stopOwnDockerd();
}
