// shell_status: its spec, its arguments once resolved, and its meta.
import { STATUS_LOG_TAIL_LINES } from '../../limits.js';
import { booleanArg, stringArg, type ToolContract, type ToolSpec, type ValidatedArgs } from '../../contract/tools/spec.js';
import { integerOrNull, string, type JsonSchemaObject, type MetaOf } from '../../contract/meta-schema.js';

export const SHELL_STATUS_SPEC: ToolSpec<'shell_status'> = {
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

/**
 * shell_status's meta as one schema, the MCP server's output schema of it: a list's fields and one
 * command's, each optional. The two kinds above are held to it: each field of either is in the
 * schema, of the schema's type, and each field of the schema in one of them.
 */
export const SHELL_STATUS_META_SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer', description: 'without id: how many background commands there are' },
    background_id: string,
    state: { type: 'string', description: 'running, exited N, stopping, stopped or ended' },
    log_path: string,
    exit_code: integerOrNull,
  },
} as const satisfies JsonSchemaObject;

type SchemaMeta = MetaOf<typeof SHELL_STATUS_META_SCHEMA>;
type KeysOfEither = keyof ShellStatusListMeta | keyof ShellStatusDetailMeta;
type Agrees<Meta> = Meta extends SchemaMeta ? (Exclude<keyof Meta, keyof SchemaMeta> extends never ? true : false) : false;
export const SHELL_STATUS_META_AGREES: [
  Agrees<ShellStatusListMeta>,
  Agrees<ShellStatusDetailMeta>,
  Exclude<keyof SchemaMeta, KeysOfEither> extends never ? true : false,
] = [true, true, true];

export const SHELL_STATUS_CONTRACT: ToolContract<'shell_status', ShellStatusArgs, ShellStatusMeta> = { spec: SHELL_STATUS_SPEC, resolve: resolveShellStatusArgs };
