// What shell's description adds, for a model, to its spec's own: the rules the orchestrator side
// applies (its declarations) and those of the MCP server. Pure; the declarations' and the MCP tools'
// golden tests hold the whole text.

export function shellDeclarationNote(): string {
  return (
    "Commands get the agent's home, its port block (a server listens on $PORT) and its secrets in " +
    'the environment; stdin is closed, so a command that prompts fails instead of waiting.'
  );
}

export function shellMcpNote(home: string): string {
  return (
    'Use it to run a command, a test or a build (npm test, make, cargo build, git status, gh). ' +
    `The home is ${home}: a session's commands start there, with HOME set to it. ` +
    'stdin is closed, so a command that prompts fails instead of waiting.'
  );
}
