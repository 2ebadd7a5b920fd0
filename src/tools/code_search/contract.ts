// code_search: its spec, its arguments once resolved, and its meta.
import {
  SEARCH_MAX_CONTEXT_LINES,
  SEARCH_MAX_FILES,
  SEARCH_MAX_LINES,
  SEARCH_MAX_MATCHES_PER_FILE,
} from '../../limits.js';
import { booleanArg, clampInteger, integerArg, stringArg, type ToolContract, type ToolSpec, type ValidatedArgs } from '../../contract/tools/spec.js';
import { boolean, integer, type JsonSchemaObject, type MetaOf } from '../../contract/meta-schema.js';

export type SearchMode = 'files' | 'content';

export const CODE_SEARCH_SPEC: ToolSpec<'code_search'> = {
  name: 'code_search',
  description:
    'Search text in the code with ripgrep, respecting .gitignore. mode "files" (default) lists ' +
    `matching files with match counts (at most ${SEARCH_MAX_FILES}); mode "content" shows matching ` +
    `lines as path:line: text (at most ${SEARCH_MAX_LINES} lines, ${SEARCH_MAX_MATCHES_PER_FILE} ` +
    'per file). Paths are relative to the working directory and can be passed to file_read.',
  args: {
    pattern: { type: 'string', required: true, description: 'A regular expression (Rust syntax), or a literal with fixed.' },
    path: { type: 'string', description: 'The file or folder to search (default the working directory).' },
    glob: { type: 'string', description: 'Only files whose path matches this glob, such as *.ts or src/**.' },
    mode: { type: 'string', values: ['files', 'content'], default: 'files', description: '"files" or "content".' },
    fixed: { type: 'boolean', default: false, description: 'Treat the pattern as literal text.' },
    ignore_case: { type: 'boolean', default: false, description: 'Match regardless of case.' },
    context: {
      type: 'integer',
      default: 0,
      minimum: 0,
      maximum: SEARCH_MAX_CONTEXT_LINES,
      description: 'Lines of context around each match in content mode (0 to 5).',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      description: `Lower the maximum files (${SEARCH_MAX_FILES}) or lines (${SEARCH_MAX_LINES}) shown.`,
    },
  },
};

export interface CodeSearchArgs {
  pattern: string;
  /** The path as the model gave it; null searches the working directory. */
  path: string | null;
  /** null when absent or empty. */
  glob: string | null;
  mode: SearchMode;
  fixed: boolean;
  ignoreCase: boolean;
  /** Inside 0..5. */
  contextLines: number;
  /** Files (files mode) or lines (content mode) shown: inside 1..30 or 1..40. */
  limit: number;
}

export function resolveCodeSearchArgs(args: ValidatedArgs): CodeSearchArgs {
  const mode: SearchMode = args.mode === 'content' ? 'content' : 'files';
  const maximum = mode === 'files' ? SEARCH_MAX_FILES : SEARCH_MAX_LINES;
  const limit = typeof args.limit === 'number' ? args.limit : maximum;
  return {
    pattern: args.pattern as string,
    path: stringArg(args, 'path') ?? null,
    glob: stringArg(args, 'glob') || null,
    mode,
    fixed: booleanArg(CODE_SEARCH_SPEC, args, 'fixed'),
    ignoreCase: booleanArg(CODE_SEARCH_SPEC, args, 'ignore_case'),
    contextLines: integerArg(CODE_SEARCH_SPEC, args, 'context'),
    limit: clampInteger(limit, 1, maximum),
  };
}

/** code_search's meta, the MCP server's output schema of it, and its type read from it. */
export const CODE_SEARCH_META_SCHEMA = {
  type: 'object',
  properties: {
    /** Every match ripgrep found, shown or not. */
    matches: integer,
    files: integer,
    /** Something found was left out: a limit, the byte cap, or the time limit. */
    truncated: boolean,
    /**
     * Matches and files that ignore files (.gitignore, .ignore, .rgignore) hid from the search; only
     * when the search showed all it found, an ignore file applies, and the count finished in time.
     */
    ignored_matches: integer,
    ignored_files: integer,
  },
  required: ['matches', 'files', 'truncated'],
} as const satisfies JsonSchemaObject;

export type CodeSearchMeta = MetaOf<typeof CODE_SEARCH_META_SCHEMA>;

export const CODE_SEARCH_CONTRACT: ToolContract<'code_search', CodeSearchArgs, CodeSearchMeta> = { spec: CODE_SEARCH_SPEC, resolve: resolveCodeSearchArgs };
