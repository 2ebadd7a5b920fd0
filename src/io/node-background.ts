import type { BackgroundProcesses } from './background-types.js';

export const nodeBackgroundProcesses: BackgroundProcesses = {};
