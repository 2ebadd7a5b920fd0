// Running ripgrep (the code_search op).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SearchProcesses {}
