// shell_status's I/O: nothing beyond what every tool has (src/io/types.ts), whose background processes
// it reads and stops.

export type ShellStatusIo = Record<never, never>;
