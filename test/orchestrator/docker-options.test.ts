// DockerSandbox's bounds and privileges as pure functions: the defaults, the HostConfig they make,
// 'unlimited', the one-line refusal of each bad option, and the line a failed start says. A bad
// option is refused before the Engine is asked anything: a socket that counts its connections sees none.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/orchestrator/sandboxes/docker/engine.js';
import {
  DOCKER_DEFAULT_CPUS,
  DOCKER_DEFAULT_MEMORY_BYTES,
  DOCKER_DEFAULT_PIDS,
  DOCKER_DEFAULT_STATE_TMPFS_BYTES,
  DOCKER_DEFAULT_TMP_BYTES,
  dockerBounds,
  dockerHostConfig,
  LINUX_CAPABILITIES,
  startFailure,
  type DockerBoundOptions,
} from '../../src/orchestrator/sandboxes/docker/options.js';
import { DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';

const PLACEMENT = { runtime: 'runc', network: 'none', mounts: [{ Type: 'volume', Source: 'home', Target: '/home/agent' }], readOnlyRoot: true, stateTmpfs: true, stateDir: '/run/guilds' };

describe('the docker sandbox by default', () => {
  it('is bounded: 2 GiB of memory and no swap, 2 CPUs, 1024 processes, 512 MiB of /tmp, 64 MiB of a /run/guilds tmpfs', () => {
    expect([DOCKER_DEFAULT_MEMORY_BYTES, DOCKER_DEFAULT_CPUS, DOCKER_DEFAULT_PIDS, DOCKER_DEFAULT_TMP_BYTES, DOCKER_DEFAULT_STATE_TMPFS_BYTES]).toEqual([
      2_147_483_648, 2, 1024, 536_870_912, 67_108_864,
    ]);
    expect(dockerBounds({ image: 'sandbox' })).toEqual({
      memoryBytes: 2_147_483_648,
      cpus: 2,
      pids: 1024,
      tmpBytes: 536_870_912,
      stateTmpfsBytes: 67_108_864,
      capAdd: [],
      noNewPrivileges: true,
      helperAsRoot: true,
    });
  });

  it('drops every capability but the helpers’ SETGID and SETUID, and forbids new privileges (a container had Docker’s default capabilities, no bound and NoNewPrivs 0)', () => {
    expect(dockerHostConfig(dockerBounds({ image: 'sandbox' }), PLACEMENT)).toEqual({
      Runtime: 'runc',
      NetworkMode: 'none',
      Mounts: [{ Type: 'volume', Source: 'home', Target: '/home/agent' }],
      ReadonlyRootfs: true,
      Tmpfs: {
        '/tmp': 'rw,nosuid,nodev,mode=1777,size=536870912',
        '/run/guilds': 'rw,nosuid,nodev,mode=1777,size=67108864',
      },
      CapDrop: ['ALL'],
      CapAdd: ['CAP_SETGID', 'CAP_SETUID'],
      SecurityOpt: ['no-new-privileges'],
      Memory: 2_147_483_648,
      MemorySwap: 2_147_483_648,
      PidsLimit: 1024,
      CpuPeriod: 100_000,
      CpuQuota: 200_000,
    });
  });

  it("leaves out a bound given as 'unlimited', and gives back the capabilities named", () => {
    const bounds = dockerBounds({
      image: 'sandbox',
      memoryBytes: 'unlimited',
      cpus: 'unlimited',
      pids: 'unlimited',
      tmpBytes: 'unlimited',
      stateTmpfsBytes: 'unlimited',
      capAdd: ['net_bind_service', 'CAP_SYS_PTRACE', 'NET_BIND_SERVICE'],
      noNewPrivileges: false,
    });
    expect(dockerHostConfig(bounds, { ...PLACEMENT, mounts: [] })).toEqual({
      Runtime: 'runc',
      NetworkMode: 'none',
      Mounts: [],
      ReadonlyRootfs: true,
      Tmpfs: { '/tmp': 'rw,nosuid,nodev,mode=1777', '/run/guilds': 'rw,nosuid,nodev,mode=1777' },
      CapDrop: ['ALL'],
      CapAdd: ['CAP_SETGID', 'CAP_SETUID', 'CAP_NET_BIND_SERVICE', 'CAP_SYS_PTRACE'],
    });
  });

  it('with helperAsRoot false, keeps no capability but those named (the helpers run as the agent)', () => {
    expect(dockerHostConfig(dockerBounds({ image: 'x', helperAsRoot: false }), PLACEMENT).CapAdd).toBeUndefined();
    expect(dockerHostConfig(dockerBounds({ image: 'x', helperAsRoot: false, capAdd: ['SETUID'] }), PLACEMENT).CapAdd).toEqual(['CAP_SETUID']);
    expect(dockerHostConfig(dockerBounds({ image: 'x', capAdd: ['SETUID'] }), PLACEMENT).CapAdd).toEqual(['CAP_SETGID', 'CAP_SETUID']);
  });

  it('takes each bound as given: a fraction of a CPU, memory and sizes in bytes', () => {
    const config = dockerHostConfig(dockerBounds({ image: 'x', memoryBytes: 268_435_456, cpus: 0.5, pids: 64, tmpBytes: 1_048_576 }), { ...PLACEMENT, stateTmpfs: false });
    expect(config).toMatchObject({ Memory: 268_435_456, MemorySwap: 268_435_456, CpuQuota: 50_000, PidsLimit: 64, Tmpfs: { '/tmp': 'rw,nosuid,nodev,mode=1777,size=1048576' } });
    expect(dockerHostConfig(dockerBounds({ image: 'x' }), { ...PLACEMENT, readOnlyRoot: false, stateTmpfs: false }).Tmpfs).toEqual({});
  });

  it('knows the 41 capabilities of capabilities(7)', () => {
    expect(LINUX_CAPABILITIES.length).toBe(41);
    expect(new Set(LINUX_CAPABILITIES).size).toBe(41);
  });
});

describe('a bad option to DockerSandbox.start', () => {
  const refusals: [DockerBoundOptions, string][] = [
    [{ image: '' }, `DockerSandbox.start: image must be an image's name (got "")`],
    [{ image: 'x', helperAsRoot: 'yes' as never }, `DockerSandbox.start: helperAsRoot must be true or false (got "yes")`],
    [{ image: '  ' }, `DockerSandbox.start: image must be an image's name (got "  ")`],
    [{}, `DockerSandbox.start: image must be an image's name (got undefined)`],
    [{ image: 'x', memoryBytes: -1 }, "DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got -1)"],
    [{ image: 'x', memoryBytes: 0 }, "DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got 0)"],
    [{ image: 'x', memoryBytes: 1.5 }, "DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got 1.5)"],
    [{ image: 'x', memoryBytes: '2g' as never }, `DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got "2g")`],
    [{ image: 'x', memoryBytes: 1e300 }, "DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got 1e+300)"],
    [{ image: 'x', cpus: -2 }, "DockerSandbox.start: cpus must be a number of CPUs of at least 0.01, or 'unlimited' (got -2)"],
    [{ image: 'x', cpus: 0.001 }, "DockerSandbox.start: cpus must be a number of CPUs of at least 0.01, or 'unlimited' (got 0.001)"],
    [{ image: 'x', cpus: Number.NaN }, "DockerSandbox.start: cpus must be a number of CPUs of at least 0.01, or 'unlimited' (got NaN)"],
    [{ image: 'x', cpus: Infinity }, "DockerSandbox.start: cpus must be a number of CPUs of at least 0.01, or 'unlimited' (got Infinity)"],
    [{ image: 'x', pids: 0.5 }, "DockerSandbox.start: pids must be a whole number of processes above 0, or 'unlimited' (got 0.5)"],
    [{ image: 'x', pids: -1 }, "DockerSandbox.start: pids must be a whole number of processes above 0, or 'unlimited' (got -1)"],
    [{ image: 'x', tmpBytes: 0 }, "DockerSandbox.start: tmpBytes must be a whole number of bytes above 0, or 'unlimited' (got 0)"],
    [{ image: 'x', stateTmpfsBytes: 'none' as never }, `DockerSandbox.start: stateTmpfsBytes must be a whole number of bytes above 0, or 'unlimited' (got "none")`],
    [{ image: 'x', capAdd: ['NET_ADMIN', 'FLY'] }, `DockerSandbox.start: capAdd must be a list of Linux capabilities by name, such as ['NET_BIND_SERVICE'] (got "FLY")`],
    [{ image: 'x', capAdd: ['ALL'] }, `DockerSandbox.start: capAdd must be a list of Linux capabilities by name, such as ['NET_BIND_SERVICE'] (got "ALL")`],
    [{ image: 'x', capAdd: 'NET_ADMIN' as never }, `DockerSandbox.start: capAdd must be a list of Linux capabilities by name, such as ['NET_BIND_SERVICE'] (got "NET_ADMIN")`],
    [{ image: 'x', noNewPrivileges: 'no' as never }, `DockerSandbox.start: noNewPrivileges must be true or false (got "no")`],
    [{ image: 'x'.repeat(500), memoryBytes: 'y'.repeat(500) as never }, `DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got "${'y'.repeat(59)}…)`],
  ];
  it.each(refusals)('is refused in one line naming it: %j', (options, line) => {
    expect(() => dockerBounds(options)).toThrow(line);
    expect(line).not.toContain('\n');
  });

  describe('reaches no Engine', () => {
    let server: Server | undefined;
    let scratch = '';
    afterEach(() => {
      server?.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('(it said "docker cannot run here" after asking the Engine, as for an Engine that cannot be reached)', async () => {
      scratch = mkdtempSync(join(tmpdir(), 'guilds-code-engine-'));
      const socketPath = join(scratch, 'docker.sock');
      let connections = 0;
      const listening = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      server = listening;
      await new Promise<void>((resolve) => listening.listen(socketPath, resolve));
      await expect(DockerSandbox.start({ image: 'sandbox', memoryBytes: -1, docker: { socketPath } })).rejects.toThrow(
        new Error("DockerSandbox.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got -1)"),
      );
      await expect(DockerSandbox.start({ image: '', docker: { socketPath } })).rejects.toThrow(new Error(`DockerSandbox.start: image must be an image's name (got "")`));
      expect(connections).toBe(0);
    });
  });
});

describe('a failed start', () => {
  it('says "docker cannot run here" only for an Engine that cannot be reached', async () => {
    const missing = join(tmpdir(), `guilds-code-no-engine-${process.pid}.sock`);
    await expect(DockerSandbox.start({ image: 'sandbox', docker: { socketPath: missing } })).rejects.toThrow(
      new Error(`docker cannot run here: the Docker Engine cannot be reached: connect ENOENT ${missing}`),
    );
  });

  it("quotes the Engine's refusal in its own words, on one line", () => {
    expect(startFailure(new EngineError(400, 'Minimum memory limit allowed is 6MB'))).toBe(
      "the Docker Engine refused the sandbox's container: Minimum memory limit allowed is 6MB",
    );
    expect(startFailure(new EngineError(404, 'No such image: nowhere:latest'))).toBe("the Docker Engine refused the sandbox's container: No such image: nowhere:latest");
    expect(startFailure(new EngineError(500, 'OCI runtime create failed:\n  runsc: bad'))).toBe(
      "the Docker Engine refused the sandbox's container: OCI runtime create failed: runsc: bad",
    );
    expect(startFailure(new Error("the sandbox's container cannot run a command: exit status 126"))).toBe(
      "the sandbox's container cannot run a command: exit status 126",
    );
  });
});
