// A ToolError built from its message alone, for the code that still throws that way
// (src/ops/code_search.ts, src/io/node-search.ts) until it moves to src/tools/code_search/ and throws
// kinds of its own. Delete this file then.
import { ToolError as KindedToolError, type ErrorKind } from './errors.js';

const KIND_BY_START: readonly [string, ErrorKind][] = [
  ['no such file or folder: ', 'not_found'],
  ['ripgrep not found', 'unavailable'],
  ['cannot run ripgrep', 'unavailable'],
  ['ripgrep: ', 'invalid_pattern'],
  ['code_search: the helper was interrupted', 'interrupted'],
  ['the pattern contains', 'invalid_request'],
  ['the glob contains', 'invalid_request'],
];

function kindOfMessage(message: string): ErrorKind {
  for (const [start, kind] of KIND_BY_START) if (message.startsWith(start)) return kind;
  if (message.endsWith('code_search takes a file or a folder')) return 'not_a_file';
  return 'internal';
}

export class ToolError extends KindedToolError {
  constructor(message: string) {
    super(kindOfMessage(message), message);
  }
}
