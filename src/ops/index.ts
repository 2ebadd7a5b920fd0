import type { OpName } from '../protocol/tools.js';
import type { Op } from './context.js';
import { codeSearch } from './code_search.js';
import { fileRead } from './file_read.js';
import { shell } from './shell.js';
import { shellStatus } from './shell_status.js';

export const OPS: Record<OpName, Op> = {
  shell,
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch,
};
