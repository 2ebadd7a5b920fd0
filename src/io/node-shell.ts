import type { ShellProcesses } from './shell-types.js';

export const nodeShellProcesses: ShellProcesses = {};
