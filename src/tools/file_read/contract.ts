// file_read: its spec, its arguments once resolved, and its meta.
import { FILE_READ_DEFAULT_LIMIT_LINES, FILE_READ_LINE_MAX_CHARS, FILE_READ_MAX_LIMIT_LINES } from '../../limits.js';
import { integerArg, type ToolContract, type ToolSpec, type ValidatedArgs } from '../../contract/tools/spec.js';
import { integer, string, type JsonSchemaObject, type MetaOf } from '../../contract/meta-schema.js';

export const FILE_READ_SPEC: ToolSpec<'file_read'> = {
  name: 'file_read',
  description:
    'Read numbered lines of a text file inside the home. ' +
    `Returns at most ${FILE_READ_MAX_LIMIT_LINES} lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}); ` +
    `lines over ${FILE_READ_LINE_MAX_CHARS} characters are clipped; a result that would pass the ` +
    'byte cap stops early and says which offset continues it.',
  args: {
    path: { type: 'string', required: true, description: 'The file, relative to the working directory, ~/…, or absolute.' },
    offset: { type: 'integer', default: 1, minimum: 1, description: 'The first line to return (default 1).' },
    limit: {
      type: 'integer',
      default: FILE_READ_DEFAULT_LIMIT_LINES,
      minimum: 1,
      maximum: FILE_READ_MAX_LIMIT_LINES,
      description: `How many lines (default ${FILE_READ_DEFAULT_LIMIT_LINES}, at most ${FILE_READ_MAX_LIMIT_LINES}).`,
    },
  },
};

export interface FileReadArgs {
  path: string;
  /** 1 or more. */
  offset: number;
  /** Inside 1..500. */
  limit: number;
}

export function resolveFileReadArgs(args: ValidatedArgs): FileReadArgs {
  return {
    path: args.path as string,
    offset: integerArg(FILE_READ_SPEC, args, 'offset'),
    limit: integerArg(FILE_READ_SPEC, args, 'limit'),
  };
}

/** file_read's meta, the MCP server's output schema of it, and its type read from it. */
export const FILE_READ_META_SCHEMA = {
  type: 'object',
  properties: {
    /** Absolute, links resolved: two spellings of one file name the same path. */
    path: { type: 'string', description: 'absolute, links resolved' },
    /** The path as the text's header shows it: relative to the working directory. */
    display_path: string,
    /** The lines returned, first and last; null when none were (empty, binary, offset past the end). */
    range: {
      description: 'the lines returned, first and last; null when none were',
      anyOf: [{ type: 'array', items: integer, minItems: 2, maxItems: 2 }, { type: 'null' }],
    },
    /** SHA-256 of the whole file's bytes, hex. */
    content_hash: { type: 'string', description: 'SHA-256 of the whole file, hex' },
    lines: integer,
    /** Present when the file is not UTF-8: `UTF-16 LE` or `UTF-16 BE` (a file with that byte-order mark). */
    encoding: { type: 'string', enum: ['UTF-16 LE', 'UTF-16 BE'] },
    /** Added by the orchestrator to a repeated read's meta (the helper never sends it). */
    repeat_of: { type: 'integer', description: 'the step whose result holds this text (a repeated read)' },
  },
  required: ['path', 'display_path', 'range', 'content_hash', 'lines'],
} as const satisfies JsonSchemaObject;

export type FileReadMeta = MetaOf<typeof FILE_READ_META_SCHEMA>;

export const FILE_READ_CONTRACT: ToolContract<'file_read', FileReadArgs, FileReadMeta> = { spec: FILE_READ_SPEC, resolve: resolveFileReadArgs };
