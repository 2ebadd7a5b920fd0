// A foreground command for the tests that stop a call while it runs.
//
// The helper's EXIT trap (src/tools/shell/script.ts) makes bash catch SIGTERM. A child that bash has
// just forked holds that handler until it execs, so a SIGTERM landing in between is caught and lost
// there, and the child runs on until the SIGKILL after the grace: the call then ends 137, not 143.
// Measured under load with `trap true EXIT; echo $$ > m; sleep 1000` and the group sent SIGTERM as
// soon as `m` was written: 1 sleep in 300 lived on; 0 in 400 without the trap. A marker written
// after bash's fork, by the command itself, closes that window.

/** `sleep SECONDS` that first writes its own pid to `file`; `sh` dies of SIGTERM at any point. */
export function sleepMarkingItsPid(file: string, seconds: number): string {
  return `sh -c 'echo $$ > ${file}; exec sleep ${seconds}'`;
}
