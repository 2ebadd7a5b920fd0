// The four tools' arguments as plain data: the helper validates against it before anything runs,
// and the orchestrator side turns it into the JSON Schema it declares to the model.
import {
  FILE_READ_DEFAULT_LIMIT_LINES,
  FILE_READ_MAX_LIMIT_LINES,
  FILE_READ_LINE_MAX_CHARS,
} from '../limits.js';

import type { OpName } from './op-names.js';
export { OP_NAMES, type OpName } from './op-names.js';

export interface ArgSpec {
  type: 'string' | 'integer' | 'boolean';
  required?: boolean;
  /** Allowed values of a string argument. */
  values?: readonly string[];
  default?: string | number | boolean;
  /** Bounds of an integer argument; a value outside is clamped, not refused. */
  minimum?: number;
  maximum?: number;
  description: string;
}

export interface ToolSpec {
  name: OpName;
  description: string;
  args: Record<string, ArgSpec>;
}

export const SHELL_DEFAULT_TIMEOUT_SECONDS = 120;
export const SHELL_MIN_TIMEOUT_SECONDS = 1;
export const SHELL_MAX_TIMEOUT_SECONDS = 600;
export const SEARCH_MAX_FILES = 30;
export const SEARCH_MAX_LINES = 40;
export const SEARCH_MAX_MATCHES_PER_FILE = 10;
export const SEARCH_MAX_CONTEXT_LINES = 5;
export const SEARCH_LINE_MAX_CHARS = 300;
export const SEARCH_TIMEOUT_SECONDS = 60;
export const STATUS_LOG_TAIL_LINES = 40;

export const TOOL_SPECS: Record<OpName, ToolSpec> = {
  shell: {
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
        description:
          'Start the command in the background and return at once with its id (b1, b2, …) and log.',
      },
    },
  },
  shell_status: {
    name: 'shell_status',
    description:
      'Follow or stop background commands. Without id: every background command with its state. ' +
      `With id: its state, exit code and the last ${STATUS_LOG_TAIL_LINES} lines of its log. ` +
      'With id and stop: true, stop it.',
    args: {
      id: { type: 'string', description: 'A background command id, such as b1.' },
      stop: { type: 'boolean', default: false, description: 'Stop the command (needs id).' },
    },
  },
  file_read: {
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
  },
  code_search: {
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
  },
};

/** An integer argument brought inside its bounds. */
export function clampInteger(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, value));
}
