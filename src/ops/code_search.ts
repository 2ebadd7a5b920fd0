// code_search lives in src/tools/code_search/; the op table still finds it here.
export { codeSearch } from '../tools/code_search/run.js';
