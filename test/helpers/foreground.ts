// A foreground command for the tests that stop a call while it runs. A SIGTERM that lands while bash
// forks the command can be lost in the child, which then runs on to the SIGKILL and ends the call 137
// (docs/reliability.md, "A stopped call ends every process it started"). A marker written after
// bash's fork, by the command itself, closes that window.

/** `sleep SECONDS` that first writes its own pid to `file`; `sh` dies of SIGTERM at any point. */
export function sleepMarkingItsPid(file: string, seconds: number): string {
  return `sh -c 'echo $$ > ${file}; exec sleep ${seconds}'`;
}
