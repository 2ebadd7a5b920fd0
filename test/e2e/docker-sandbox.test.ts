// The sandbox image and DockerSandbox in real containers, under runc and gVisor: what the image holds,
// how an exec carries its environment and output and is stopped, writeFile against links the agent
// planted, and the faults a platform meets (the container killed or restarted mid-run, a command
// out of memory or forking without end, a full /tmp or home, a read-only root), each under the
// default bounds; the privileges a default container has (none), and the image run as `docker run`
// runs any image. No container is left behind.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { DOCKER_SANDBOX_LABEL, type DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { BUNDLES, LABELS, sha256 } from '../../scripts/image.js';
import { FIXTURES } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { asRootInside, DOCKER_ENV, dockerUnavailable, startDocker, suiteSandboxes, testEngine, testImage } from '../helpers/docker.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';
const WAIT_MS = 30_000;
/**
 * Each path's owner, mode and name, a line each: through Node, since coreutils' statx is refused
 * under gVisor (`ls` and `stat` answer EINVAL there).
 */
const STAT = `node -e 'for (const p of process.argv.slice(1)) { const s = require("fs").statSync(p); console.log(s.uid, (s.mode & 0o7777).toString(8), p) }'`;
/** How many entries each folder holds, a line each, through Node as STAT. */
const COUNT = `node -e 'for (const p of process.argv.slice(1)) console.log(require("fs").readdirSync(p).length)'`;
/** A `docker run` that hangs (an image that ignores its command) fails the test rather than the run. */
const DOCKER_CLI_TIMEOUT_MS = 60_000;

for (const runtime of ['runc', 'runsc'] as const) {
  const unavailable = dockerUnavailable(runtime);
  const title = `the docker sandbox (${runtime}${unavailable === undefined ? '' : `, skipped: ${unavailable}`})`;
  describe.skipIf(unavailable !== undefined)(title, () => suite(runtime));
}

function suite(runtime: 'runc' | 'runsc'): void {
  const { start, labels: FILE_LABEL, volumes } = suiteSandboxes(`docker-sandbox-${runtime}`, runtime);
  let seq = 0;

  function tool(sandbox: DockerSandbox, name: string, args: unknown, env: { repositories?: { name: string; token?: string }[] } = {}) {
    seq++;
    // One cold helper per call: the exec path under test here (docker-warm.test.ts has the stream's).
    const run = new CodeToolRun({ sandbox, warm: false, runId: 'r1', agentId: 'a1', ...env });
    return run.call({ tool: name, args, callId: `c${seq}`, resultSeq: seq });
  }

  /** Until a process of the container runs exactly `commandLine`: the call under test has reached its command. */
  async function untilRunning(sandbox: DockerSandbox, commandLine: string): Promise<void> {
    const everyCommandLine = 'for f in /proc/[0-9]*/cmdline; do tr "\\0" " " < "$f"; echo; done 2>/dev/null';
    await pollUntil(async () => (await sandbox.exec(execRequest(['sh', '-c', everyCommandLine], {}, WAIT_MS))).stdout.split('\n'), (lines) => lines.includes(`${commandLine} `));
  }

  describe('the image', () => {
    it('holds the committed bundles, the helpers named by their SHA-256 in its labels', async () => {
      const labels = (await testEngine().call<{ Config: { Labels: Record<string, string> } }>('GET', `/images/${testImage()}/json`)).Config.Labels;
      const helper = sha256(readFileSync(BUNDLES.helper));
      const harness = sha256(readFileSync(BUNDLES.harness));
      expect(labels[LABELS.helper]).toBe(helper);
      expect(labels[LABELS.harness]).toBe(harness);
      expect(labels[LABELS.version]).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
      const sandbox = await start();
      const mcp = sha256(readFileSync(BUNDLES.mcp));
      const inside = await sandbox.exec(execRequest(['sha256sum', '/usr/local/bin/guilds-code', '/usr/local/bin/guilds-harness', '/usr/local/bin/guilds-code-mcp'], {}, WAIT_MS));
      expect(inside.stdout).toBe(`${helper}  /usr/local/bin/guilds-code\n${harness}  /usr/local/bin/guilds-harness\n${mcp}  /usr/local/bin/guilds-code-mcp\n`);
    });

    it('runs as agent (1000:1000) in /home/agent, with node, bash, git, rg and gh on PATH, and a waiting first process', async () => {
      const sandbox = await start();
      const script =
        'id; pwd; echo $HOME; for p in node bash git rg gh guilds-code guilds-harness; do command -v $p; done; ' +
        `${STAT} /run/guilds /run/guilds/requests; tr "\\0" " " < /proc/1/cmdline; echo; ` +
        'git config --system credential.helper';
      const result = await sandbox.exec(execRequest(['sh', '-c', script], {}, WAIT_MS));
      expect(result.stdout).toBe(
        'uid=1000(agent) gid=1000(agent) groups=1000(agent)\n/home/agent\n/home/agent\n' +
          '/usr/local/bin/node\n/usr/bin/bash\n/usr/bin/git\n/usr/bin/rg\n/usr/bin/gh\n/usr/local/bin/guilds-code\n/usr/local/bin/guilds-harness\n' +
          '0 1777 /run/guilds\n0 700 /run/guilds/requests\n/bin/bash /usr/local/bin/guilds-init \n/usr/local/bin/git-credential-guilds-token\n',
      );
      expect(result.exitCode).toBe(0);
    });

    it('holds no setuid or setgid program (it held eleven, su, mount and passwd among them)', async () => {
      const sandbox = await start();
      const result = await sandbox.exec(execRequest(['sh', '-c', 'find / -xdev -type f -perm /6000; echo end'], {}, WAIT_MS));
      expect(result.stdout).toBe('end\n');
    });

    it('keeps its root read-only, the home and /tmp writable', async () => {
      const sandbox = await start();
      const result = await tool(sandbox, 'shell', { command: 'touch /usr/local/bin/x; echo home > note.txt && cat note.txt && touch /tmp/y && echo tmp' });
      // gVisor checks the permission before the mount's read-only flag.
      const refusal = runtime === 'runsc' ? 'Permission denied' : 'Read-only file system';
      expect(result.text).toBe(`touch: cannot touch '/usr/local/bin/x': ${refusal}\nhome\ntmp`);
      const inspect = await testEngine().call<{ HostConfig: { ReadonlyRootfs: boolean } }>('GET', `/containers/${sandbox.containerId}/json`);
      expect(inspect.HostConfig.ReadonlyRootfs).toBe(true);
    });
  });

  describe('run as docker run runs any image', () => {
    /** `docker run` on the test's Engine, labelled as the suite's, under this runtime. */
    function dockerRun(args: readonly string[], input?: string) {
      const labels = Object.entries(FILE_LABEL).flatMap(([key, value]) => ['--label', `${key}=${value}`]);
      return docker(['run', '--runtime', runtime, '--network', 'none', ...labels, ...args], input);
    }
    function docker(args: readonly string[], input?: string) {
      const result = spawnSync('docker', args, {
        encoding: 'utf8',
        input,
        timeout: DOCKER_CLI_TIMEOUT_MS,
        env: { ...process.env, DOCKER_HOST: process.env[DOCKER_ENV.host] },
      });
      return { stdout: result.stdout, stderr: result.stderr, status: result.status };
    }

    it("runs the command it is given and exits with its status (it ignored the command and waited for ever)", () => {
      expect(dockerRun(['--rm', testImage(), 'bash', '-c', 'echo hi; exit 3'])).toEqual({ stdout: 'hi\n', stderr: '', status: 3 });
    });

    it('gives the command its stdin, as `docker run -i IMAGE bash` needs', () => {
      expect(dockerRun(['--rm', '-i', testImage(), 'bash'], 'echo "from stdin $(id -u)"\n')).toEqual({ stdout: 'from stdin 1000\n', stderr: '', status: 0 });
    });

    it('reaps the orphans the command leaves, as its first process', () => {
      // The orphan ends after 0.2 s; the script waits (at most 10 s) until its /proc entry is gone, that
      // is, until it was reaped, and then lists any zombie left.
      const script =
        'orphan=$(sh -c "sleep 0.2; exit 0" >/dev/null & echo $!); for i in $(seq 100); do [ -e /proc/$orphan ] || break; sleep 0.1; done; ' +
        'grep -l "^State:.Z" /proc/[0-9]*/status; echo "first: $(tr "\\0" " " < /proc/1/cmdline)"';
      expect(dockerRun(['--rm', testImage(), 'bash', '-c', script])).toEqual({
        stdout: `first: /usr/bin/tini -s -- bash -c ${script} \n`,
        stderr: '',
        status: 0,
      });
    });

    for (const [signal, how, status] of [['TERM', ['stop', '-t', '20'], 7], ['INT', ['kill', '-s', 'INT'], 8]] as const) {
      it(`forwards SIG${signal} to the command and exits with its status`, async () => {
        const script = `trap 'echo got ${signal}; exit ${status}' ${signal}; echo ready; while :; do sleep 0.1; done`;
        const id = dockerRun(['-d', testImage(), 'bash', '-c', script]).stdout.trim();
        try {
          // The trap is set once the command says ready.
          await pollUntil(() => docker(['logs', id]).stdout, (output) => output !== '');
          expect(docker([...how, id]).status).toBe(0);
          expect(docker(['wait', id]).stdout).toBe(`${status}\n`);
          expect(docker(['logs', id]).stdout).toBe(`ready\ngot ${signal}\n`);
        } finally {
          docker(['rm', '-f', id]);
        }
      });
    }
  });

  describe('by default', () => {
    it("runs the agent with no capability and no new privileges (a default container had Docker's default capabilities and NoNewPrivs 0)", async () => {
      const sandbox = await start();
      const script = 'grep -E "^Cap(Prm|Eff|Bnd)" /proc/self/status; setpriv --dump 2>/dev/null | grep -E "^(no_new_privs|Capability bounding set):"';
      const result = await sandbox.exec(execRequest(['sh', '-c', script], {}, WAIT_MS));
      // The bounding set keeps what the helpers, root acting as the agent, need to start the agent's
      // processes as the agent; no process of the agent holds it, nor can gain it.
      const agentView = 'CapPrm: 0000000000000000\nCapEff: 0000000000000000\nCapBnd: 00000000000000c0\nno_new_privs: 1\nCapability bounding set: setgid,setuid';
      expect(result.stdout.replace(/\t/g, ' ')).toBe(`${agentView}\n`);
      expect((await tool(sandbox, 'shell', { command: script })).text.replace(/\t/g, ' ')).toBe(agentView);
      const inspect = await testEngine().call<{ HostConfig: Record<string, unknown> }>('GET', `/containers/${sandbox.containerId}/json`);
      expect(inspect.HostConfig).toMatchObject({
        CapDrop: ['ALL'],
        CapAdd: ['CAP_SETGID', 'CAP_SETUID'],
        SecurityOpt: ['no-new-privileges'],
        Memory: 2_147_483_648,
        MemorySwap: 2_147_483_648,
        PidsLimit: 1024,
        CpuPeriod: 100_000,
        CpuQuota: 200_000,
        Tmpfs: { '/tmp': 'rw,nosuid,nodev,mode=1777,size=536870912' },
      });
      if (runtime === 'runc') {
        // Docker's default seccomp profile stays on (gVisor filters the system calls itself).
        expect((await sandbox.exec(execRequest(['grep', '^Seccomp:', '/proc/self/status'], {}, WAIT_MS))).stdout.replace(/\t/g, ' ')).toBe('Seccomp: 2\n');
      }
    });

    it('gives back the capabilities a platform names, and nothing else', async () => {
      const sandbox = await start({ capAdd: ['NET_BIND_SERVICE'] });
      const result = await sandbox.exec(execRequest(['grep', '^CapBnd', '/proc/self/status'], {}, WAIT_MS));
      expect(result.stdout.replace(/\t/g, ' ')).toBe('CapBnd: 00000000000004c0\n');
    });

    it('with helperAsRoot false, runs the helpers as the agent and keeps no capability at all', async () => {
      const sandbox = await start({ helperAsRoot: false });
      const result = await tool(sandbox, 'shell', { command: 'grep ^CapBnd /proc/self/status; grep ^Uid /proc/$PPID/status' });
      expect(result.text.replace(/\t/g, ' ')).toBe('CapBnd: 0000000000000000\nUid: 1000 1000 1000 1000');
    });
  });

  describe("the helper out of the agent's reach (a command could forge its answers and read every folder's token)", () => {
    const REPOSITORIES = [
      { name: 'a', token: 'TOKEN-A' },
      { name: 'b', token: 'TOKEN-B' },
    ];
    /** What a process of the agent can do to the process `pid` (a helper), each attempt a line. */
    const probe = (pid: string): string =>
      [
        `cat /proc/${pid}/environ >/dev/null 2>&1 && echo 'environ: read' || echo 'environ: refused'`,
        `head -c 1 /proc/${pid}/mem >/dev/null 2>&1 && echo 'mem: read' || echo 'mem: refused'`,
        `ls /proc/${pid}/fd >/dev/null 2>&1 && echo 'fds: listed' || echo 'fds: refused'`,
        `(echo forged >> /proc/${pid}/fd/1) 2>/dev/null && echo 'stdout: written' || echo 'stdout: refused'`,
        `perl -e 'print syscall(101, 16, $ARGV[0], 0, 0) == 0 ? "ptrace: attached\\n" : "ptrace: refused\\n"' ${pid}`,
        `grep -l TOKEN-A /proc/[0-9]*/environ 2>/dev/null | wc -l | sed 's/^/processes holding the token of repos\\/a: /'`,
      ].join('\n');
    // gVisor shows a task's environment to the processes of its effective uid, the helper's included:
    // it holds no token there (they come in a file only root may read), only what every command of the
    // agent is given anyway.
    const environ = runtime === 'runsc' ? 'environ: read' : 'environ: refused';
    const REFUSED = `${environ}\nmem: refused\nfds: refused\nstdout: refused\nptrace: refused\nprocesses holding the token of repos/a: 0`;

    async function withRepositories(): Promise<DockerSandbox> {
      const sandbox = await start();
      expect((await sandbox.exec(execRequest(['mkdir', '-p', '/home/agent/repos/a', '/home/agent/repos/b'], {}, WAIT_MS))).exitCode).toBe(0);
      return sandbox;
    }

    it('a cold helper: its command, in repos/b, holds only its own token and reaches nothing of the helper', async () => {
      const sandbox = await withRepositories();
      const run = new CodeToolRun({ sandbox, warm: false, runId: 'r1', agentId: 'a1', repositories: REPOSITORIES });
      expect((await run.call({ tool: 'shell', args: { command: 'cd ~/repos/b' }, callId: 'c1', resultSeq: 1 })).ok).toBe(true);
      // The token is shown without its prefix: the pipeline masks a token it finds in a result.
      const result = await run.call({ tool: 'shell', args: { command: `id -u && echo "token of ${'$'}{GH_TOKEN%%-*}: ${'$'}{GH_TOKEN#TOKEN-}" && ${probe('$PPID').replace(/\n/g, '; ')}` }, callId: 'c2', resultSeq: 2 });
      expect(result.text).toBe(`1000\ntoken of TOKEN: B\n${REFUSED}`);
    });

    it('the warm stream: a background command cannot forge the next answer, nor reach the stream', async () => {
      const sandbox = await withRepositories();
      const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', repositories: REPOSITORIES });
      const forged = JSON.stringify({ call_id: 'c3', envelope: { ok: true, text: 'FORGED-ANSWER', meta: {} } });
      const findServe = "for p in /proc/[0-9]*; do { tr '\\0' ' ' < $p/cmdline; } 2>/dev/null | grep -qx -- 'node .*guilds-code --serve ' && echo ${p#/proc/}; done | head -n 1";
      // The forger and call c3 wait for each other (each for at most 30 s), so that the forged answer is
      // written while c3 is in flight.
      const awaitFile = (path: string): string => `for i in $(seq 300); do [ -e ${path} ] && break; sleep 0.1; done`;
      const forger = `serve=$(${findServe}); ${probe('$serve').replace(/\n/g, '; ')}; ${awaitFile('/tmp/c3-running')}; printf '%s\\n' '${forged}' > /proc/$serve/fd/1; touch /tmp/forged`;
      const started = await run.call({ tool: 'shell', args: { command: forger, background: true }, callId: 'c1', resultSeq: 1 });
      expect(started.ok).toBe(true);
      const next = await run.call({ tool: 'shell', args: { command: `touch /tmp/c3-running; ${awaitFile('/tmp/forged')}; echo genuine-answer; exit 3` }, callId: 'c3', resultSeq: 3 });
      expect(next.text).toBe('genuine-answer\nexit_code: 3');
      const log = await run.call({ tool: 'shell_status', args: { id: 'b1' }, callId: 'c4', resultSeq: 4 });
      expect(log.text.split('\n').slice(3, 9).join('\n')).toBe(REFUSED);
    });

    it("puts nothing of the platform's into the container's environment, whatever it is started with: the agent reads the first process's under gVisor", async () => {
      process.env.GUILDS_TEST_PLATFORM_SECRET = 'PLATFORM-SECRET';
      try {
        const sandbox = await start({
          network: 'none',
          memoryBytes: 1_073_741_824,
          pids: 512,
          cpus: 1,
          tmpBytes: 67_108_864,
          state: 'tmpfs',
          stateTmpfsBytes: 16_777_216,
          capAdd: ['NET_BIND_SERVICE'],
          noNewPrivileges: true,
          readOnlyRoot: true,
          labels: { 'io.guilds.code.test.platform': 'PLATFORM-LABEL' },
        });
        const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', repositories: [{ name: 'a', token: 'TOKEN-A' }], env: { AGENT_SECRET: 'AGENT-SECRET' } });
        expect((await run.call({ tool: 'shell', args: { command: 'echo warm' }, callId: 'c1', resultSeq: 1 })).text).toBe('warm');
        const inspect = await testEngine().call<{ Config: { Env: string[] } }>('GET', `/containers/${sandbox.containerId}/json`);
        const imageEnvironment = ['HOME=/home/agent', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'];
        expect([...inspect.Config.Env].sort()).toEqual(imageEnvironment);
        const hostname = `HOSTNAME=${sandbox.containerId.slice(0, 12)}`;
        expect(asRootInside(sandbox.containerId, "tr '\\0' '\\n' < /proc/1/environ | sort")).toBe(`${imageEnvironment[0]}\n${hostname}\n${imageEnvironment[1]}\n`);
        const agentReads = (await sandbox.exec(execRequest(['sh', '-c', "tr '\\0' '\\n' < /proc/1/environ 2>/dev/null | sort || echo refused"], {}, WAIT_MS))).stdout;
        expect(agentReads).toBe(runtime === 'runsc' ? `${imageEnvironment[0]}\n${hostname}\n${imageEnvironment[1]}\n` : '');
      } finally {
        delete process.env.GUILDS_TEST_PLATFORM_SECRET;
      }
    });

    it("sets no bound given as 'unlimited'", async () => {
      const sandbox = await start({ memoryBytes: 'unlimited', cpus: 'unlimited', pids: 'unlimited', tmpBytes: 'unlimited', state: 'tmpfs', stateTmpfsBytes: 'unlimited' });
      const inspect = await testEngine().call<{ HostConfig: Record<string, unknown> }>('GET', `/containers/${sandbox.containerId}/json`);
      expect(inspect.HostConfig).toMatchObject({
        Memory: 0,
        MemorySwap: 0,
        CpuQuota: 0,
        Tmpfs: { '/tmp': 'rw,nosuid,nodev,mode=1777', '/run/guilds': 'rw,nosuid,nodev,mode=1777' },
      });
      expect(inspect.HostConfig.PidsLimit ?? 0).toBe(0);
    });

    it("quotes the Engine's own refusal of a bound, leaving nothing behind", async () => {
      await expect(start({ memoryBytes: 1_000_000 })).rejects.toThrow(
        new Error("the Docker Engine refused the sandbox's container: Minimum memory limit allowed is 6MB"),
      );
    });
  });

  describe('exec', () => {
    it('gives the command its environment as its own, never in argv, and the two streams apart', async () => {
      const sandbox = await start();
      const script = "console.log(process.argv.slice(1).join(' ') + '|' + process.env.SECRET); console.error('to stderr'); process.exit(4)";
      const result = await sandbox.exec(execRequest(['node', '-e', script, 'arg'], { SECRET: 'token-123' }, WAIT_MS));
      expect(result).toEqual({ stdout: 'arg|token-123\n', stderr: 'to stderr\n', exitCode: 4, timedOut: false });
      const inspect = await testEngine().call<{ ExecIDs: string[] | null }>('GET', `/containers/${sandbox.containerId}/json`);
      expect(JSON.stringify(inspect)).not.toContain('token-123');
    });

    it('keeps large interleaved output of both streams whole', async () => {
      const sandbox = await start();
      const result = await sandbox.exec(execRequest(['sh', '-c', 'seq 1 20000; seq 1 5000 >&2'], {}, WAIT_MS));
      expect(result.stdout.split('\n').length).toBe(20001);
      expect(result.stderr.endsWith('4999\n5000\n')).toBe(true);
    });

    it('stops a command at its timeout, leaving none of its group running', async () => {
      const sandbox = await start();
      const result = await sandbox.exec(execRequest(['sh', '-c', 'sleep 301 & sleep 302'], {}, 500));
      expect(result).toEqual({ stdout: '', stderr: '', exitCode: null, timedOut: true });
      const left = await sandbox.exec(execRequest(['sh', '-c', 'cat /proc/[0-9]*/cmdline | tr "\\0" " "'], {}, WAIT_MS));
      expect(left.stdout).not.toContain('sleep 30');
    });

    it('asks the command alone to stop when the call is aborted, and it still answers', async () => {
      const sandbox = await start();
      const abort = new AbortController();
      const running = sandbox.exec(execRequest(['bash', '-c', 'trap "echo stopping; exit 0" TERM; echo started; sleep 60 & wait'], {}, WAIT_MS, abort.signal));
      await untilRunning(sandbox, 'sleep 60');
      abort.abort();
      expect(await running).toEqual({ stdout: 'started\nstopping\n', stderr: '', exitCode: 0, timedOut: false });
    });
  });

  describe('code_task', () => {
    it('runs the command harness in the repository and answers its diffstat and final message', async () => {
      const sandbox = await start();
      await sandbox.writeFile('/home/agent/scripted-harness.mjs', readFileSync(join(FIXTURES, 'harness', 'scripted-harness.mjs')));
      const init = 'mkdir -p repos/app && cd repos/app && git init --quiet -b main && echo one > a.txt && git add a.txt && git -c user.name=t -c user.email=t@example.com commit --quiet -m first && echo ready';
      expect((await sandbox.exec(execRequest(['sh', '-c', init], {}, WAIT_MS))).stdout).toBe('ready\n');
      const run = new CodeToolRun({
        sandbox,
        runId: 'r1',
        agentId: 'a1',
        repositories: [{ name: 'app' }],
        env: { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: 'node /home/agent/scripted-harness.mjs' },
      });
      const result = await run.call({ tool: 'code_task', args: { brief: 'edit a.txt two\nfinal Added a line to a.txt.' }, callId: 'c1', resultSeq: 1 });
      expect(result.ok, result.text).toBe(true);
      expect(result.text).toContain(' a.txt | 1 +');
      expect(result.text).toContain('Added a line to a.txt.');
      const file = await sandbox.exec(execRequest(['cat', '/home/agent/repos/app/a.txt'], {}, WAIT_MS));
      expect(file.stdout).toBe('one\ntwo\n');
    });
  });

  describe('writeFile', () => {
    /** What the agent can do to the request folder and a request file in it, each attempt a line. */
    const AGENT_ATTEMPTS = [
      `cat /run/guilds/requests/r1-c1.json >/dev/null 2>&1 && echo 'read: done' || echo 'read: refused'`,
      `ln -s /home/agent/victim /run/guilds/requests/r1-c2.json 2>/dev/null && echo 'plant a link: done' || echo 'plant a link: refused'`,
      `mv -T /run/guilds/requests /run/guilds/requests.real 2>/dev/null && echo 'swap the folder: done' || echo 'swap the folder: refused'`,
      `rm -rf /run/guilds/requests 2>/dev/null; [ -d /run/guilds/requests ] && echo 'remove the folder: refused' || echo 'remove the folder: done'`,
    ].join('; ');

    it("writes a request file as root into root's own folder, which the agent can neither read, write in, swap nor remove (it was the agent's)", async () => {
      const sandbox = await start();
      await sandbox.writeFile('/run/guilds/requests/r1-c1.json', new TextEncoder().encode('{"a":1}'));
      expect(asRootInside(sandbox.containerId, `cat /run/guilds/requests/r1-c1.json; echo; ${STAT} /run/guilds /run/guilds/requests /run/guilds/requests/r1-c1.json`)).toBe(
        '{"a":1}\n0 1777 /run/guilds\n0 700 /run/guilds/requests\n0 600 /run/guilds/requests/r1-c1.json\n',
      );
      expect((await sandbox.exec(execRequest(['sh', '-c', AGENT_ATTEMPTS], {}, WAIT_MS))).stdout).toBe(
        'read: refused\nplant a link: refused\nswap the folder: refused\nremove the folder: refused\n',
      );
    });

    it('with helperAsRoot false, writes it as the agent into the folder the agent owns, replacing a link it planted at the name', async () => {
      const sandbox = await start({ helperAsRoot: false });
      await sandbox.exec(execRequest(['sh', '-c', 'echo untouched > /home/agent/victim; ln -s /home/agent/victim /run/guilds/requests/r1-c1.json'], {}, WAIT_MS));
      await sandbox.writeFile('/run/guilds/requests/r1-c1.json', new TextEncoder().encode('{"a":1}'));
      const result = await sandbox.exec(execRequest(['sh', '-c', `cat /home/agent/victim; cat /run/guilds/requests/r1-c1.json; echo; ${STAT} /run/guilds/requests /run/guilds/requests/r1-c1.json`], {}, WAIT_MS));
      expect(result.stdout).toBe('untouched\n{"a":1}\n1000 700 /run/guilds/requests\n1000 600 /run/guilds/requests/r1-c1.json\n');
    });

    it('with helperAsRoot false, refuses a folder the agent replaced by a link, writing nothing where it points', async () => {
      const sandbox = await start({ helperAsRoot: false });
      await sandbox.exec(execRequest(['sh', '-c', 'mkdir /home/agent/elsewhere && rmdir /run/guilds/requests && ln -s /home/agent/elsewhere /run/guilds/requests'], {}, WAIT_MS));
      await expect(sandbox.writeFile('/run/guilds/requests/r1-c1.json', new Uint8Array([1]))).rejects.toThrow(
        'cannot write /run/guilds/requests/r1-c1.json in the sandbox: /run/guilds/requests passes through a link',
      );
      expect((await sandbox.exec(execRequest(['node', '-e', 'console.log(require("fs").readdirSync("/home/agent/elsewhere").length)'], {}, WAIT_MS))).stdout).toBe('0\n');
    });

    it('writes any other file as the agent, replacing a link it planted at the name', async () => {
      const sandbox = await start();
      await sandbox.exec(execRequest(['sh', '-c', 'echo untouched > /home/agent/victim; ln -s /home/agent/victim /home/agent/note.txt'], {}, WAIT_MS));
      await sandbox.writeFile('/home/agent/note.txt', new TextEncoder().encode('written'));
      const result = await sandbox.exec(execRequest(['sh', '-c', `cat /home/agent/victim; cat /home/agent/note.txt; echo; ${STAT} /home/agent/note.txt`], {}, WAIT_MS));
      expect(result.stdout).toBe('untouched\nwritten\n1000 600 /home/agent/note.txt\n');
    });

    it('refuses a path outside the home and the run folder', async () => {
      const sandbox = await start();
      await expect(sandbox.writeFile('/etc/passwd', new Uint8Array([1]))).rejects.toThrow("/etc/passwd is not in the sandbox's home or /run/guilds");
    });
  });

  describe("a request file out of the agent's reach from its write to its read and delete (the helper, started as root, opened root's file through a folder the agent swapped: 4 of 4 tries)", () => {
    /** A call whose base64 request passes 64 KiB, so that it travels in a request file. */
    const LONG_COMMAND = `echo genuine-answer # ${'x'.repeat(60_000)}`;

    /** Root's own file where the attack points the request folder: what the helper must never open. */
    function rootsTarget(sandbox: DockerSandbox): void {
      asRootInside(sandbox.containerId, 'mkdir -p -m 700 /tmp/rootdir && for n in 1 2 3 4 5 6; do echo "{}" > /tmp/rootdir/r1-c$n.json; done');
    }

    it('the swap in the window between the write and the helper is refused, and the helper answers the request it was sent', async () => {
      const sandbox = await start();
      rootsTarget(sandbox);
      const request = { op: 'shell', args: { command: LONG_COMMAND }, run_id: 'r1', agent_id: 'a1', call_id: 'c1', default_cwd: '' };
      await sandbox.writeFile('/run/guilds/requests/r1-c1.json', new TextEncoder().encode(JSON.stringify(request)));
      const swap = 'mv -T /run/guilds/requests /run/guilds/requests.real 2>/dev/null && ln -s /tmp/rootdir /run/guilds/requests && echo swapped || echo refused';
      expect((await sandbox.exec(execRequest(['sh', '-c', swap], {}, WAIT_MS))).stdout).toBe('refused\n');
      const answered = await sandbox.exec(execRequest([...sandbox.helperCommand, '/run/guilds/requests/r1-c1.json'], {}, WAIT_MS));
      expect(JSON.parse(Buffer.from(answered.stdout.trim(), 'base64').toString('utf8'))).toMatchObject({ ok: true, text: 'genuine-answer' });
      expect(asRootInside(sandbox.containerId, `${COUNT} /run/guilds/requests /tmp/rootdir`)).toBe('0\n6\n');
    });

    it('an agent swapping the folder again and again while long calls run: every call answers its own output, every swap refused', async () => {
      const sandbox = await start();
      rootsTarget(sandbox);
      const attack =
        'while [ ! -e /tmp/stop-attack ]; do ' +
        'if mv -T /run/guilds/requests /run/guilds/requests.real 2>/dev/null; then ln -s /tmp/rootdir /run/guilds/requests; echo swapped; else echo refused; fi; ' +
        'sleep 0.01; done > /tmp/attack.log';
      const attacker = sandbox.exec(execRequest(['sh', '-c', attack], {}, 120_000));
      await pollUntil(async () => (await sandbox.exec(execRequest(['sh', '-c', 'wc -l < /tmp/attack.log'], {}, WAIT_MS))).stdout.trim(), (lines) => Number(lines) > 0);
      const run = new CodeToolRun({ sandbox, warm: false, runId: 'r1', agentId: 'a1' });
      for (let call = 2; call <= 6; call++) {
        const result = await run.call({ tool: 'shell', args: { command: LONG_COMMAND }, callId: `c${call}`, resultSeq: call });
        expect(result.text).toBe('genuine-answer');
      }
      await sandbox.exec(execRequest(['touch', '/tmp/stop-attack'], {}, WAIT_MS));
      await attacker;
      expect((await sandbox.exec(execRequest(['sh', '-c', 'sort -u /tmp/attack.log'], {}, WAIT_MS))).stdout).toBe('refused\n');
    });
  });

  describe('faults', () => {
    it('answers a clear failure when the container is killed mid-call', async () => {
      const sandbox = await start();
      const running = tool(sandbox, 'shell', { command: 'sleep 120' });
      await untilRunning(sandbox, 'sleep 120');
      await testEngine().call('POST', `/containers/${sandbox.containerId}/kill`);
      const result = await running;
      expect(result.ok).toBe(false);
      expect(result.text).toMatch(/^code helper failed: no envelope \(it was stopped by a signal\)|^code helper failed: no envelope \(exit status \d+\)\nthe sandbox's container/);
      // The next call starts the container again.
      expect((await tool(sandbox, 'shell', { command: 'echo back' })).text).toBe('back');
    });

    it('keeps the home, its working directory and its logs across a restart; background commands read ended, their ids not handed out again', async () => {
      const sandbox = await start();
      await tool(sandbox, 'shell', { command: 'mkdir -p work && cd work && echo kept > file.txt' });
      const started = await tool(sandbox, 'shell', { command: 'sleep 300', background: true });
      expect(started.text.split('\n')[0]).toMatch(/^started b1 in the background \(pid \d+\)$/);
      await testEngine().call('POST', `/containers/${sandbox.containerId}/restart?t=1`);
      expect((await tool(sandbox, 'shell', { command: 'cat file.txt' })).text).toBe('kept');
      const status = await tool(sandbox, 'shell_status', { id: 'b1' });
      expect(status.text.split('\n')[0]).toBe('state: ended');
      expect(status.meta).toMatchObject({ background_id: 'b1', state: 'ended', exit_code: null });
      const next = await tool(sandbox, 'shell', { command: 'sleep 300', background: true });
      expect(next.text.split('\n')[0]).toMatch(/^started b2 in the background \(pid \d+\)$/);
    });

    it("forgets background commands at a restart when its state folder is a tmpfs (state: 'tmpfs')", async () => {
      const sandbox = await start({ state: 'tmpfs' });
      await tool(sandbox, 'shell', { command: 'sleep 300', background: true });
      await testEngine().call('POST', `/containers/${sandbox.containerId}/restart?t=1`);
      expect((await tool(sandbox, 'shell_status', {})).text).toBe('no background commands');
    });

    it('says a command was killed when it passes the default memory limit (exit 137), and the next call works', async () => {
      const sandbox = await start();
      const result = await tool(sandbox, 'shell', { command: 'node -e "const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))"' });
      if (runtime === 'runsc') {
        // gVisor's limit is on the whole sandbox: the kernel's OOM killer ends the container, and the call says so.
        expect(result.ok).toBe(false);
        expect(result.text).toMatch(/^code helper failed: no envelope/);
      } else {
        expect(result.text).toMatch(/Killed/);
        expect(result.text).toMatch(/exit_code: 137/);
      }
      expect((await tool(sandbox, 'shell', { command: 'echo fine' })).text).toBe('fine');
    });

    it('ends a fork bomb at the default pids limit, and the next call works (the bomb was refused as an unknown argument and never ran)', async () => {
      const sandbox = await start();
      // In the foreground, so that the call's timeout stops its group; one left in the background
      // stays (as anything a finished command leaves running does), holding the container at its limit.
      const result = await tool(sandbox, 'shell', { command: 'bomb() { bomb | bomb; }; bomb', timeout_seconds: 5 });
      if (runtime === 'runsc') {
        // gVisor's limit is on the sandbox's own host threads: the bomb starves them, the sandbox
        // ends, and the call says so. The Engine may take a call more to see the container stopped.
        expect(result.ok).toBe(false);
        expect(result.text).toMatch(/^code helper failed: no envelope/);
        const next = await tool(sandbox, 'shell', { command: 'echo fine' });
        if (next.text !== 'fine') expect(next.text).toMatch(/^code helper failed: /);
      } else {
        expect(result.text).toContain('fork: retry: Resource temporarily unavailable\n');
        // The stop is SIGTERM at 5 s, SIGKILL 2 s later, then the group reaped while it still forks:
        // with both cores busy that passed 10 s (10.2 s), and the exit line then says how long.
        expect(result.text).toMatch(/\n\[timed out after 5s; the command was stopped\]\nexit_code: 124( · [0-9]+s)?$/);
      }
      expect((await tool(sandbox, 'shell', { command: 'echo fine' })).text).toBe('fine');
    });

    it('ends a command that fills /tmp with ENOSPC at its default size, and the next call works', async () => {
      const sandbox = await start();
      const result = await tool(sandbox, 'shell', { command: 'head -c 600000000 /dev/zero > /tmp/big' });
      // Under load the 512 MB can take over 10 s to write, and the exit line then says how long.
      expect(result.text).toMatch(/^head: error writing 'standard output': No space left on device\nexit_code: 1( · [0-9]+s)?$/);
      expect((await tool(sandbox, 'shell', { command: `node -p "require('fs').statSync('/tmp/big').size"; rm /tmp/big; echo fine` })).text).toBe('536870912\nfine');
    });

    it('ends a call that fills the home volume, and works again once room is made', async () => {
      const volume = `guilds-code-test-full-${runtime}-${process.pid}`;
      await testEngine().call('POST', '/volumes/create', {
        Name: volume,
        Labels: FILE_LABEL,
        Driver: 'local',
        DriverOpts: { type: 'tmpfs', device: 'tmpfs', o: 'size=4m,uid=1000,gid=1000' },
      });
      volumes.push(volume);
      const sandbox = await start({ home: { volume } });
      const result = await tool(sandbox, 'shell', { command: 'head -c 8000000 /dev/zero > big' });
      // The command's output goes to its log in the same full home ($HOME/.runs/): what it said is lost
      // with it, and the call reads as a failure with no output.
      expect(result.text).toBe('(no output)\nexit_code: 1');
      await tool(sandbox, 'shell', { command: 'rm -f big; echo hi > small.txt' });
      expect((await tool(sandbox, 'file_read', { path: 'small.txt' })).text).toBe('small.txt · lines 1–1 of 1\n1\thi');
    });
  });

  it('removes its container and the volumes it made (the home, the state folder) at cleanup', async () => {
    const sandbox = await startDocker({ runtime, labels: FILE_LABEL });
    const inspect = await testEngine().call<{ Mounts: { Name?: string; Destination: string }[]; Config: { Labels: Record<string, string> } }>(
      'GET',
      `/containers/${sandbox.containerId}/json`,
    );
    expect(inspect.Config.Labels[DOCKER_SANDBOX_LABEL]).toBe('1');
    const volumes = inspect.Mounts.map((mount) => [mount.Destination, mount.Name!] as const).sort();
    expect(volumes.map(([destination, name]) => `${destination} ${name.replace(/[0-9a-f]{12}$/, 'X')}`)).toEqual([
      '/home/agent guilds-code-home-X',
      '/run/guilds guilds-code-run-X',
    ]);
    await sandbox.cleanup();
    await expect(testEngine().call('GET', `/containers/${sandbox.containerId}/json`)).rejects.toThrow(/No such container/);
    for (const [, name] of volumes) await expect(testEngine().call('GET', `/volumes/${name}`)).rejects.toThrow(/no such volume/);
  });
}
