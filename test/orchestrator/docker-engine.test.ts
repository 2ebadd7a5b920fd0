// The docker sandbox's pure parts: DOCKER_HOST as the docker CLI reads it, the Engine's multiplexed
// frames split into stdout and stderr however the chunks fall, and an exec's exit status as the
// Sandbox reports it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineAddressFrom, engineAddressText, FrameSplitter } from '../../src/orchestrator/sandboxes/docker/engine.js';
import { execExitCode } from '../../src/orchestrator/sandboxes/docker/exec.js';

function frame(stream: number, text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

function split(chunks: Buffer[]): { stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const splitter = new FrameSplitter({ stdout: (c) => (stdout += c.toString()), stderr: (c) => (stderr += c.toString()) });
  for (const chunk of chunks) splitter.push(chunk);
  return { stdout, stderr };
}

describe('DOCKER_HOST', () => {
  it('is the default socket when unset or empty', () => {
    expect(engineAddressFrom({})).toEqual({ socketPath: '/var/run/docker.sock' });
    expect(engineAddressFrom({ DOCKER_HOST: '' })).toEqual({ socketPath: '/var/run/docker.sock' });
  });

  it('names a unix socket, or a TCP address with its port (an IPv6 host in brackets)', () => {
    expect(engineAddressFrom({ DOCKER_HOST: 'unix:///run/user/1000/podman/podman.sock' })).toEqual({ socketPath: '/run/user/1000/podman/podman.sock' });
    expect(engineAddressFrom({ DOCKER_HOST: 'tcp://10.0.0.5:2375' })).toEqual({ host: '10.0.0.5', port: 2375 });
    expect(engineAddressFrom({ DOCKER_HOST: 'tcp://[::1]:2375/' })).toEqual({ host: '::1', port: 2375 });
  });

  it('takes TLS from DOCKER_TLS_VERIFY and the three files of DOCKER_CERT_PATH', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guilds-code-certs-'));
    try {
      for (const name of ['ca', 'cert', 'key']) writeFileSync(join(dir, `${name}.pem`), `${name} bytes`);
      const address = engineAddressFrom({ DOCKER_HOST: 'tcp://build-7:2376', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: dir });
      expect(JSON.parse(JSON.stringify(address, (_, value) => (value?.type === 'Buffer' ? Buffer.from(value.data).toString() : value)))).toEqual({
        host: 'build-7',
        port: 2376,
        ca: 'ca bytes',
        cert: 'cert bytes',
        key: 'key bytes',
      });
      expect(engineAddressFrom({ DOCKER_HOST: 'tcp://build-7:2376', DOCKER_TLS_VERIFY: '0', DOCKER_CERT_PATH: dir })).toEqual({ host: 'build-7', port: 2376 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is named in messages as DOCKER_HOST would name it', () => {
    expect(engineAddressText({ socketPath: '/run/docker.sock' })).toBe('unix:///run/docker.sock');
    expect(engineAddressText({ host: '10.0.0.5', port: 2376 })).toBe('tcp://10.0.0.5:2376');
    expect(engineAddressText({ host: '::1', port: 2375 })).toBe('tcp://[::1]:2375');
  });

  it('refuses anything else in one line', () => {
    expect(() => engineAddressFrom({ DOCKER_HOST: 'ssh://me@host' })).toThrow('DOCKER_HOST ssh://me@host is neither unix:///path nor tcp://host:port');
    expect(() => engineAddressFrom({ DOCKER_HOST: 'tcp://host' })).toThrow('DOCKER_HOST tcp://host is neither unix:///path nor tcp://host:port');
  });
});

describe("the Engine's multiplexed stream", () => {
  const whole = Buffer.concat([frame(1, 'out one\n'), frame(2, 'err\n'), frame(1, 'out two\n'), frame(1, '')]);

  it('splits frames arriving whole', () => {
    expect(split([whole])).toEqual({ stdout: 'out one\nout two\n', stderr: 'err\n' });
  });

  it('splits the same bytes cut at every offset, a header cut included', () => {
    for (let cut = 1; cut < whole.length; cut++) {
      expect(split([whole.subarray(0, cut), whole.subarray(cut)]), `cut at ${cut}`).toEqual({ stdout: 'out one\nout two\n', stderr: 'err\n' });
    }
  });

  it('splits them arriving a byte at a time', () => {
    expect(split([...whole].map((byte) => Buffer.from([byte])))).toEqual({ stdout: 'out one\nout two\n', stderr: 'err\n' });
  });

  it('drops a stdin echo frame (stream 0) and keeps a partial frame for later', () => {
    expect(split([frame(0, 'in'), frame(1, 'x'), frame(2, 'never whole').subarray(0, 12)])).toEqual({ stdout: 'x', stderr: '' });
  });
});

describe("an exec's exit status", () => {
  it('is the number, or null for a process a signal ended (128 + N)', () => {
    expect([0, 1, 127, 128, 129, 137, 143, 192, 193, 255].map(execExitCode)).toEqual([0, 1, 127, 128, null, null, null, null, 193, 255]);
    expect(execExitCode(null)).toBeNull();
  });
});
