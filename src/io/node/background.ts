// Background jobs on Linux: a bash supervisor per job, liveness from /proc, signals to process groups.
import { closeSync, constants, openSync, readFileSync } from 'node:fs';
import { createExclusive } from './files.js';
import type { BackgroundProcesses, GroupSignal, SupervisedStart } from '../background-types.js';
import { startDetached } from './child.js';
import { listProcessIds, readProcessStat, signalProcess, signalProcessGroup } from './process.js';
import { signalMarked } from './sweep.js';

/**
 * Runs the command as a child and records its exit status once it ends, long after the helper is
 * gone. A SIGTERM to the group would otherwise end the supervisor before it could write the status:
 * the trap defers it (bash runs a trap only after the foreground child returns), and unlike an ignored
 * signal a trapped one is reset to the default in the command. The status goes through a temporary
 * file and a rename, so a reader never sees half of it.
 * $1 is the exit status file; the rest, the script and its parameters for `bash -c`.
 */
const SUPERVISOR_SCRIPT = [
  'trap : TERM INT HUP',
  'exit_path=$1',
  'shift',
  'bash -c "$@" </dev/null',
  'status=$?',
  '{ printf "%s\\n" "$status" >"$exit_path.$$.tmp" && mv -f "$exit_path.$$.tmp" "$exit_path"; } 2>/dev/null',
].join('\n');

/**
 * The SIGKILL that follows a stop's SIGTERM, from a process that outlives the helper. The group's id
 * cannot be handed to another process while any member lives; if its leader's pid now names a
 * process with another start time, the job is gone and that pid belongs to a stranger.
 * Then every process of this user whose environment holds the job's marker exactly (those that
 * left its group: setsid, a double fork, nohup) is killed, in rounds until a round finds none (a
 * process may fork while it is swept), at most SWEEP_ROUNDS of them.
 * Once it has killed something, it leaves the file $4, whose time is when the job was made to end.
 * $1 is the delay in seconds, $2 the process group, $3 its leader's start time (field 22 of stat),
 * $5 the marker (NAME=value).
 */
const SWEEP_ROUNDS = 20;
const SWEEP_ROUND_PAUSE_SECONDS = 0.05;
const DELAYED_KILL_SCRIPT = [
  'sleep "$1" || exit 0',
  'killed=0',
  'if { read -r stat <"/proc/$2/stat"; } 2>/dev/null; then',
  '  fields=(${stat##*) })',
  '  [ "${fields[19]}" = "$3" ] && kill -KILL -- "-$2" 2>/dev/null && killed=1',
  'else',
  '  kill -KILL -- "-$2" 2>/dev/null && killed=1',
  'fi',
  `for (( round = 0; round < ${SWEEP_ROUNDS}; round++ )); do`,
  '  found=0',
  '  for dir in /proc/[0-9]*; do',
  '    pid=${dir#/proc/}',
  '    [ "$pid" = "$$" ] || [ ! -O "$dir" ] && continue',
  '    while IFS= read -r -d "" entry; do',
  '      if [ "$entry" = "$5" ]; then kill -KILL "$pid" 2>/dev/null && found=1 killed=1; break; fi',
  '    done 2>/dev/null <"$dir/environ"',
  '  done',
  '  [ "$found" = 1 ] || break',
  `  sleep ${SWEEP_ROUND_PAUSE_SECONDS}`,
  'done',
  '[ "$killed" = 1 ] && : >>"$4"',
].join('\n');

const LOG_OPEN_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NOCTTY;
const LOG_FILE_MODE = 0o600;

export const nodeBackgroundProcesses: BackgroundProcesses = {
  startSupervised(start: SupervisedStart): number {
    const log = openSync(start.logPath, LOG_OPEN_FLAGS, LOG_FILE_MODE);
    try {
      return startDetached({
        file: 'bash',
        args: ['-c', SUPERVISOR_SCRIPT, 'guilds-background', start.exitPath, start.script, ...start.scriptArgs],
        cwd: start.cwd,
        env: start.env,
        stdio: ['ignore', log, log],
      });
    } finally {
      closeSync(log);
    }
  },

  processStat: readProcessStat,

  environmentHas(pid: number, entry: string): boolean {
    let environment: Buffer;
    try {
      environment = readFileSync(`/proc/${pid}/environ`);
    } catch {
      return false;
    }
    const wanted = Buffer.from(entry + '\0', 'utf8');
    if (environment.subarray(0, wanted.length).equals(wanted)) return true;
    return environment.indexOf(Buffer.concat([Buffer.of(0), wanted])) !== -1;
  },

  listProcesses: listProcessIds,

  groupExists(processGroup: number): boolean {
    if (!Number.isInteger(processGroup) || processGroup <= 1) return false;
    try {
      process.kill(-processGroup, 0);
      return true;
    } catch (error) {
      return (error as { code?: string }).code === 'EPERM';
    }
  },

  signalProcess,

  signalGroup: (processGroup: number, signal: GroupSignal): boolean => signalProcessGroup(processGroup, signal),

  signalMarked: (marker: string, signal: GroupSignal): number => signalMarked({ entry: marker }, signal),

  scheduleGroupKill(processGroup: number, leaderStartTicks: string, delaySeconds: number, killedPath: string, marker: string): void {
    try {
      startDetached({
        file: 'bash',
        args: ['-c', DELAYED_KILL_SCRIPT, 'guilds-background-kill', String(delaySeconds), String(processGroup), leaderStartTicks, killedPath, marker],
        cwd: '/',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        stdio: 'ignore',
      });
    } catch {
      // Without the delayed kill the stop is the SIGTERM alone; the job's state still says stopping.
    }
  },

  createExclusive,

  sleep(milliseconds: number): void {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
  },

  ownPid: process.pid,
};
