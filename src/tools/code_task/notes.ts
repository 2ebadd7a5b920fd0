// What code_task's description adds, for a model, to its spec's own, in the orchestrator's
// declarations and the MCP server's tools alike. Pure; the declarations' and the MCP tools' golden
// tests hold the whole text.

export function codeTaskNote(): string {
  return (
    'The harness edits; the other four tools check. It works in its own session of the repository ' +
    'and returns when it is done: do not also edit the same files while it runs.'
  );
}
