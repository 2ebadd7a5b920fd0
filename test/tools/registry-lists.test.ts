// The lists of the tools' modules are what the registry's rows make (build.mjs writes them): a row
// added or changed without a build fails here rather than in a bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_ROWS } from '../../src/contract/tool-names.js';
import { registryLists } from '../../src/tools/registry-lists.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the lists of the tools made from the rows', () => {
  it.each(Object.entries(registryLists(TOOL_ROWS)))('%s is as the rows make it (run npm run build when it is not)', (path, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(text);
  });

  it("names each tool's modules by its name, guilds-code's contracts and run steps apart from the others", () => {
    const lists = registryLists([
      { name: 'echo_note', helper: 'guilds-code', cacheKinds: ['echo_note'] },
      { name: 'code_task', helper: 'guilds-harness', cacheKinds: ['code_task'] },
    ]);
    expect(lists['src/tools/code-runs.generated.ts']).toBe(
      '// Made by build.mjs from the rows of src/contract/tool-names.ts (src/tools/registry-lists.ts): do not edit.\n' +
        "import type { CodeToolRuns } from './index.js';\n" +
        "import { ECHO_NOTE_CONTRACT } from './echo_note/contract.js';\n" +
        "import { echoNote } from './echo_note/run.js';\n\n" +
        "/** The run steps of guilds-code's tools, by name. */\n" +
        'export const CODE_TOOL_RUNS: CodeToolRuns = {\n  [ECHO_NOTE_CONTRACT.spec.name]: echoNote,\n};\n',
    );
    expect(lists['src/tools/code-contracts.generated.ts']).toContain('export const CODE_TOOL_CONTRACTS = [ECHO_NOTE_CONTRACT] as const;');
    expect(lists['src/contract/tools/contracts.generated.ts']).toContain('export const CONTRACTS = [ECHO_NOTE_CONTRACT, CODE_TASK_CONTRACT] as const;');
    expect(lists['src/tools/descriptors.generated.ts']).toContain("import { CODE_TASK_TOOL } from './code_task/tool.js';");
  });
});
