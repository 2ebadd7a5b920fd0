// DockerSandboxPool on a real Engine, under runc and gVisor: containers held with their helper's warm
// stream open, claimed once each and replaced; nothing of one claim in the next (a file, a process,
// an environment variable, a background command); a claim on an empty pool, a held container that
// died or whose helper stopped answering, a claim the pool cannot honour, the pool closed during a
// claim, a claimed sandbox cleaned up twice. Each ends in an answer, and the labels of this file find
// nothing left at the end. (test/e2e/docker-restart.test.ts restarts dockerd under a pool.)
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CodeToolRun, type CodeToolResult } from '../../src/orchestrator/code-tools.js';
import { DEFAULT_HELPER_COMMAND, execRequest, warmStreamArgv } from '../../src/orchestrator/sandbox.js';
import {
  DOCKER_POOL_LABEL,
  DockerSandboxPool,
  engineAddressFrom,
  type DockerSandbox,
  type DockerSandboxPoolOptions,
} from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { asRootInside, DOCKER_ENV, DOCKER_TEST_LABEL, dockerUnavailable, FILE_LABEL_NAME, testEngine, testImage, testRunLabel } from '../helpers/docker.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';

/** A warm stream's /proc cmdline, its NULs read as spaces. */
const WARM_STREAM_CMDLINE = `${warmStreamArgv(DEFAULT_HELPER_COMMAND).join(' ')} `;

const WAIT_MS = 30_000;
/** Starting several containers under gVisor on a loaded machine takes a while. */
const POOL_TEST_TIMEOUT_MS = 180_000;
/** The pid of each `guilds-code --serve` in the container, read from /proc. */
const SERVERS_SCRIPT = `for p in /proc/[0-9]*; do [ "$(tr "\\0" " " < $p/cmdline 2>/dev/null)" = "${WARM_STREAM_CMDLINE}" ] && echo \${p#/proc/}; done; true`;

for (const runtime of ['runc', 'runsc'] as const) {
  const unavailable = dockerUnavailable(runtime);
  const title = `DockerSandboxPool (${runtime}${unavailable === undefined ? '' : `, skipped: ${unavailable}`})`;
  describe.skipIf(unavailable !== undefined)(title, () => suite(runtime));
}

type Container = { Id: string; State: string; Labels: Record<string, string>; Mounts: { Name?: string; Destination: string }[] };

function suite(runtime: 'runc' | 'runsc'): void {
  const fileLabel = `docker-pool-${runtime}`;
  const labels = { ...testRunLabel(), [FILE_LABEL_NAME]: fileLabel };
  const pools: DockerSandboxPool[] = [];
  const claimed: DockerSandbox[] = [];
  let seq = 0;

  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.close();
    for (const sandbox of claimed.splice(0)) await sandbox.cleanup();
  });

  afterAll(async () => {
    const filters = encodeURIComponent(JSON.stringify({ label: [`${FILE_LABEL_NAME}=${fileLabel}`, `${DOCKER_TEST_LABEL}=${testRunLabel()[DOCKER_TEST_LABEL]}`] }));
    expect(await testEngine().call('GET', `/containers/json?all=true&filters=${filters}`)).toEqual([]);
    expect(await testEngine().call('GET', `/volumes?filters=${filters}`)).toMatchObject({ Volumes: [] });
  });

  async function startPool(options: Partial<DockerSandboxPoolOptions> = {}): Promise<DockerSandboxPool> {
    const pool = await DockerSandboxPool.start({
      image: testImage(),
      runtime,
      docker: engineAddressFrom({ DOCKER_HOST: process.env[DOCKER_ENV.host] }),
      size: 1,
      labels,
      ...options,
    });
    pools.push(pool);
    return pool;
  }

  async function claim(pool: DockerSandboxPool): Promise<DockerSandbox> {
    const sandbox = await pool.claim();
    claimed.push(sandbox);
    return sandbox;
  }

  function call(sandbox: DockerSandbox, tool: string, args: Record<string, unknown>, env: Record<string, string> = {}): Promise<CodeToolResult> {
    seq++;
    return new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', env }).call({ tool, args, callId: `c${seq}`, resultSeq: seq });
  }

  /** The pool's containers (held, starting, or claimed and not removed), oldest first. */
  async function containersOf(pool: DockerSandboxPool): Promise<Container[]> {
    const filters = encodeURIComponent(JSON.stringify({ label: [`${DOCKER_POOL_LABEL}=${pool.id}`] }));
    const listed = await testEngine().call<Container[]>('GET', `/containers/json?all=true&filters=${filters}`);
    return listed.reverse();
  }

  async function gone(containerId: string): Promise<boolean> {
    return testEngine().call('GET', `/containers/${containerId}/json`).then(() => false, () => true);
  }

  function servers(containerId: string): number[] {
    return asRootInside(containerId, SERVERS_SCRIPT).split('\n').filter(Boolean).map(Number);
  }

  it(
    "holds its size of containers, each running its helper's warm stream, warmed up and its home left as the image's, with volumes of its own and the labels given",
    async () => {
      const pool = await startPool({ size: 2 });
      expect(pool.held).toBe(2);
      const containers = await containersOf(pool);
      expect(containers.map((container) => container.State)).toEqual(['running', 'running']);
      for (const container of containers) {
        expect(container.Labels).toMatchObject({ ...labels, [DOCKER_POOL_LABEL]: pool.id, 'io.guilds.code.sandbox': '1' });
        expect(servers(container.Id)).toHaveLength(1);
        // The warm-up's run is gone. Globs, not ls: gVisor answers ls's statx with EINVAL.
        expect(asRootInside(container.Id, `bash -c 'shopt -s dotglob nullglob; printf "%s\\n" /home/agent/* /run/guilds/* /tmp/*'`)).toBe(
          '/home/agent/.bash_logout\n/home/agent/.bashrc\n/home/agent/.profile\n/run/guilds/requests\n',
        );
      }
      const volumes = containers.flatMap((container) => container.Mounts.map((mount) => mount.Name));
      expect(new Set(volumes).size).toBe(4);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'answers the first call of a claimed sandbox over the stream opened before the claim: the helper running before the call answers it, and no other starts',
    async () => {
      const sandbox = await claim(await startPool());
      const before = servers(sandbox.containerId);
      expect(before).toHaveLength(1);
      expect((await call(sandbox, 'shell', { command: 'echo $PPID' })).text).toBe(String(before[0]));
      expect(servers(sandbox.containerId)).toEqual(before);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'a run with an environment of its own answers its first call over the held helper too, its environment in the line (it opened a stream of its own, one helper start later)',
    async () => {
      const sandbox = await claim(await startPool());
      const [held] = servers(sandbox.containerId);
      const [pid, value] = (await call(sandbox, 'shell', { command: 'echo $PPID $AGENT_VAR' }, { AGENT_VAR: 'mine' })).text.split(' ');
      expect(value).toBe('mine');
      expect(Number(pid)).toBe(held);
      expect(servers(sandbox.containerId)).toEqual([held]);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'hands each container out once, replaced in the background; the claimed one\'s cleanup removes it with its volumes',
    async () => {
      const pool = await startPool();
      const first = await claim(pool);
      await pool.filled();
      expect(pool.held).toBe(1);
      const containers = await containersOf(pool);
      expect(containers).toHaveLength(2);
      const claimedOne = containers.find((container) => container.Id === first.containerId);
      const replacement = containers.find((container) => container.Id !== first.containerId);
      const volumes = claimedOne!.Mounts.map((mount) => mount.Name!);
      await first.cleanup();
      expect(await gone(first.containerId)).toBe(true);
      for (const volume of volumes) expect(await testEngine().call('GET', `/volumes/${volume}`).then(() => 'kept', () => 'removed')).toBe('removed');
      expect(pool.held).toBe(1);
      const second = await claim(pool);
      expect(second.containerId).toBe(replacement!.Id);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'passes nothing from one claim to the next: a file, a process, an environment variable and a background command left in one are absent from the next',
    async () => {
      const pool = await startPool();
      const first = await claim(pool);
      const env = { LEFT_BEHIND: 'from the first claim' };
      expect((await call(first, 'shell', { command: 'echo kept > left.txt; echo kept > /tmp/left.txt; (setsid sleep 600 &); echo $LEFT_BEHIND' }, env)).text).toBe(
        'from the first claim',
      );
      expect((await call(first, 'shell', { command: 'sleep 601', background: true }, env)).meta.background_id).toBe('b1');
      // Globs, not ls: gVisor answers ls's statx with EINVAL.
      const look = 'shopt -s dotglob nullglob; printf "%s\\n" ~/* /tmp/*; echo "${LEFT_BEHIND-unset}"';
      const sleeps = 'for p in /proc/[0-9]*; do tr "\\0" " " < $p/cmdline; echo; done | grep -c "^sleep 60" || true';
      expect((await call(first, 'shell', { command: look }, env)).text).toBe(
        '/home/agent/.bash_logout\n/home/agent/.bashrc\n/home/agent/.profile\n/home/agent/.runs\n/home/agent/left.txt\n/tmp/left.txt\nfrom the first claim',
      );
      await pollUntil(() => first.exec(execRequest(['bash', '-c', sleeps], {}, WAIT_MS)).then((result) => result.stdout), (count) => count === '2\n');
      const next = await claim(pool);
      expect(next.containerId).not.toBe(first.containerId);
      expect((await call(next, 'file_read', { path: 'left.txt' })).text).toBe('no such file or folder: left.txt');
      expect((await call(next, 'shell', { command: look })).text).toBe('/home/agent/.bash_logout\n/home/agent/.bashrc\n/home/agent/.profile\n/home/agent/.runs\nunset');
      expect((await call(next, 'shell', { command: sleeps })).text).toBe('0');
      expect((await call(next, 'shell_status', {})).text).toBe('no background commands');
      // The first claim's are still there, in its own container.
      expect((await call(first, 'shell_status', {})).text).toMatch(/^b1 running \d+s sleep 601$/);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'starts a container for a claim on an empty pool, at most maxStarting at once, and fills up again after',
    async () => {
      const pool = await startPool({ size: 1, maxStarting: 1 });
      const sandboxes = await Promise.all([claim(pool), claim(pool), claim(pool)]);
      expect(new Set(sandboxes.map((sandbox) => sandbox.containerId)).size).toBe(3);
      const answers = await Promise.all(sandboxes.map((sandbox, index) => call(sandbox, 'shell', { command: `echo claim ${index}` })));
      expect(answers.map((answer) => answer.text)).toEqual(['claim 0', 'claim 1', 'claim 2']);
      await pool.filled();
      expect(pool.held).toBe(1);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'never hands out a held container that was killed: the claim gets another, which answers',
    async () => {
      const pool = await startPool();
      const [held] = await containersOf(pool);
      await testEngine().call('POST', `/containers/${held!.Id}/kill`);
      const sandbox = await claim(pool);
      expect(sandbox.containerId).not.toBe(held!.Id);
      expect((await call(sandbox, 'shell', { command: 'echo alive' })).text).toBe('alive');
      await pollUntil(() => gone(held!.Id), (isGone) => isGone);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    "finds at the claim a held container whose helper stopped answering, and replaces it: the probe's answer never came",
    async () => {
      const pool = await startPool();
      const [held] = await containersOf(pool);
      asRootInside(held!.Id, `kill -STOP ${servers(held!.Id)[0]}`);
      const sandbox = await claim(pool);
      expect(sandbox.containerId).not.toBe(held!.Id);
      expect((await call(sandbox, 'shell', { command: 'echo alive' })).text).toBe('alive');
      await pollUntil(() => gone(held!.Id), (isGone) => isGone);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'refuses in one line a claim the pool cannot honour, and takes one that repeats its options',
    async () => {
      const pool = await startPool();
      await expect(pool.claim({ image: 'another-image:1' })).rejects.toThrow(
        new Error("DockerSandboxPool.claim: the pool cannot honour image: its containers are started with the pool's options (a claim may repeat them, not change them)"),
      );
      expect(pool.held).toBe(1);
      const sandbox = await pool.claim({ image: testImage(), runtime, labels });
      claimed.push(sandbox);
      expect((await call(sandbox, 'shell', { command: 'echo taken' })).text).toBe('taken');
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'closed during claims, answers each that the pool was closed during the claim, removes what it started, and refuses a claim after',
    async () => {
      const pool = await startPool({ size: 1, maxStarting: 1 });
      // The first claim probes the held container, the second waits for a start: both are under way.
      const claims = [pool.claim(), pool.claim()];
      const closing = pool.close();
      const answers = await Promise.allSettled(claims);
      expect(answers).toEqual([
        { status: 'rejected', reason: new Error('DockerSandboxPool.claim: the pool was closed during the claim') },
        { status: 'rejected', reason: new Error('DockerSandboxPool.claim: the pool was closed during the claim') },
      ]);
      await closing;
      expect(await containersOf(pool)).toEqual([]);
      await expect(pool.claim()).rejects.toThrow(new Error('DockerSandboxPool.claim: the pool is closed'));
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'leaves a claimed sandbox to its claimer when it closes',
    async () => {
      const pool = await startPool();
      const sandbox = await claim(pool);
      await pool.close();
      expect((await containersOf(pool)).map((container) => container.Id)).toEqual([sandbox.containerId]);
      expect((await call(sandbox, 'shell', { command: 'echo still mine' })).text).toBe('still mine');
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'regression: a script awaiting filled() after a claim exited 13 with the await unsettled, the replacement due on a timer that did not keep the process alive; it waits, and exits 0',
    () => {
      const script = spawnSync(process.execPath, ['--import', 'tsx', 'test/helpers/pool-alone.ts'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: POOL_TEST_TIMEOUT_MS,
        env: { ...process.env, DOCKER_HOST: process.env[DOCKER_ENV.host], POOL_IMAGE: testImage(), POOL_RUNTIME: runtime, POOL_LABELS: JSON.stringify(labels) },
      });
      expect([script.status, script.stdout, script.stderr]).toEqual([0, 'filled again with 1 and closed\n', '']);
    },
    POOL_TEST_TIMEOUT_MS,
  );

  it(
    'cleans up a claimed sandbox asked twice at once and once more: each answers, and the container and its volumes are gone',
    async () => {
      const pool = await startPool();
      const sandbox = await claim(pool);
      const [container] = (await containersOf(pool)).filter((listed) => listed.Id === sandbox.containerId);
      await Promise.all([sandbox.cleanup(), sandbox.cleanup()]);
      await sandbox.cleanup();
      expect(sandbox.removed).toBe(true);
      expect(await gone(sandbox.containerId)).toBe(true);
      for (const mount of container!.Mounts) expect(await testEngine().call('GET', `/volumes/${mount.Name}`).then(() => 'kept', () => 'removed')).toBe('removed');
      expect(await sandbox.exec(execRequest(['true'], {}, WAIT_MS))).toEqual({ stdout: '', stderr: 'the sandbox was cleaned up\n', exitCode: 127, timedOut: false });
    },
    POOL_TEST_TIMEOUT_MS,
  );
}
