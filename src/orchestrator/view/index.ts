// The app's views of a run's calls, for a platform's own UI.
export {
  argumentsView,
  callView,
  FAILURE_LABEL,
  flowItem,
  flowView,
  resultView,
  VIEW_JSON_TREE_MAX_NODES,
  VIEW_LIMITS,
  VIEW_RESULT_MAX_BYTES,
  type ArgumentsView,
  type CallView,
  type FlowItem,
  type RecordedCall,
  type ResultView,
  type ViewLimits,
} from './call-view.js';
export { markdownLiteral, resultParts, type PartsOf, type ResultPart } from './result-parts.js';
export { jsonTree, parseJsonDocument, type JsonNode, type JsonNodeType } from './json-tree.js';
export { durationText, TIMING_LABEL, TIMING_PART_NAMES, timingBars, timingField, timingText, type TimingBar } from './timing.js';
