// shell_status's I/O, as Node gives it: nothing of its own (io.ts).
import type { ShellStatusIo } from './io.js';

export const SHELL_STATUS_NODE_IO: ShellStatusIo = {};
