// The bubblewrap sandbox's command lines, exact: what the container shows and what it hides.
import { describe, expect, it } from 'vitest';
import {
  bwrapArguments,
  groupText,
  hostLocation,
  nsenterArguments,
  passwdText,
  type BwrapLayout,
} from '../../src/orchestrator/sandboxes/bwrap/argv.js';

const LAYOUT: BwrapLayout = {
  home: '/tmp/s/home',
  runDir: '/tmp/s/run',
  system: [{ path: '/usr' }, { path: '/etc' }, { path: '/bin', link: 'usr/bin' }, { path: '/lib64', link: 'usr/lib64' }],
  hiddenFiles: ['/etc/shadow', '/etc/gshadow'],
  empty: '/tmp/s/etc/empty',
  passwd: '/tmp/s/etc/passwd',
  group: '/tmp/s/etc/group',
  programs: [
    { from: '/usr/bin/node', to: '/usr/local/bin/node' },
    { from: '/repo/dist/guilds-code.js', to: '/usr/local/bin/guilds-code' },
  ],
  readOnly: ['/repo/fixtures/harness'],
  network: false,
  uid: 1000,
  gid: 1000,
};

describe('the bwrap command line', () => {
  it('builds the container: namespaces, the system read-only, its own /etc/passwd, /tmp, /run/guilds and programs, the home at its path', () => {
    expect(bwrapArguments(LAYOUT, 3)).toEqual([
      '--unshare-user', '--uid', '1000', '--gid', '1000',
      '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--hostname', 'guilds-sandbox',
      '--unshare-net',
      '--die-with-parent', '--new-session', '--clearenv', '--info-fd', '3',
      '--ro-bind', '/usr', '/usr',
      '--ro-bind', '/etc', '/etc',
      '--symlink', 'usr/bin', '/bin',
      '--symlink', 'usr/lib64', '/lib64',
      '--ro-bind', '/tmp/s/etc/empty', '/etc/shadow',
      '--ro-bind', '/tmp/s/etc/empty', '/etc/gshadow',
      '--ro-bind', '/tmp/s/etc/passwd', '/etc/passwd',
      '--ro-bind', '/tmp/s/etc/group', '/etc/group',
      '--proc', '/proc', '--perms', '0755', '--dir', '/dev',
      '--dev-bind', '/dev/null', '/dev/null',
      '--dev-bind', '/dev/zero', '/dev/zero',
      '--dev-bind', '/dev/full', '/dev/full',
      '--dev-bind', '/dev/random', '/dev/random',
      '--dev-bind', '/dev/urandom', '/dev/urandom',
      '--symlink', '/proc/self/fd', '/dev/fd',
      '--symlink', '/proc/self/fd/0', '/dev/stdin',
      '--symlink', '/proc/self/fd/1', '/dev/stdout',
      '--symlink', '/proc/self/fd/2', '/dev/stderr',
      '--tmpfs', '/dev/shm', '--tmpfs', '/tmp',
      '--tmpfs', '/usr/local/bin',
      '--ro-bind', '/usr/bin/node', '/usr/local/bin/node',
      '--ro-bind', '/repo/dist/guilds-code.js', '/usr/local/bin/guilds-code',
      '--remount-ro', '/usr/local/bin',
      '--bind', '/tmp/s/run', '/run/guilds',
      '--bind', '/tmp/s/home', '/tmp/s/home',
      '--ro-bind', '/repo/fixtures/harness', '/repo/fixtures/harness',
      '--chdir', '/tmp/s/home',
      '--', '/bin/sh', '-c', 'echo ready; read -r _; kill -KILL -1',
    ]);
  });

  it('keeps the host network when asked: no --unshare-net, and nothing else changes', () => {
    const withNetwork = bwrapArguments({ ...LAYOUT, network: true }, 3);
    expect(withNetwork).not.toContain('--unshare-net');
    expect(withNetwork).toEqual(bwrapArguments(LAYOUT, 3).filter((argument) => argument !== '--unshare-net'));
  });

  it('never names the environment: --clearenv, and no --setenv', () => {
    expect(bwrapArguments(LAYOUT, 3)).toContain('--clearenv');
    expect(bwrapArguments(LAYOUT, 3)).not.toContain('--setenv');
  });
});

describe('the nsenter command line', () => {
  it("enters every namespace of the container, the network's included, keeping the orchestrator's credentials", () => {
    expect(nsenterArguments(4242, false, ['node', '/usr/local/bin/guilds-code', 'eyJ9'])).toEqual([
      '--target=4242', '--user', '--preserve-credentials', '--mount', '--pid', '--ipc', '--uts', '--net',
      '--root', '--wd', '--', 'node', '/usr/local/bin/guilds-code', 'eyJ9',
    ]);
  });

  it("leaves the network namespace alone when the container shares the host's", () => {
    expect(nsenterArguments(4242, true, ['true'])).toEqual([
      '--target=4242', '--user', '--preserve-credentials', '--mount', '--pid', '--ipc', '--uts', '--root', '--wd', '--', 'true',
    ]);
  });
});

describe("the container's own /etc/passwd and /etc/group", () => {
  it('name the agent with its home, and root and nobody, nothing of the host', () => {
    expect(passwdText(1000, 1000, '/tmp/s/home')).toBe(
      'root:x:0:0:root:/root:/bin/bash\n' +
        'agent:x:1000:1000:agent:/tmp/s/home:/bin/bash\n' +
        'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n',
    );
    expect(groupText(1001)).toBe('root:x:0:\nagent:x:1001:\nnogroup:x:65534:\n');
  });
});

describe('where writeFile writes on the host', () => {
  it('a request file: the host run folder, and the names under /run/guilds', () => {
    expect(hostLocation('/run/guilds/requests/r1-c1.json', '/tmp/s/home', '/tmp/s/run')).toEqual({
      base: '/tmp/s/run',
      names: ['requests', 'r1-c1.json'],
    });
  });

  it('a file in the home: the home itself, bound at its own path', () => {
    expect(hostLocation('/tmp/s/home/.runs/r1/x', '/tmp/s/home', '/tmp/s/run')).toEqual({
      base: '/tmp/s/home',
      names: ['.runs', 'r1', 'x'],
    });
  });

  it('nothing outside the home and the run folder, a sibling of the home whose name starts the same included', () => {
    expect(hostLocation('/etc/passwd', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
    expect(hostLocation('/tmp/s/home2/a', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
    expect(hostLocation('/run/guilds', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
    expect(hostLocation('/run/guildsx/a', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
  });

  it('no .., . or empty name on the way', () => {
    expect(hostLocation('/run/guilds/requests/../../../etc/passwd', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
    expect(hostLocation('/tmp/s/home/./a', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
    expect(hostLocation('/tmp/s/home//a', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
    expect(hostLocation('/tmp/s/home/a/', '/tmp/s/home', '/tmp/s/run')).toBeUndefined();
  });
});
