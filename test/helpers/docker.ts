// The docker tier as the test files see it: the Engine and the image docker-setup.ts prepared, or the
// reason they could not be, and a DockerSandbox shaped for the orchestrator's end-to-end suite (the
// home a host folder the test writes into, shown inside at /home/agent).
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { DockerSandbox, EngineClient, engineAddressFrom, type DockerSandboxOptions } from '../../src/orchestrator/sandboxes/docker/sandbox.js';

export const DOCKER_TEST_ROOT = '/run/guilds-code-test-docker';
export const DOCKER_ENV = {
  host: 'GUILDS_TEST_DOCKER_HOST',
  image: 'GUILDS_TEST_DOCKER_IMAGE',
  skip: 'GUILDS_TEST_DOCKER_SKIP',
  noGvisor: 'GUILDS_TEST_DOCKER_NO_GVISOR',
  run: 'GUILDS_TEST_DOCKER_RUN',
} as const;
/**
 * Every container and volume a test makes carries it, so that none is left behind unnoticed. Its
 * value is the test run's: the pid of the run's main process, so that a run removes its own
 * leftovers and those of runs that have ended, never what another run on the machine still uses.
 */
export const DOCKER_TEST_LABEL = 'io.guilds.code.test';

/** The test label with this run's value. */
export function testRunLabel(): Record<string, string> {
  return { [DOCKER_TEST_LABEL]: process.env[DOCKER_ENV.run] ?? 'unset' };
}
export const AGENT_UID = 1000;

/** Why the docker tier cannot run here (runc), undefined when it can. */
export function dockerUnavailable(runtime: 'runc' | 'runsc' = 'runc'): string | undefined {
  const skip = process.env[DOCKER_ENV.skip];
  if (skip !== undefined) return `docker cannot run here: ${skip}`;
  if (process.env[DOCKER_ENV.image] === undefined) return 'docker cannot run here: the docker tier was not set up';
  if (runtime === 'runsc' && process.env[DOCKER_ENV.noGvisor] !== undefined) return `gVisor cannot run here: ${process.env[DOCKER_ENV.noGvisor]}`;
  return undefined;
}

/**
 * `script` run as root in the container, as the platform (or the kernel) acts on it from outside:
 * the helpers run as root, out of the agent's reach, so a test that kills one or changes its OOM
 * score does it as root. Throws with what it said when it fails.
 */
export function asRootInside(containerId: string, script: string): string {
  const result = spawnSync('docker', ['exec', '-u', '0', containerId, 'sh', '-c', script], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, DOCKER_HOST: process.env[DOCKER_ENV.host] },
  });
  if (result.status !== 0) throw new Error(`${script}: exit ${result.status}: ${result.stderr}`);
  return result.stdout;
}

export function testImage(): string {
  return process.env[DOCKER_ENV.image]!;
}

export function testEngine(): EngineClient {
  return new EngineClient(engineAddressFrom({ DOCKER_HOST: process.env[DOCKER_ENV.host] }));
}

/** A DockerSandbox of the test image, labelled as a test's. */
export function startDocker(options: Partial<DockerSandboxOptions> = {}): Promise<DockerSandbox> {
  return DockerSandbox.start({
    image: testImage(),
    docker: engineAddressFrom({ DOCKER_HOST: process.env[DOCKER_ENV.host] }),
    ...options,
    labels: { ...testRunLabel(), ...options.labels },
  });
}

/** A host folder the agent (uid 1000) owns, for a bind-mounted home. */
export function agentFolder(prefix: string): string {
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  chownSync(scratch, AGENT_UID, AGENT_UID);
  return scratch;
}


/** The label a test file puts on what it makes, so that its own leftovers can be checked for. */
export const FILE_LABEL_NAME = 'io.guilds.code.test.file';

/**
 * Sandboxes of one test file's suite (`name`, under `runtime`): each labelled with the suite's name,
 * removed after its test with the volumes the test named in `volumes`; after the suite, none of its
 * containers or volumes is left.
 */
export function suiteSandboxes(name: string, runtime: 'runc' | 'runsc'): {
  start(options?: Partial<DockerSandboxOptions>): Promise<DockerSandbox>;
  labels: Readonly<Record<string, string>>;
  volumes: string[];
} {
  const labels = { ...testRunLabel(), [FILE_LABEL_NAME]: name };
  const made: DockerSandbox[] = [];
  const volumes: string[] = [];
  afterEach(async () => {
    for (const sandbox of made.splice(0)) await sandbox.cleanup();
    for (const volume of volumes.splice(0)) await testEngine().call('DELETE', `/volumes/${volume}`);
  });
  afterAll(async () => {
    const filters = encodeURIComponent(JSON.stringify({ label: [`${FILE_LABEL_NAME}=${name}`, `${DOCKER_TEST_LABEL}=${testRunLabel()[DOCKER_TEST_LABEL]}`] }));
    expect(await testEngine().call('GET', `/containers/json?all=true&filters=${filters}`)).toEqual([]);
    expect(await testEngine().call('GET', `/volumes?filters=${filters}`)).toMatchObject({ Volumes: [] });
  });
  return {
    labels,
    volumes,
    async start(options = {}) {
      const sandbox = await startDocker({ runtime, ...options, labels });
      made.push(sandbox);
      return sandbox;
    },
  };
}
