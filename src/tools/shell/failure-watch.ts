// The failure watch a shell call puts in front of its output collector, with the limits it takes
// (src/tools/shell/failure-scan.ts).
import {
  SHELL_ERROR_LINE_SEARCH_BYTES,
  SHELL_ERROR_SEARCH_MAX_BYTES,
  SHELL_KEPT_ERROR_LINE_MAX_BYTES,
  SHELL_KEPT_ERROR_LINES_MAX,
  SHELL_KEPT_ERRORS_MAX_PERCENT,
} from '../../limits.js';
import { FailureWatch } from './failure-scan.js';
import { headCapBytes, type OutputCollector, type ShellShapeLimits } from './collect.js';

export function failureWatchFor(collector: OutputCollector, limits: ShellShapeLimits): FailureWatch {
  return new FailureWatch(collector, limits.maxBytes + 1, {
    headBytes: headCapBytes(limits) + 1,
    maxLines: SHELL_KEPT_ERROR_LINES_MAX,
    maxPercent: SHELL_KEPT_ERRORS_MAX_PERCENT,
    searchMaxBytes: SHELL_ERROR_SEARCH_MAX_BYTES,
    lineSearchBytes: SHELL_ERROR_LINE_SEARCH_BYTES,
    keptLineMaxBytes: SHELL_KEPT_ERROR_LINE_MAX_BYTES,
  });
}
