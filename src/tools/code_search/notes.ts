// What code_search's description adds, for a model, to its spec's own: the rules the orchestrator
// side applies (its declarations) and those of the MCP server (the words a model searches tools with,
// the home). Pure; the declarations' and the MCP tools' golden tests hold the whole text.
import { SEARCH_TIMEOUT_SECONDS } from '../../limits.js';

export function codeSearchDeclarationNote(): string {
  return `A search is stopped after ${SEARCH_TIMEOUT_SECONDS} s and shows what it found by then.`;
}

export function codeSearchMcpNote(home: string): string {
  return (
    'Use it to find where a name is defined or used, as grep or rg would, before reading the file. ' +
    `Paths are confined to the home, ${home}. A search is stopped after ${SEARCH_TIMEOUT_SECONDS} s and shows what it found by then.`
  );
}
