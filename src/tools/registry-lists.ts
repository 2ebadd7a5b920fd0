// The modules a registry's rows imply (src/contract/registry.ts), made from them: build.mjs writes them
// before it bundles, and test/tools/registry-lists.test.ts fails while a committed one is not what
// the rows make. TypeScript cannot import a module by a name held in data, so what a tool's folder
// holds is listed here by its names: each tool's contract (contract.ts, `<TOOL>_CONTRACT`), descriptor
// (tool.ts, `<TOOL>_TOOL`), run step (run.ts, the name in camel case), its own I/O (io.ts,
// `<Tool>Io`) and that I/O in Node (node-io.ts, `<TOOL>_NODE_IO`). From them: the lists of all
// contracts and descriptors, each helper's contracts, run steps and Node I/O (its warm stream runs
// them all), the map of each tool's I/O, and each tool's body in its helper's bundle. A helper's
// bundle imports its contracts and run steps and nothing of the orchestrator's (descriptors, notes,
// rows, views). Pure; nothing in a bundle imports it.
import type { HelperName, ToolRegistration } from '../contract/registry.js';

const HEADER = '// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.\n';

/** shell_status: SHELL_STATUS. */
const upper = (name: string): string => name.toUpperCase();

/** shell_status: shellStatus, the name of its run step (src/tools/<tool>/run.ts). */
const camel = (name: string): string => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** shell_status: ShellStatus, the start of its I/O's type (src/tools/<tool>/io.ts). */
const pascal = (name: string): string => camel(name).replace(/^[a-z]/, (letter) => letter.toUpperCase());

/** guilds-code: code, the start of the names of its lists. */
const helperWord = (helper: HelperName): string => helper.replace(/^guilds-/, '');

function listModule(imports: string[], declaration: string): string {
  return `${HEADER}${imports.join('\n')}\n\n${declaration}\n`;
}

const contract = (row: ToolRegistration): string => `${upper(row.name)}_CONTRACT`;
const nodeIo = (row: ToolRegistration): string => `${upper(row.name)}_NODE_IO`;

/** A helper's lists: its tools' contracts, their run steps, and their Node I/O together. */
function helperLists(helper: HelperName, rows: readonly ToolRegistration[]): Record<string, string> {
  const own = rows.filter((row) => row.helper === helper);
  const word = helperWord(helper);
  const WORD = upper(word);
  return {
    [`src/tools/${word}-contracts.generated.ts`]: listModule(
      own.map((row) => `import { ${contract(row)} } from './${row.name}/contract.js';`),
      `/** The contracts of ${helper}'s tools, in the registry's order. */\nexport const ${WORD}_TOOL_CONTRACTS = [${own.map(contract).join(', ')}] as const;`,
    ),
    [`src/tools/${word}-runs.generated.ts`]: listModule(
      [`import type { ToolRuns } from './context.js';`, ...own.map((row) => `import { ${camel(row.name)} } from './${row.name}/run.js';`)],
      `/** The run steps of ${helper}'s tools, by name. */\nexport const ${WORD}_TOOL_RUNS: ToolRuns = {\n${own.map((row) => `  ${row.name}: ${camel(row.name)},\n`).join('')}};`,
    ),
    [`src/tools/${word}-node-io.generated.ts`]: listModule(
      own.map((row) => `import { ${nodeIo(row)} } from './${row.name}/node-io.js';`),
      `/** The I/O of all of ${helper}'s tools, as Node gives it: its warm stream runs them all. */\nexport const ${WORD}_TOOLS_NODE_IO = { ${own.map((row) => `...${nodeIo(row)}`).join(', ')} };`,
    ),
  };
}

/** A tool's body in its helper's bundle: its run step alone, with every contract of its helper, and its I/O. */
function bodyModule(row: ToolRegistration): string {
  const WORD = upper(helperWord(row.helper));
  return listModule(
    [
      `import { hostColdCall } from '../../entry.js';`,
      `import { toolTable } from '../index.js';`,
      `import { ${WORD}_TOOL_CONTRACTS } from '../${helperWord(row.helper)}-contracts.generated.js';`,
      `import { ${nodeIo(row)} } from './node-io.js';`,
      `import { ${camel(row.name)} } from './run.js';`,
    ],
    `// ${row.name}'s body in dist/${row.helper}.js (build.mjs bundles it; src/boot/loader.ts picks it by the request's op).\n` +
      `hostColdCall(toolTable(${WORD}_TOOL_CONTRACTS, { ${row.name}: ${camel(row.name)} }), ${nodeIo(row)});`,
  );
}

/** Each generated module's path, from the repository's root, and its text. */
export function registryLists(rows: readonly ToolRegistration[]): Record<string, string> {
  const helpers = [...new Set(rows.map((row) => row.helper))];
  return {
    'src/contract/tools/contracts.generated.ts': listModule(
      rows.map((row) => `import { ${contract(row)} } from '../../tools/${row.name}/contract.js';`),
      `/** Every tool's contract, in the registry's order. */\nexport const CONTRACTS = [${rows.map(contract).join(', ')}] as const;`,
    ),
    'src/tools/descriptors.generated.ts': listModule(
      rows.map((row) => `import { ${upper(row.name)}_TOOL } from './${row.name}/tool.js';`),
      `/** Every tool's descriptor, in the registry's order. */\nexport const DESCRIPTORS = [${rows.map((row) => `${upper(row.name)}_TOOL`).join(', ')}] as const;`,
    ),
    'src/tools/io.generated.ts': listModule(
      rows.map((row) => `import type { ${pascal(row.name)}Io } from './${row.name}/io.js';`),
      `/** Each tool's own I/O (src/tools/<tool>/io.ts), by name: what its run step sees beside the shared Io. */\nexport interface ToolIo {\n${rows.map((row) => `  ${row.name}: ${pascal(row.name)}Io;\n`).join('')}}`,
    ),
    ...Object.assign({}, ...helpers.map((helper) => helperLists(helper, rows))),
    ...Object.fromEntries(rows.map((row) => [`src/tools/${row.name}/body.generated.ts`, bodyModule(row)])),
  };
}
