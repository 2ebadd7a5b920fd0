// Background jobs that outlive the helper (shell with background, shell_status): starting them under a
// supervisor, reading their liveness from /proc, and signalling their process groups.

/** What /proc/<pid>/stat says about one process. */
export interface ProcessStat {
  pid: number;
  /** One letter: R, S, D, Z, T, … (Z is a zombie: it has ended and waits to be reaped). */
  state: string;
  /** The parent's pid (0 for a process whose parent is outside its pid namespace). */
  parent: number;
  processGroup: number;
  session: number;
  /** Field 22, clock ticks after boot: with the pid, it names one process for the machine's life. */
  startTicks: string;
}

export interface SupervisedStart {
  /** What the command runs as: `bash -c SCRIPT [ARGS…]`. */
  script: string;
  /** The script's positional parameters, `$0` first; none gives `$0` = bash. */
  scriptArgs: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** Standard output and standard error both go here, appended, in the order written. */
  logPath: string;
  /** Where the supervisor writes the command's exit status (written beside it, then renamed). */
  exitPath: string;
}

export type GroupSignal = 'SIGTERM' | 'SIGKILL';

export interface BackgroundProcesses {
  /**
   * Start the command under a small supervisor in a new session (so its own process group, whose id
   * is the supervisor's pid) and return at once with that pid. The supervisor waits for the command
   * and records its exit status, whether or not the helper is still there.
   */
  startSupervised(start: SupervisedStart): number;
  /** /proc/<pid>/stat, or null when there is no such process (or it cannot be read). */
  processStat(pid: number): ProcessStat | null;
  /** Whether the process's environment (as it was at exec) holds exactly `entry` (NAME=value). */
  environmentHas(pid: number, entry: string): boolean;
  /** Every pid in /proc. */
  listProcesses(): number[];
  /** Whether any process (a zombie included) is in the group: one kill(-group, 0), no /proc scan. */
  groupExists(processGroup: number): boolean;
  /** Signal one process; false when it is gone (or may not be signalled). */
  signalProcess(pid: number, signal: GroupSignal): boolean;
  /** Signal a whole process group; false when no process received it. */
  signalGroup(processGroup: number, signal: GroupSignal): boolean;
  /**
   * Signal every process of this user that carries `marker` (NAME=value) in its environment, in the
   * job's group or not (setsid, a double fork, nohup); how many there were.
   */
  signalMarked(marker: string, signal: GroupSignal): number;
  /**
   * SIGKILL the group after `delaySeconds`, from a process of its own that outlives the helper; it
   * first checks that the group's leader, if there is still a process with its pid, has this start time.
   * Then it SIGKILLs every process of this user carrying `marker`, again until none is left.
   * When a SIGKILL reached a process, it creates `killedPath` (its time: when the job was ended).
   */
  scheduleGroupKill(processGroup: number, leaderStartTicks: string, delaySeconds: number, killedPath: string, marker: string): void;
  /** Create a file that must not exist yet; false when it already does (an atomic claim). */
  createExclusive(path: string, data: string): boolean;
  /** Block for a short while (the helper has nothing else to do meanwhile). */
  sleep(milliseconds: number): void;
  /** The helper's own process id: never a job's. */
  ownPid: number;
}
