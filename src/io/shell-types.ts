// Running a foreground shell command (the shell op). Filled in with the shell op.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShellProcesses {}
