// The tools by name, and the helper bundle that runs each. A module of its own so that the bundles'
// loader can know them without loading the tools' whole argument table (src/contract/tools/index.ts).
export type OpName = 'shell' | 'shell_status' | 'file_read' | 'code_search' | 'code_task';
export const OP_NAMES: readonly OpName[] = ['shell', 'shell_status', 'file_read', 'code_search', 'code_task'];

/** The helpers: guilds-code runs the four code tools, guilds-harness runs code_task (SPEC section 6). */
export type HelperName = 'guilds-code' | 'guilds-harness';

export const HELPER_OF_TOOL: Readonly<Record<OpName, HelperName>> = {
  shell: 'guilds-code',
  shell_status: 'guilds-code',
  file_read: 'guilds-code',
  code_search: 'guilds-code',
  code_task: 'guilds-harness',
};
