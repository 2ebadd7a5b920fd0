import { ToolError } from '../protocol/envelope.js';
import type { OpName } from '../protocol/tools.js';
import { startBackground } from './background.js';
import type { Op } from './context.js';
import { codeSearch } from './code_search.js';
import { fileRead } from './file_read.js';
import { shellStatus } from './shell_status.js';

const notYet = (name: string): Op => () => {
  throw new ToolError(`${name} is not available in this version of guilds-code`);
};

const foregroundShell = notYet('shell');

export const OPS: Record<OpName, Op> = {
  shell: (context) => (context.request.args.background === true ? startBackground(context) : foregroundShell(context)),
  shell_status: shellStatus,
  file_read: fileRead,
  code_search: codeSearch,
};
