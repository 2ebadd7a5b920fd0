// Starting a child: always through node:child_process, Node's public API.
//
// An earlier start-up shortcut drove Node's internal process handle (process.binding('process_wrap'))
// to skip loading node:child_process. Its arguments changed on Node 24, where every shell call and
// every search then aborted Node with a native assertion that no try/catch can catch
// (docs/reliability.md, "Decisions", "Only Node's public API"). A native abort cannot be feature-detected without
// risking the abort itself, so the shortcut is gone on every line.
import type { ChildProcess, StdioOptions } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { actingAsAgent, asRootWhile, type AgentIdentity } from './identity.js';
import { loadChildProcess } from './modules.js';

/** What the helper uses of a started child. */
export type StartedChild = Pick<ChildProcess, 'pid' | 'stdin' | 'stdout' | 'stderr' | 'kill' | 'unref'> & EventEmitter;

export interface SpawnOptions {
  cwd: string;
  /** The whole environment; the helper's own when absent. */
  env?: Record<string, string>;
  stdio: StdioOptions;
  detached: boolean;
  /**
   * The program enters `cwd` itself (its arguments name it: a shell command's script, the group
   * guard's `/`): as the agent, it is started in `/` and no shell enters the folder for it first.
   */
  entersFolderItself?: boolean;
}

/**
 * Start `file` with `args` through node:child_process; as the agent, whole, when the helper acts as
 * the agent (src/io/node/identity.ts).
 */
export function spawnChild(file: string, args: readonly string[], options: SpawnOptions): StartedChild {
  const spawn = loadChildProcess().spawn;
  const how = { cwd: options.cwd, env: options.env, stdio: options.stdio, detached: options.detached };
  const agent = actingAsAgent();
  if (agent === null) return withChildOomScore(() => spawn(file, args as string[], how));
  if (options.entersFolderItself === true) {
    const itself = { ...how, cwd: '/', uid: agent.uid, gid: agent.gid };
    return asRootWhile(agent, () => withChildOomScore(() => spawn(file, args as string[], itself)));
  }
  const direct = startedInOpenFolder(file, args, how, agent);
  if (direct !== null) return direct;
  const entering = enteringFolder(how.cwd, how.stdio);
  const argv = ['-c', ENTER_THEN_EXEC_SCRIPT, 'sh', entering.folder, entering.passedFd, file, ...args];
  const as = { ...how, stdio: entering.stdio, cwd: '/', uid: agent.uid, gid: agent.gid };
  return asRootWhile(agent, () => withChildOomScore(() => spawn(ENTER_THEN_EXEC_SHELL, argv, as)));
}

/**
 * A child started straight into a folder the helper holds open (`/proc/self/fd/N`, as a search names
 * its root) where root may enter it, with no shell in between: the start enters the folder as root,
 * before it changes ids, through the helper's descriptor (still open then; it closes on exec), which
 * reaches the folder without walking its parents, as the shell's `cd` does. The shell was one more
 * exec at every search (warm code_search under runc: 1.21× its floor with it, 1.11× without). Null
 * where root may not enter it (a folder of mode 0700), or where the start fails all the same (an
 * access list the mode does not show): the shell enters it then, as the agent, and a program that
 * cannot start fails there as it always did.
 */
function startedInOpenFolder(file: string, args: readonly string[], how: Omit<SpawnOptions, 'entersFolderItself'>, agent: AgentIdentity): StartedChild | null {
  const open = OPEN_FOLDER.exec(how.cwd);
  if (open === null) return null;
  let folder: { mode: number; uid: number; gid: number };
  try {
    folder = fstatSync(Number(open[1]));
  } catch {
    return null;
  }
  if (!rootMayEnter(folder, agent.gid)) return null;
  const as = { ...how, uid: agent.uid, gid: agent.gid };
  let child: StartedChild;
  try {
    child = asRootWhile(agent, () => withChildOomScore(() => loadChildProcess().spawn(file, args as string[], as)));
  } catch {
    return null;
  }
  if (child.pid !== undefined) return child;
  // Node reports this failed start on the next tick; the shell's start stands for it.
  child.on('error', () => undefined);
  return null;
}

/**
 * Whether root, holding no capability over files and acting with the agent's gid as its group (as
 * the helper does while it starts a child, src/io/node/identity.ts), may enter a folder of this
 * owner, group and mode: the owner's bits if it is root's, the group's if it is the agent's group,
 * else everyone's.
 */
export function rootMayEnter(folder: { mode: number; uid: number; gid: number }, agentGid: number): boolean {
  const bit = folder.uid === 0 ? 0o100 : folder.gid === agentGid ? 0o010 : 0o001;
  return (folder.mode & bit) !== 0;
}

/**
 * As the agent, the child enters its folder itself, once it is the agent: a start enters the folder
 * before it changes ids, as root, and root in the container (no capability over files) may not enter
 * a folder only the agent may (a home of mode 0700). Then it becomes the program, same pid, with a
 * descriptor passed for the entering ($2) closed first.
 */
const ENTER_THEN_EXEC_SHELL = '/bin/sh';
const ENTER_THEN_EXEC_SCRIPT = 'cd -- "$1" || exit; [ -z "$2" ] || eval "exec $2<&-"; shift 2; exec "$@"';
const OPEN_FOLDER = /^\/proc\/self\/fd\/([0-9]+)$/;

/**
 * The folder as the child names it. A folder held open by the helper (`/proc/self/fd/N`, as a search
 * names its root) is the helper's descriptor, which the shell does not inherit: it is passed on at the
 * next free slot of the child's descriptors, and entered there.
 */
function enteringFolder(cwd: string, stdio: StdioOptions): { folder: string; passedFd: string; stdio: StdioOptions } {
  const open = OPEN_FOLDER.exec(cwd);
  if (open === null) return { folder: cwd, passedFd: '', stdio };
  const slots = typeof stdio === 'string' ? [stdio, stdio, stdio] : [...stdio];
  const slot = slots.length;
  return { folder: `/proc/self/fd/${slot}`, passedFd: String(slot), stdio: [...slots, Number(open[1])] as StdioOptions };
}

/**
 * The least oom_score_adj of every process the helper starts: when memory runs out, the kernel's OOM
 * killer takes the agent's processes before the helper (as E2B's envd has it), so that the call
 * answers. A process may lower its own score back only to where the helper's stands.
 */
export const CHILD_OOM_SCORE_ADJ = 500;
const OWN_OOM_SCORE = '/proc/self/oom_score_adj';

/**
 * The helper's own score file, opened once for the process's life (read and written in place: three
 * system calls a start where opening it each time took eleven, which under gVisor cost 0.9 ms a
 * start); null where /proc cannot give it. Opened at the first start, which a helper acting as the
 * agent makes as root (the file is root's then).
 */
let ownScoreFile: number | null | undefined;
const scoreBuffer = Buffer.alloc(16);

function ownScoreDescriptor(): number | null {
  if (ownScoreFile === undefined) {
    try {
      ownScoreFile = openSync(OWN_OOM_SCORE, 'r+');
    } catch {
      ownScoreFile = null;
    }
  }
  return ownScoreFile;
}

/** The helper's score as the file says it now (read each time: the operator may have changed it). */
function readOwnScore(fd: number): string {
  return scoreBuffer.toString('latin1', 0, readSync(fd, scoreBuffer, 0, scoreBuffer.length, 0)).trim();
}

/**
 * Runs `start` with the helper's own score raised to CHILD_OOM_SCORE_ADJ, so that the child inherits
 * it from its first instruction (set on the child after the start, a fork of its would be missed),
 * then sets the helper's back. Raising a score, and lowering it back to where it was, needs no
 * privilege. Where /proc cannot say or take it, the child starts as before.
 */
function withChildOomScore<T>(start: () => T): T {
  const fd = ownScoreDescriptor();
  let own: string | null = null;
  if (fd !== null) {
    try {
      const current = readOwnScore(fd);
      if (Number(current) < CHILD_OOM_SCORE_ADJ) {
        writeSync(fd, String(CHILD_OOM_SCORE_ADJ), 0);
        own = current;
      }
    } catch {
      own = null;
    }
  }
  try {
    return start();
  } finally {
    if (own !== null) {
      try {
        writeSync(fd!, own, 0);
      } catch {
        // Left raised: the helper is then no likelier a choice than its children.
      }
    }
  }
}
