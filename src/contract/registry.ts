// The registry of the tools: one row per tool, its name, the helper bundle that runs it and the kinds
// of call whose code its body holds. Adding a tool is its folder (src/tools/<tool>/) and one row here.
// A module of plain data, so that the bundles' loader and build.mjs read it without the tools'
// tables; everything else about a tool is its definition (src/tools/<tool>/tool.ts).

/** The helpers: guilds-code runs the four code tools, guilds-harness runs code_task (SPEC section 6). */
export type HelperName = 'guilds-code' | 'guilds-harness';

/**
 * A tool's row. `cacheKinds` are the kinds of call (src/boot/code-cache.ts) that its body
 * (src/tools/<tool>/body.ts) answers; `other` (a request whose op the loader cannot read) goes to one
 * body per helper, which refuses it as every body would.
 */
export interface ToolRegistration {
  name: string;
  helper: HelperName;
  cacheKinds: readonly string[];
}

export const TOOL_REGISTRY = [
  { name: 'shell', helper: 'guilds-code', cacheKinds: ['shell', 'shell-background'] },
  { name: 'shell_status', helper: 'guilds-code', cacheKinds: ['shell_status'] },
  { name: 'file_read', helper: 'guilds-code', cacheKinds: ['file_read', 'other'] },
  { name: 'code_search', helper: 'guilds-code', cacheKinds: ['code_search'] },
  { name: 'code_task', helper: 'guilds-harness', cacheKinds: ['code_task', 'other'] },
] as const satisfies readonly ToolRegistration[];

export type OpName = (typeof TOOL_REGISTRY)[number]['name'];

export const OP_NAMES: readonly OpName[] = TOOL_REGISTRY.map((row) => row.name);

export const HELPER_OF_TOOL: Readonly<Record<OpName, HelperName>> = Object.fromEntries(
  TOOL_REGISTRY.map((row) => [row.name, row.helper]),
) as Record<OpName, HelperName>;
