// The bubblewrap sandbox's command lines, as pure functions of what the host holds: one `bwrap` that
// builds the container and keeps it alive, and one `nsenter` per exec that runs a command inside it.
// sandbox.ts looks at the host and runs them.
import { locationUnder } from '../shared.js';

/** Where the helper keeps its state inside the container ($GUILDS_RUN_DIR). */
export const SANDBOX_RUN_DIR = '/run/guilds';
/** The folder of the image's own programs: node, rg and the two helpers, and nothing else. */
export const SANDBOX_BIN_DIR = '/usr/local/bin';
/** PATH inside the container. */
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
export const SANDBOX_HOSTNAME = 'guilds-sandbox';
/** The user name the container's own /etc/passwd gives the agent. */
export const SANDBOX_USER_NAME = 'agent';
/**
 * The agent's uid and gid inside when the orchestrator runs as root. A uid other than 0 matters:
 * a process that enters the container's user namespace as its uid 0 would keep every capability
 * there, enough to remount a read-only folder writable and write the host's files as root.
 */
export const SANDBOX_UID_WHEN_ROOT = 1000;
/** The line the keeper prints once the container is built, before it sleeps. */
export const KEEPER_READY_LINE = 'ready';
/**
 * The container's first command: says it is ready, then holds the namespaces open until its stdin,
 * a pipe from the orchestrator, closes; then it kills every process of the container, which ends
 * it. The container thus dies with the orchestrator however that ends (bwrap's --die-with-parent
 * does not reach the container's first process when bwrap runs as root).
 */
export const KEEPER_COMMAND: readonly string[] = ['/bin/sh', '-c', `echo ${KEEPER_READY_LINE}; read -r _; kill -KILL -1`];

/**
 * The devices the container shows, bound from the host. Not bwrap's `--dev`: its devpts mount makes
 * bwrap nest a second user namespace, which an unprivileged nsenter cannot enter the IPC, UTS or
 * network namespaces from. Commands run without a terminal, so nothing needs /dev/pts.
 */
export const SANDBOX_DEVICES: readonly string[] = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom'];

/** A top-level system path of the host: a folder shown read-only, or a link made again inside. */
export interface SystemPath {
  path: string;
  /** The link's target when the host has a symbolic link there (`/bin` → `usr/bin`). */
  link?: string;
}

/** A host file or folder shown read-only inside, at a path of its own. */
export interface Mount {
  from: string;
  to: string;
}

export interface BwrapLayout {
  /** The agent's home on the host, bound read-write at the same path. */
  home: string;
  /** The host folder bound read-write at /run/guilds. */
  runDir: string;
  /** The system, read-only: /usr, /etc and the top-level links or folders beside them. */
  system: readonly SystemPath[];
  /** System files the container must not show (/etc/shadow), each covered by `empty`. */
  hiddenFiles: readonly string[];
  /** An empty host file. */
  empty: string;
  /** The container's own /etc/passwd and /etc/group, on the host. */
  passwd: string;
  group: string;
  /** Programs in /usr/local/bin (node, rg, guilds-code, guilds-harness), a folder of their own. */
  programs: readonly Mount[];
  /** More host paths shown read-only at their own path (a harness the platform installs there). */
  readOnly: readonly string[];
  /** False: a network namespace of its own, holding only the loopback interface. */
  network: boolean;
  uid: number;
  gid: number;
}

/** The bwrap command line that builds the container and runs the keeper in it. */
export function bwrapArguments(layout: BwrapLayout, infoFd: number): string[] {
  const argv: string[] = [
    '--unshare-user',
    '--uid',
    String(layout.uid),
    '--gid',
    String(layout.gid),
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--hostname',
    SANDBOX_HOSTNAME,
  ];
  if (!layout.network) argv.push('--unshare-net');
  argv.push('--die-with-parent', '--new-session', '--clearenv', '--info-fd', String(infoFd));
  for (const entry of layout.system) {
    if (entry.link !== undefined) argv.push('--symlink', entry.link, entry.path);
    else argv.push('--ro-bind', entry.path, entry.path);
  }
  for (const file of layout.hiddenFiles) argv.push('--ro-bind', layout.empty, file);
  argv.push('--ro-bind', layout.passwd, '/etc/passwd', '--ro-bind', layout.group, '/etc/group');
  argv.push('--proc', '/proc', '--perms', '0755', '--dir', '/dev');
  for (const device of SANDBOX_DEVICES) argv.push('--dev-bind', device, device);
  argv.push('--symlink', '/proc/self/fd', '/dev/fd');
  for (const [fd, name] of ['stdin', 'stdout', 'stderr'].entries()) argv.push('--symlink', `/proc/self/fd/${fd}`, `/dev/${name}`);
  argv.push('--tmpfs', '/dev/shm', '--tmpfs', '/tmp');
  argv.push('--tmpfs', SANDBOX_BIN_DIR);
  for (const program of layout.programs) argv.push('--ro-bind', program.from, program.to);
  argv.push('--remount-ro', SANDBOX_BIN_DIR);
  argv.push('--bind', layout.runDir, SANDBOX_RUN_DIR);
  argv.push('--bind', layout.home, layout.home);
  for (const path of layout.readOnly) argv.push('--ro-bind', path, path);
  argv.push('--chdir', layout.home, '--', ...KEEPER_COMMAND);
  return argv;
}

/**
 * The nsenter command line that runs `command` inside the container whose first process is
 * `containerPid` (a host pid): its user, mount, pid, IPC and UTS namespaces, and its network
 * namespace unless the container shares the host's. The credentials stay the orchestrator's,
 * which the user namespace shows as the agent's uid; the root and working directory are the
 * container's (the home).
 */
export function nsenterArguments(containerPid: number, network: boolean, command: readonly string[]): string[] {
  return [
    `--target=${containerPid}`,
    '--user',
    '--preserve-credentials',
    '--mount',
    '--pid',
    '--ipc',
    '--uts',
    ...(network ? [] : ['--net']),
    '--root',
    '--wd',
    '--',
    ...command,
  ];
}

/** The container's /etc/passwd: root, the agent (its home, bash) and nobody. */
export function passwdText(uid: number, gid: number, home: string): string {
  return [
    'root:x:0:0:root:/root:/bin/bash',
    `${SANDBOX_USER_NAME}:x:${uid}:${gid}:${SANDBOX_USER_NAME}:${home}:/bin/bash`,
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
    '',
  ].join('\n');
}

/** The container's /etc/group. */
export function groupText(gid: number): string {
  return ['root:x:0:', `${SANDBOX_USER_NAME}:x:${gid}:`, 'nogroup:x:65534:', ''].join('\n');
}

/**
 * Where a path inside the container lies on the host, for writeFile: the bound folder and the
 * names under it. Only the home and the run folder are written; `.`, `..` and empty names are not
 * followed. Undefined when the path is elsewhere.
 */
export function hostLocation(path: string, home: string, hostRunDir: string): { base: string; names: string[] } | undefined {
  return locationUnder(path, [
    [SANDBOX_RUN_DIR, hostRunDir],
    [home, home],
  ]);
}
