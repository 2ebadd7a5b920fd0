// shell: its spec, its arguments once resolved, and its meta.
import {
  SHELL_DEFAULT_TIMEOUT_SECONDS,
  SHELL_MAX_TIMEOUT_SECONDS,
  SHELL_MIN_TIMEOUT_SECONDS,
} from '../../limits.js';
import { booleanArg, integerArg, type ToolContract, type ToolSpec, type ValidatedArgs } from '../../contract/tools/spec.js';
import { boolean, integer, string, type JsonSchemaObject, type MetaOf } from '../../contract/meta-schema.js';

export const SHELL_SPEC: ToolSpec<'shell'> = {
  name: 'shell',
  description:
    'Run a bash command in the sandbox (tests, builds, git, gh) and return its combined stdout and ' +
    'stderr. A cd carries over to the next call; environment changes do not. Long output keeps its ' +
    'start and its end and names a log file with all of it. A command past its timeout is stopped ' +
    '(exit_code: 124). Start servers and other long-running processes with background: true and ' +
    'follow them with shell_status.',
  args: {
    command: { type: 'string', required: true, description: 'The bash command to run.' },
    timeout_seconds: {
      type: 'integer',
      default: SHELL_DEFAULT_TIMEOUT_SECONDS,
      minimum: SHELL_MIN_TIMEOUT_SECONDS,
      maximum: SHELL_MAX_TIMEOUT_SECONDS,
      description: `Seconds before the command is stopped (default ${SHELL_DEFAULT_TIMEOUT_SECONDS}, 1 to 600).`,
    },
    background: {
      type: 'boolean',
      default: false,
      description: 'Start the command in the background and return at once with its id (b1, b2, …) and log.',
    },
  },
};

export interface ShellArgs {
  command: string;
  /** Inside 1..600. */
  timeoutSeconds: number;
  background: boolean;
}

export function resolveShellArgs(args: ValidatedArgs): ShellArgs {
  return {
    command: args.command as string,
    timeoutSeconds: integerArg(SHELL_SPEC, args, 'timeout_seconds'),
    background: booleanArg(SHELL_SPEC, args, 'background'),
  };
}

/** shell's meta, the MCP server's output schema of it, and its type read from it. */
export const SHELL_META_SCHEMA = {
  type: 'object',
  properties: {
    exit_code: { type: ['integer', 'null'], description: 'null for a command started in the background' },
    cwd: { type: 'string', description: 'the working directory the command ran in' },
    timed_out: boolean,
    /** How long the command ran, in milliseconds (for a background start: how long starting it took). */
    elapsed_ms: integer,
    /** The full output's log, when the text elided part of it; a background command's log. */
    log_path: { type: 'string', description: "the whole output, when the text left part of it out; a background command's log" },
    background_id: string,
  },
  required: ['exit_code', 'cwd', 'timed_out', 'elapsed_ms'],
} as const satisfies JsonSchemaObject;

export type ShellMeta = MetaOf<typeof SHELL_META_SCHEMA>;

export const SHELL_CONTRACT: ToolContract<'shell', ShellArgs, ShellMeta> = { spec: SHELL_SPEC, resolve: resolveShellArgs };
