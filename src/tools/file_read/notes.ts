// What file_read's description adds, for a model, to its spec's own: the rules the orchestrator side
// applies (its declarations) and those of the MCP server (the home, the byte cap, the repeated-read
// pointers). Pure; the declarations' and the MCP tools' golden tests hold the whole text.

export function fileReadDeclarationNote(resultMaxBytes: number): string {
  return (
    `The byte cap is ${resultMaxBytes} bytes. A read of lines that one earlier read of this run ` +
    'already returned, with the file unchanged, returns one line instead: "<path> lines a–b: ' +
    'unchanged since step N; read that result." The text is in the result of step N.'
  );
}

export function fileReadMcpNote(home: string, resultMaxBytes: number, readPointers: boolean): string {
  const pointer = readPointers
    ? ' A read of lines that an earlier read of this session already returned, with the file unchanged, ' +
      'returns one line instead: "<path> lines a–b: unchanged since step N; read that result." ' +
      'Step N is the session\'s Nth call of these tools; its result holds the text.'
    : '';
  return `Paths are confined to the home, ${home}. The byte cap is ${resultMaxBytes} bytes.${pointer}`;
}
