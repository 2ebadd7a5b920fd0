// The tools by name. A module of its own so that the bundle's loader can know them without loading
// the tools' whole argument table (src/contract/tools/index.ts).
export type OpName = 'shell' | 'shell_status' | 'file_read' | 'code_search';
export const OP_NAMES: readonly OpName[] = ['shell', 'shell_status', 'file_read', 'code_search'];
