// The lists of the tools' modules, made from the registry's rows (src/contract/tool-names.ts): build.mjs
// writes them before it bundles, and test/tools/registry-lists.test.ts fails while a committed one is
// not what the rows make. TypeScript cannot import a module by a name held in data, so the modules a
// row implies are written out here, one list per side: the helper's bundle imports the lists of its
// contracts and its run steps and nothing of the orchestrator's (descriptors, notes, rows, views).
// Pure; nothing in a bundle imports it.
import type { ToolRow } from '../contract/tool-names.js';

const HEADER = '// Made by build.mjs from the rows of src/contract/tool-names.ts (src/tools/registry-lists.ts): do not edit.\n';

/** shell_status: SHELL_STATUS. */
const upper = (name: string): string => name.toUpperCase();

/** shell_status: shellStatus, the name of its run step (src/tools/<tool>/run.ts). */
const camel = (name: string): string => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

function listModule(imports: string[], declaration: string): string {
  return `${HEADER}${imports.join('\n')}\n\n${declaration}\n`;
}

/** Each generated module's path, from the repository's root, and its text. */
export function registryLists(rows: readonly ToolRow[]): Record<string, string> {
  const codeRows = rows.filter((row) => row.helper === 'guilds-code');
  const contract = (row: ToolRow) => `${upper(row.name)}_CONTRACT`;
  return {
    'src/contract/tools/contracts.generated.ts': listModule(
      rows.map((row) => `import { ${contract(row)} } from '../../tools/${row.name}/contract.js';`),
      `/** Every tool's contract, in the registry's order. */\nexport const CONTRACTS = [${rows.map(contract).join(', ')}] as const;`,
    ),
    'src/tools/code-contracts.generated.ts': listModule(
      codeRows.map((row) => `import { ${contract(row)} } from './${row.name}/contract.js';`),
      `/** The contracts of guilds-code's tools, in the registry's order. */\nexport const CODE_TOOL_CONTRACTS = [${codeRows.map(contract).join(', ')}] as const;`,
    ),
    'src/tools/code-runs.generated.ts': listModule(
      [
        `import type { CodeToolRuns } from './index.js';`,
        ...codeRows.flatMap((row) => [
          `import { ${contract(row)} } from './${row.name}/contract.js';`,
          `import { ${camel(row.name)} } from './${row.name}/run.js';`,
        ]),
      ],
      `/** The run steps of guilds-code's tools, by name. */\nexport const CODE_TOOL_RUNS: CodeToolRuns = {\n${codeRows.map((row) => `  [${contract(row)}.spec.name]: ${camel(row.name)},\n`).join('')}};`,
    ),
    'src/tools/descriptors.generated.ts': listModule(
      rows.map((row) => `import { ${upper(row.name)}_TOOL } from './${row.name}/tool.js';`),
      `/** Every tool's descriptor, in the registry's order. */\nexport const DESCRIPTORS = [${rows.map((row) => `${upper(row.name)}_TOOL`).join(', ')}] as const;`,
    ),
  };
}
