// What the bubblewrap sandbox shows and hides, stops and refuses, proved against the host: a link in
// the home resolves inside the container, host files and processes stay out of sight, the network
// is loopback only, a timeout and a cleanup leave no process behind, and writeFile never follows a
// link the agent planted.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BwrapSandbox } from '../../src/orchestrator/sandboxes/bwrap/sandbox.js';
import { chooseSandbox } from '../../src/orchestrator/sandboxes/choose.js';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { processRuns } from '../helpers/processes.js';
import { BUBBLEWRAP, processesInNamespaceOf, titleFor } from '../helpers/sandboxes.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

const KEEPER = '/bin/sh -c echo ready; read -r _; kill -KILL -1';
let sandbox: BwrapSandbox;
let seq = 0;

async function shell(command: string, on: BwrapSandbox | LocalSandbox = sandbox) {
  seq++;
  const run = new CodeToolRun({ sandbox: on, runId: 'r1', agentId: 'a1' });
  return run.call({ tool: 'shell', args: { command }, callId: `c${seq}`, resultSeq: seq });
}

/** The host's view of the container: the command lines of its live processes but its first (bwrap's). */
function containerCommands(): string[] {
  return processesInNamespaceOf(sandbox.pid)
    .filter((process) => process.pid !== sandbox.pid && processRuns(process.pid))
    .map((process) => process.command)
    .sort();
}

describe.skipIf(BUBBLEWRAP.unavailable !== undefined)(titleFor(BUBBLEWRAP, 'the bubblewrap sandbox'), () => {
  beforeEach(async () => {
    sandbox = await BwrapSandbox.start();
    seq = 0;
  });
  afterEach(() => sandbox.cleanup());

  describe('a link in the home resolves inside the container', () => {
    it("a link to /etc/passwd reads the container's own file with shell, and file_read refuses it", async () => {
      symlinkSync('/etc/passwd', join(sandbox.home, 'passwd'));
      const read = await shell('cat passwd');
      expect(read.text).toBe(
        'root:x:0:0:root:/root:/bin/bash\n' +
          `agent:x:1000:1000:agent:${sandbox.home}:/bin/bash\n` +
          'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
      );
      expect(readFileSync('/etc/passwd', 'utf8')).not.toContain(`agent:x:1000:1000:agent:${sandbox.home}`);

      const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
      const refused = await run.call({ tool: 'file_read', args: { path: 'passwd' }, callId: 'c9', resultSeq: 9 });
      expect(refused.ok).toBe(false);
      expect(refused.kind).toBe('outside_home');
    });

    it('a link to a host file the container does not mount is not found inside, where the local sandbox reads it', async () => {
      const hostOnly = join(sandbox.scratch, 'host-only');
      mkdirSync(hostOnly);
      writeFileSync(join(hostOnly, 'secret.txt'), 'host secret\n');
      symlinkSync(join(hostOnly, 'secret.txt'), join(sandbox.home, 'peek'));
      const inside = await shell('cat peek');
      expect(inside.text).toBe(`cat: peek: No such file or directory\nexit_code: 1`);

      const local = await LocalSandbox.start();
      try {
        symlinkSync(join(hostOnly, 'secret.txt'), join(local.home, 'peek'));
        expect((await shell('cat peek', local)).text).toBe('host secret');
      } finally {
        await local.cleanup();
      }
    });

    it("shows none of the host's /etc secrets, /root, /home, /work or the rest of /tmp", async () => {
      const result = await shell('wc -c < /etc/shadow; ls / /tmp; ls -d /root /home /work /var /opt 2>&1 | wc -l');
      expect(result.text).toBe(
        ['0', '/:', 'bin', 'dev', 'etc', 'lib', 'lib64', 'proc', 'run', 'sbin', 'tmp', 'usr', '', '/tmp:', sandbox.scratch.split('/')[2], '5']
          .join('\n'),
      );
    });
  });

  describe('isolation', () => {
    it("sees the container's processes only, never the host's", async () => {
      const result = await shell("ps -e -o comm= > /tmp/ps.txt; sort -u /tmp/ps.txt | paste -sd ' '");
      expect(result.text).toBe('bash bwrap node ps sh');
      expect((await shell(`cat /proc/${process.pid}/cmdline`)).text).toBe(
        `cat: /proc/${process.pid}/cmdline: No such file or directory\nexit_code: 1`,
      );
    });

    it('runs without capabilities, and cannot make the system writable', async () => {
      const result = await shell('grep CapEff /proc/self/status; touch /usr/x; mount -o remount,rw /usr 2>/dev/null || echo refused');
      expect(result.text).toBe(
        "CapEff:\t0000000000000000\ntouch: cannot touch '/usr/x': Read-only file system\nrefused",
      );
    });

    it('reaches no host port by default, and the host network when asked', async () => {
      const server: Server = createServer((socket) => socket.end('hello from the host\n'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      const connect = `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3`;
      try {
        const closed = await shell(connect);
        expect(closed.text).toContain('Connection refused');
        const networked = await BwrapSandbox.start({ network: true });
        try {
          expect((await shell(connect, networked)).text).toBe('hello from the host');
        } finally {
          await networked.cleanup();
        }
      } finally {
        server.close();
      }
    });

    it('hands a command only the environment the orchestrator gives, never through argv', async () => {
      const result = await sandbox.exec(execRequest(['node', '-e', 'console.log(JSON.stringify(process.env))'], { SECRET: 'sk-123' }, 20_000));
      expect(JSON.parse(result.stdout)).toEqual({ PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', SECRET: 'sk-123', HOME: sandbox.home, GUILDS_RUN_DIR: '/run/guilds' });
    });
  });

  describe('processes', () => {
    it('a timeout stops the command and what it started, by pid; the container stays for the next call', async () => {
      const pending = sandbox.exec(execRequest(['sh', '-c', 'sleep 301 & sleep 302'], {}, 5_000));
      // Until both sleeps have exec'd: a forked child shows its parent's command line before.
      await pollUntil(containerCommands, (commands) => commands.includes('sleep 301') && commands.includes('sleep 302'));
      expect(containerCommands()).toEqual([KEEPER, 'sh -c sleep 301 & sleep 302', 'sleep 301', 'sleep 302']);
      const result = await pending;
      expect(result).toMatchObject({ timedOut: true, exitCode: null });
      await pollUntil(containerCommands, (commands) => commands.length === 1);
      expect(containerCommands()).toEqual([KEEPER]);
      expect((await sandbox.exec(execRequest(['echo', 'still here'], {}, 20_000))).stdout).toBe('still here\n');
    });

    it("a caller's stop reaches the process inside as SIGTERM (nsenter does not pass it on), which still answers", async () => {
      const controller = new AbortController();
      const pending = sandbox.exec(execRequest(['sh', '-c', 'trap "echo stopped; exit 3" TERM; echo started; sleep 300 & wait'], {}, 20_000, controller.signal));
      await pollUntil(containerCommands, (commands) => commands.includes('sleep 300'));
      controller.abort();
      expect(await pending).toEqual({ stdout: 'started\nstopped\n', stderr: '', exitCode: 3, timedOut: false });
    });

    it('a background command lives on between calls, and cleanup stops it with the whole container', async () => {
      const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
      await run.call({ tool: 'shell', args: { command: 'sleep 303', background: true }, callId: 'c1', resultSeq: 1 });
      // The call answers once the job's supervisor runs; the command it starts follows a moment later.
      await pollUntil(() => processesInNamespaceOf(sandbox.pid), (processes) => processes.some((process) => process.command === 'sleep 303'));
      const before = processesInNamespaceOf(sandbox.pid);
      const background = before.find((process) => process.command === 'sleep 303');
      expect(background).toBeDefined();
      const checked = await run.call({ tool: 'shell_status', args: { id: 'b1' }, callId: 'c2', resultSeq: 2 });
      expect(checked.meta).toMatchObject({ state: 'running' });

      await sandbox.cleanup();
      await pollUntil(() => before.filter((process) => processRuns(process.pid)), (running) => running.length === 0);
      expect(before.filter((process) => processRuns(process.pid))).toEqual([]);
    });
  });

  it('a command that kills every process ends the container; the next call starts it again, the home kept', async () => {
    writeFileSync(join(sandbox.home, 'kept.txt'), 'kept\n');
    const before = sandbox.pid;
    await sandbox.exec(execRequest(['sh', '-c', 'kill -KILL -1'], {}, 20_000));
    expect((await shell('cat kept.txt')).text).toBe('kept');
    expect(sandbox.pid).not.toBe(before);
  });

  it('the container dies with the process that made it, however that ends', async () => {
    // node itself with tsx's loader: the tsx command would run the script in a child of its own.
    const orchestrator = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/bwrap-orphan.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let scratch: string | undefined;
    try {
      const [pid, folder] = await new Promise<string[]>((resolve) => orchestrator.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split(' '))));
      const containerPid = Number(pid);
      scratch = folder;
      // setsid may not have become sleep yet.
      await pollUntil(() => processesInNamespaceOf(containerPid), (processes) => processes.some((process) => process.command === 'sleep 304'));
      const inside = processesInNamespaceOf(containerPid);
      expect(inside.map((process) => process.command)).toContain('sleep 304');
      orchestrator.kill('SIGKILL');
      await pollUntil(() => inside.filter((process) => processRuns(process.pid)), (running) => running.length === 0);
      expect(inside.filter((process) => processRuns(process.pid))).toEqual([]);
    } finally {
      // A failed expectation must not leave the orchestrator, and its container, running.
      orchestrator.kill('SIGKILL');
      if (scratch?.includes('guilds-code-bwrap-')) rmSync(scratch, { recursive: true, force: true });
    }
  });

  describe('writeFile', () => {
    it('writes the request file where the helper reads it, through a temporary name', async () => {
      await sandbox.writeFile('/run/guilds/requests/r1-c1.json', new TextEncoder().encode('{}'));
      expect(readdirSync(join(sandbox.hostRunDir, 'requests'))).toEqual(['r1-c1.json']);
      expect((await sandbox.exec(execRequest(['cat', '/run/guilds/requests/r1-c1.json'], {}, 20_000))).stdout).toBe('{}');
    });

    it('refuses a folder the agent replaced by a link, writing nothing where it points', async () => {
      const target = join(sandbox.scratch, 'elsewhere');
      mkdirSync(target);
      rmSync(join(sandbox.hostRunDir, 'requests'), { recursive: true });
      symlinkSync(target, join(sandbox.hostRunDir, 'requests'));
      await expect(sandbox.writeFile('/run/guilds/requests/r1-c1.json', new Uint8Array([1]))).rejects.toThrow(/ELOOP|ENOTDIR/);
      expect(readdirSync(target)).toEqual([]);
    });

    it('replaces a link planted at the name, leaving the file it points to as it was', async () => {
      const target = join(sandbox.scratch, 'victim.txt');
      writeFileSync(target, 'untouched');
      symlinkSync(target, join(sandbox.hostRunDir, 'requests', 'r1-c1.json'));
      await sandbox.writeFile('/run/guilds/requests/r1-c1.json', new TextEncoder().encode('{}'));
      expect(readFileSync(target, 'utf8')).toBe('untouched');
      expect(readFileSync(join(sandbox.hostRunDir, 'requests', 'r1-c1.json'), 'utf8')).toBe('{}');
    });

    it('refuses a path outside the home and the run folder', async () => {
      await expect(sandbox.writeFile('/etc/passwd', new Uint8Array([1]))).rejects.toThrow(
        "/etc/passwd is not in the sandbox's home or /run/guilds",
      );
    });
  });

  describe.skipIf(process.getuid?.() !== 0 || !existsSync('/usr/bin/setpriv'))('as an unprivileged user', () => {
    it('runs a call as that user, without capabilities, where user namespaces allow', (context) => {
      const run = spawnSync(
        '/usr/bin/setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', join(REPO_ROOT, 'node_modules/.bin/tsx'), 'test/helpers/bwrap-unprivileged.ts'],
        { cwd: REPO_ROOT, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: '/tmp', TMPDIR: '/tmp' }, timeout: 60_000 },
      );
      expect(run.stderr).toBe('');
      const answer = JSON.parse(run.stdout) as { unavailable?: string };
      if (answer.unavailable !== undefined) context.skip(`this machine gives no user namespace to an unprivileged user: ${answer.unavailable}`);
      expect(answer).toEqual({
        uid: 65534,
        text: '65534\nCapEff:\t0000000000000000\nbash bwrap node ps sh',
      });
    });
  });

  describe('chooseSandbox', () => {
    it('takes bubblewrap where it works', async () => {
      const chosen = await chooseSandbox();
      await chosen.sandbox.cleanup();
      expect([chosen.name, chosen.why]).toEqual(['bubblewrap', undefined]);
    });

    it('falls back to the local sandbox, saying why', async () => {
      const chosen = await chooseSandbox({ bwrap: join(sandbox.scratch, 'no-bwrap') });
      await chosen.sandbox.cleanup();
      expect(chosen.name).toBe('local');
      expect(chosen.why).toBe(`bubblewrap cannot run here: spawn ${join(sandbox.scratch, 'no-bwrap')} ENOENT`);
    });
  });
});

