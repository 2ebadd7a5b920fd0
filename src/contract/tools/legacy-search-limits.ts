// What src/ops/code_search.ts imported from the old tools table, until it moves to
// src/tools/code_search/ and takes its resolved arguments (CodeSearchArgs) and limits from
// src/limits.ts. Delete this file then.
export { clampInteger } from './spec.js';
export {
  SEARCH_LINE_MAX_CHARS,
  SEARCH_MAX_CONTEXT_LINES,
  SEARCH_MAX_FILES,
  SEARCH_MAX_LINES,
  SEARCH_MAX_MATCHES_PER_FILE,
  SEARCH_TIMEOUT_SECONDS,
} from '../../limits.js';
