// DockerSandbox across a restart of dockerd itself, under runc and gVisor: a dockerd of this file's
// own (its own config, socket, data root, exec root and pidfile), loaded with the docker tier's test
// image, stopped and started again with the same arguments between calls and under one. Without
// live-restore the daemon stops the container on its way down and the next call starts it again;
// with "live-restore": true the container and its background commands run on through the restart.
// A dockerd frozen under a call (SIGSTOP) is the same to the call as one gone. A pool's held containers
// stop with the daemon: a claim meanwhile answers in one line, and the pool refills once it is back.
// Only this dockerd is ever stopped; its data root is removed at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STREAM_ENDED_DURING_CALL } from '../../src/orchestrator/format.js';
import { SERVE_IDLE_EXIT_VARIABLE } from '../../src/limits.js';
import { pollUntil } from '../helpers/background.js';
import { CodeToolRun, type CodeToolResult } from '../../src/orchestrator/code-tools.js';
import { DOCKER_POOL_LABEL, DockerSandbox, DockerSandboxPool, EngineClient } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { ENGINE_API_VERSION } from '../../src/orchestrator/sandboxes/docker/engine.js';
import { dockerUnavailable, testEngine, testImage, testRunLabel } from '../helpers/docker.js';
import { DEFAULT_HELPER_COMMAND, execRequest, warmStreamArgv } from '../../src/orchestrator/sandbox.js';

/** A warm stream's /proc cmdline, its NULs read as spaces. */
const WARM_STREAM_CMDLINE = `${warmStreamArgv(DEFAULT_HELPER_COMMAND).join(' ')} `;

const FILE_LABEL_NAME = 'io.guilds.code.test.file';
const FILE_LABEL = { ...testRunLabel(), [FILE_LABEL_NAME]: 'docker-restart' };
/** How long this dockerd may take to answer after a start, and to exit after SIGTERM before SIGKILL. */
const DOCKERD_START_TIMEOUT_MS = 30_000;
const DOCKERD_STOP_TIMEOUT_MS = 20_000;
const DOCKERD_POLL_MS = 100;
/** The image travels from the tier's Engine into this one: 400 MB through two tar streams. */
const SETUP_TIMEOUT_MS = 180_000;
const WAIT_MS = 30_000;
const MARKER_POLL_MS = 100;
/** Longer than any test's time: a call that waited for it to end would fail by the test's timeout. */
const IN_FLIGHT_SLEEP_SECONDS = 600;
/** The helper's idle time in the test that waits it out. */
const SERVE_IDLE_EXIT_TEST_MS = 1_000;

function onPath(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function ownDockerdUnavailable(): string | undefined {
  const tier = dockerUnavailable('runc');
  if (tier !== undefined) return tier;
  if (process.getuid?.() !== 0) return 'dockerd cannot start here: it needs root';
  if (!onPath('dockerd')) return 'dockerd cannot start here: it is not installed';
  return undefined;
}

/** A dockerd of this file's own; stop() and start() again use the same arguments. */
class OwnDockerd {
  readonly runFolder = mkdtempSync('/run/guilds-code-test-restart-');
  readonly dataRoot = mkdtempSync(join(tmpdir(), 'guilds-code-test-restart-data-'));
  readonly socketPath = join(this.runFolder, 'docker.sock');
  readonly engine = new EngineClient({ socketPath: this.socketPath });
  private readonly config = join(this.runFolder, 'daemon.json');
  private readonly log = join(this.runFolder, 'dockerd.log');
  private readonly args = [
    '--config-file', this.config,
    '--host', `unix://${this.socketPath}`,
    '--data-root', this.dataRoot,
    '--exec-root', join(this.runFolder, 'exec'),
    '--pidfile', join(this.runFolder, 'dockerd.pid'),
  ];
  private child: ChildProcess | undefined;

  constructor(readonly runsc: boolean) {
    this.configure({ liveRestore: false });
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  configure({ liveRestore }: { liveRestore: boolean }): void {
    const runtimes = this.runsc ? { runsc: { path: 'runsc', runtimeArgs: ['--network=none'] } } : {};
    writeFileSync(this.config, JSON.stringify({ bridge: 'none', iptables: false, 'ip-masq': false, 'live-restore': liveRestore, runtimes }));
  }

  async start(): Promise<void> {
    const child = spawn('dockerd', this.args, { stdio: ['ignore', openSync(this.log, 'a'), openSync(this.log, 'a')], detached: true });
    this.child = child;
    let exited = false;
    child.once('exit', () => (exited = true));
    for (const deadline = Date.now() + DOCKERD_START_TIMEOUT_MS; Date.now() < deadline && !exited; ) {
      if (await this.engine.call('GET', '/info').then(() => true, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, DOCKERD_POLL_MS));
    }
    const said = readFileSync(this.log, 'utf8').trim().split('\n').slice(-3).join(' / ');
    await this.stop();
    throw new Error(`dockerd did not start: ${said}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), DOCKERD_STOP_TIMEOUT_MS);
    await gone;
    clearTimeout(timer);
  }

  /** SIGSTOP: the socket still takes connections, and nothing answers on them. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** The data root, unmounted first: dockerd 20.10 binds it onto itself and leaves it so. */
  remove(): void {
    const mounted = (): string[] =>
      readFileSync('/proc/self/mounts', 'utf8')
        .split('\n')
        .map((line) => line.split(' ')[1] ?? '')
        .filter((point) => point === this.dataRoot || point.startsWith(`${this.dataRoot}/`))
        .sort((a, b) => b.length - a.length);
    for (let left = mounted(); left.length > 0; left = mounted()) {
      if (spawnSync('umount', [left[0]!]).status !== 0) throw new Error(`cannot unmount ${left[0]}`);
    }
    rmSync(this.dataRoot, { recursive: true, force: true });
    rmSync(this.runFolder, { recursive: true, force: true });
  }
}

/** The tier's test image into `to`: the tier Engine's image tarball streamed into this Engine's load. */
function copyImage(image: string, to: string): Promise<string> {
  const from = testEngine().address;
  if (!('socketPath' in from)) throw new Error('the docker tier is not on a unix socket');
  return new Promise((resolve, reject) => {
    const get = request({ socketPath: from.socketPath, path: `/${ENGINE_API_VERSION}/images/${encodeURIComponent(image)}/get` }, (tarball) => {
      if (tarball.statusCode !== 200) return reject(new Error(`the tier's Engine answered ${tarball.statusCode} for the image`));
      const load = request(
        { socketPath: to, method: 'POST', path: `/${ENGINE_API_VERSION}/images/load?quiet=1`, headers: { 'content-type': 'application/x-tar' } },
        (answer: IncomingMessage) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          answer.on('end', () => resolve(text.trim()));
        },
      );
      load.on('error', reject);
      tarball.pipe(load);
    });
    get.on('error', reject);
    get.end();
  });
}

const unavailable = ownDockerdUnavailable();
const gvisor = unavailable ?? dockerUnavailable('runsc') ?? (onPath('runsc') ? undefined : 'gVisor cannot run here: runsc is not installed');

describe.skipIf(unavailable !== undefined)(`DockerSandbox across a restart of dockerd${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  let dockerd: OwnDockerd;
  const made: DockerSandbox[] = [];
  let seq = 0;

  beforeAll(async () => {
    dockerd = new OwnDockerd(gvisor === undefined);
    await dockerd.start();
    expect(await copyImage(testImage(), dockerd.socketPath)).toBe(`{"stream":"Loaded image: ${testImage()}\\n"}`);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (dockerd === undefined) return;
    try {
      // Under live-restore a container outlives its dockerd: this one answers again to remove them.
      if (!dockerd.running) await dockerd.start();
      for (const sandbox of made.splice(0)) await sandbox.cleanup();
      const filters = encodeURIComponent(JSON.stringify({ label: [`${FILE_LABEL_NAME}=docker-restart`] }));
      expect(await dockerd.engine.call('GET', `/containers/json?all=true&filters=${filters}`)).toEqual([]);
      expect(await dockerd.engine.call('GET', `/volumes?filters=${filters}`)).toMatchObject({ Volumes: [] });
    } finally {
      await dockerd.stop();
      dockerd.remove();
    }
  }, SETUP_TIMEOUT_MS);

  // A test that failed with its dockerd stopped leaves it so; the next one starts from a running one.
  beforeEach(async () => {
    if (!dockerd.running) await dockerd.start();
  });

  afterEach(async () => {
    // A test that timed out under a frozen dockerd never reached its own thaw.
    dockerd.thaw();
    if (dockerd.running) for (const sandbox of made.splice(0)) await sandbox.cleanup();
  });

  async function start(runtime: 'runc' | 'runsc'): Promise<DockerSandbox> {
    const sandbox = await DockerSandbox.start({ image: testImage(), runtime, docker: { socketPath: dockerd.socketPath }, labels: FILE_LABEL });
    made.push(sandbox);
    return sandbox;
  }

  /** A call through a cold helper (the exec path), or over the sandbox's warm stream. */
  function tool(sandbox: DockerSandbox, name: string, args: unknown, warm = false, env: Record<string, string> = {}): Promise<CodeToolResult> {
    seq++;
    return new CodeToolRun({ sandbox, warm, runId: 'r1', agentId: 'a1', env }).call({ tool: name, args, callId: `c${seq}`, resultSeq: seq });
  }

  /** The pids of the `guilds-code --serve` processes running in the container. */
  async function servers(sandbox: DockerSandbox): Promise<number[]> {
    const script = `for p in /proc/[0-9]*; do [ "$(tr "\\0" " " < $p/cmdline 2>/dev/null)" = "${WARM_STREAM_CMDLINE}" ] && echo \${p#/proc/}; done; true`;
    const listed = await sandbox.exec(execRequest(['sh', '-c', script], {}, WAIT_MS));
    return listed.stdout.split('\n').filter(Boolean).map(Number);
  }

  type State = { Status: string; Running: boolean; ExitCode: number; Pid: number; StartedAt: string };
  async function state(sandbox: DockerSandbox): Promise<State> {
    return (await dockerd.engine.call<{ State: State }>('GET', `/containers/${sandbox.containerId}/json`)).State;
  }

  /** Waits until the command in flight has made its marker in the home. */
  async function started(sandbox: DockerSandbox, marker: string): Promise<void> {
    for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; ) {
      if ((await sandbox.exec(execRequest(['test', '-e', marker], {}, WAIT_MS))).exitCode === 0) return;
      await new Promise((resolve) => setTimeout(resolve, MARKER_POLL_MS));
    }
    throw new Error(`the command in flight never made ${marker}`);
  }

  /** What a call in flight answers when its dockerd goes away: the same whichever way it saw it go. */
  function engineGone(): string {
    return (
      'code helper failed: no envelope (it was stopped by a signal)\n' +
      `the sandbox's container lost the command: the Docker Engine (unix://${dockerd.socketPath}) stopped answering during the call; the command may still be running`
    );
  }

  for (const runtime of ['runc', 'runsc'] as const) {
    const skip = runtime === 'runsc' ? gvisor : undefined;
    describe.skipIf(skip !== undefined)(`${runtime}${skip === undefined ? '' : ` (skipped: ${skip})`}`, () => {
      it('a call works, dockerd stops the container on its way down, and the next call starts it again with its home', async () => {
        const sandbox = await start(runtime);
        expect((await tool(sandbox, 'shell', { command: 'echo kept > kept.txt && cat kept.txt' })).text).toBe('kept');
        const before = await state(sandbox);
        await dockerd.restart();
        // Without live-restore the daemon stops every container as it shuts down (the first process
        // ends on its SIGTERM, status 0) and starts none again: the container waits, exited.
        expect(await state(sandbox)).toMatchObject({ Status: 'exited', Running: false, ExitCode: 0, Pid: 0, StartedAt: before.StartedAt });
        expect((await tool(sandbox, 'shell', { command: 'cat kept.txt' })).text).toBe('kept');
        const after = await state(sandbox);
        expect(after).toMatchObject({ Status: 'running', Running: true });
        expect(after.StartedAt).not.toBe(before.StartedAt);
      });

      it(
        'regression: a call in flight when dockerd stops answered by whichever connection it drew ' +
          '(a bare "stopped by a signal", or "write EPIPE"); it answers that the Engine stopped answering',
        async () => {
          const sandbox = await start(runtime);
          const running = tool(sandbox, 'shell', { command: `touch in-flight && sleep ${IN_FLIGHT_SLEEP_SECONDS}` });
          await started(sandbox, 'in-flight');
          await dockerd.stop();
          const result = await running;
          expect(result).toMatchObject({ ok: false, kind: 'unavailable', text: engineGone() });
          await dockerd.start();
          expect((await tool(sandbox, 'shell', { command: 'echo back' })).text).toBe('back');
        },
      );

      it("warm: a call in flight over the stream when dockerd stops fails as the stream's end, is never run again, and the next call opens a new stream", async () => {
        const sandbox = await start(runtime);
        expect((await tool(sandbox, 'shell', { command: 'echo warm' }, true)).text).toBe('warm');
        const running = tool(sandbox, 'shell', { command: `echo once >> ran.txt && touch in-flight && sleep ${IN_FLIGHT_SLEEP_SECONDS}` }, true);
        await started(sandbox, 'in-flight');
        await dockerd.stop();
        expect(await running).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
        await dockerd.start();
        expect((await tool(sandbox, 'shell', { command: 'cat ran.txt' }, true)).text).toBe('once');
        expect(await servers(sandbox)).toHaveLength(1);
      });
    });
  }

  /** The ids of the pool's containers still on this dockerd. */
  async function poolContainers(pool: DockerSandboxPool): Promise<string[]> {
    const filters = encodeURIComponent(JSON.stringify({ label: [`${DOCKER_POOL_LABEL}=${pool.id}`] }));
    return (await dockerd.engine.call<{ Id: string }[]>('GET', `/containers/json?all=true&filters=${filters}`)).map((container) => container.Id);
  }

  for (const runtime of ['runc', 'runsc'] as const) {
    const skip = runtime === 'runsc' ? gvisor : undefined;
    it.skipIf(skip !== undefined)(
      `${runtime}: a pool's held containers stop with dockerd; a claim meanwhile answers that docker cannot run, one after it is back gets a sandbox that answers, and nothing the pool started is left${skip === undefined ? '' : ` (skipped: ${skip})`}`,
      async () => {
        const pool = await DockerSandboxPool.start({ image: testImage(), runtime, docker: { socketPath: dockerd.socketPath }, labels: FILE_LABEL, size: 2 });
        try {
          const held = await poolContainers(pool);
          await dockerd.stop();
          await expect(pool.claim()).rejects.toThrow(new Error(`docker cannot run here: the Docker Engine cannot be reached: connect ENOENT ${dockerd.socketPath}`));
          await dockerd.start();
          const sandbox = await pool.claim();
          made.push(sandbox);
          expect(held).not.toContain(sandbox.containerId);
          expect((await tool(sandbox, 'shell', { command: 'echo back' }, true)).text).toBe('back');
          await pool.filled();
          await pool.close();
          // The containers the daemon stopped, which the pool could not remove while it was down, are gone too.
          expect(await poolContainers(pool)).toEqual([sandbox.containerId]);
        } finally {
          await pool.close();
        }
      },
    );
  }

  it(
    'regression: a call in flight when dockerd froze waited for an inspect that never came, past its wait; ' +
      'it answers at the inspect deadline that the Engine stopped answering',
    async () => {
      // The wait is the client's alone, the same under any runtime.
      const sandbox = await start('runc');
      const running = tool(sandbox, 'shell', { command: `touch in-flight && sleep ${IN_FLIGHT_SLEEP_SECONDS}` });
      await started(sandbox, 'in-flight');
      dockerd.freeze();
      try {
        expect(await running).toMatchObject({ ok: false, kind: 'unavailable', text: engineGone() });
      } finally {
        dockerd.thaw();
      }
      expect((await tool(sandbox, 'shell', { command: 'echo back' })).text).toBe('back');
    },
  );

  describe('with "live-restore": true', () => {
    beforeAll(async () => {
      dockerd.configure({ liveRestore: true });
      await dockerd.restart();
      expect((await dockerd.engine.call<{ LiveRestoreEnabled: boolean }>('GET', '/info')).LiveRestoreEnabled).toBe(true);
    }, SETUP_TIMEOUT_MS);

    for (const runtime of ['runc', 'runsc'] as const) {
      const skip = runtime === 'runsc' ? gvisor : undefined;
      it.skipIf(skip !== undefined)(
        `${runtime}: the container and a background command survive the restart; a call in flight still answers at once${skip === undefined ? '' : ` (skipped: ${skip})`}`,
        async () => {
          const sandbox = await start(runtime);
          expect((await tool(sandbox, 'shell', { command: 'sleep 300', background: true })).ok).toBe(true);
          const before = await state(sandbox);
          await dockerd.restart();
          expect(await state(sandbox)).toEqual(before);
          const status = await tool(sandbox, 'shell_status', {});
          expect(status.text.replace(/ \d+s /, ' Ns ')).toBe('b1 running Ns sleep 300');

          const running = tool(sandbox, 'shell', { command: `touch in-flight && sleep ${IN_FLIGHT_SLEEP_SECONDS}` });
          await started(sandbox, 'in-flight');
          await dockerd.stop();
          expect(await running).toMatchObject({ ok: false, kind: 'unavailable', text: engineGone() });
          await dockerd.start();
          // The answer said the command may still be running: under live-restore it does.
          const left = await sandbox.exec(execRequest(['sh', '-c', 'cat /proc/[0-9]*/cmdline | tr "\\0" " "'], {}, WAIT_MS));
          expect(left.stdout).toContain(`sleep ${IN_FLIGHT_SLEEP_SECONDS}`);
          expect(await state(sandbox)).toEqual(before);
        },
      );

      it.skipIf(skip !== undefined)(
        `${runtime}, warm: the stream's call in flight fails as the stream's end; the next call opens a new stream, and the helper left behind exits once idle${skip === undefined ? '' : ` (skipped: ${skip})`}`,
        async () => {
          const sandbox = await start(runtime);
          // The live container keeps the old exec's pipes with no one at the other end: its helper ends at its idle time.
          const env = { [SERVE_IDLE_EXIT_VARIABLE]: String(SERVE_IDLE_EXIT_TEST_MS) };
          expect((await tool(sandbox, 'shell', { command: 'echo warm' }, true, env)).text).toBe('warm');
          // The helper of the call in flight, as its command names it: the one that answered 'warm'
          // may have passed its idle time since.
          const running = tool(
            sandbox,
            'shell',
            { command: `echo $PPID > helper.pid && echo $$ > in-flight.pid && touch in-flight && exec sleep ${IN_FLIGHT_SLEEP_SECONDS}` },
            true,
            env,
          );
          await started(sandbox, 'in-flight');
          const old = Number((await sandbox.exec(execRequest(['cat', 'helper.pid'], {}, WAIT_MS))).stdout);
          expect(await servers(sandbox)).toContain(old);
          await dockerd.stop();
          expect(await running).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
          await dockerd.start();
          expect((await tool(sandbox, 'shell', { command: 'echo back' }, true, env)).text).toBe('back');
          expect(await servers(sandbox)).toContain(old);
          // Its call still runs (its command may still be running, as the answer said); once it ends, so does the helper.
          expect((await sandbox.exec(execRequest(['sh', '-c', 'kill "$(cat in-flight.pid)"'], {}, WAIT_MS))).exitCode).toBe(0);
          await pollUntil(() => servers(sandbox), (pids) => !pids.includes(old));
        },
      );
    }
  });
});
