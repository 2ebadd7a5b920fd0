import { ToolError } from '../protocol/envelope.js';
import type { OpName } from '../protocol/tools.js';
import type { Op } from './context.js';
import { fileRead } from './file_read.js';
import { shell } from './shell.js';

const notYet = (name: string): Op => () => {
  throw new ToolError(`${name} is not available in this version of guilds-code`);
};

export const OPS: Record<OpName, Op> = {
  shell,
  shell_status: notYet('shell_status'),
  file_read: fileRead,
  code_search: notYet('code_search'),
};
