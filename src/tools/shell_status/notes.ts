// What shell_status's description adds, for a model, to its spec's own: the rules the orchestrator
// side applies (its declarations) and those of the MCP server. Pure; the declarations' and the MCP
// tools' golden tests hold the whole text.

export function shellStatusDeclarationNote(): string {
  return "Background commands end when the machine's container stops for idleness.";
}

export function shellStatusMcpNote(): string {
  return 'Background commands keep running after this session ends, until they exit or are stopped.';
}
