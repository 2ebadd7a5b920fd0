import type { SearchProcesses } from './search-types.js';

export const nodeSearchProcesses: SearchProcesses = {};
