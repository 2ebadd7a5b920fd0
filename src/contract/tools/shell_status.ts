// shell_status: its spec, its arguments once resolved, and its meta.
import { STATUS_LOG_TAIL_LINES } from '../../limits.js';
import { booleanArg, stringArg, type ToolSpec, type ValidatedArgs } from './spec.js';

export const SHELL_STATUS_SPEC: ToolSpec = {
  name: 'shell_status',
  description:
    'Follow or stop background commands. Without id: every background command with its state. ' +
    `With id: its state, exit code and the last ${STATUS_LOG_TAIL_LINES} lines of its log. ` +
    'With id and stop: true, stop it.',
  args: {
    id: { type: 'string', description: 'A background command id, such as b1.' },
    stop: { type: 'boolean', default: false, description: 'Stop the command (needs id).' },
  },
};

export interface ShellStatusArgs {
  id: string | undefined;
  stop: boolean;
}

export function resolveShellStatusArgs(args: ValidatedArgs): ShellStatusArgs {
  return { id: stringArg(args, 'id'), stop: booleanArg(SHELL_STATUS_SPEC, args, 'stop') };
}

/** The list of every background command. */
export interface ShellStatusListMeta {
  count: number;
}

/** One background command. */
export interface ShellStatusDetailMeta {
  background_id: string;
  /** `running`, `exited N`, `stopping`, `stopped` or `ended`. */
  state: string;
  log_path: string;
  exit_code: number | null;
}

export type ShellStatusMeta = ShellStatusListMeta | ShellStatusDetailMeta;
