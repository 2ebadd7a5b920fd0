// The lists of the tools' modules are what the registry's rows make (build.mjs writes them): a row
// added or changed without a build fails here rather than in a bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_REGISTRY } from '../../src/contract/registry.js';
import { registryLists } from '../../src/tools/registry-lists.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the lists of the tools made from the rows', () => {
  it.each(Object.entries(registryLists(TOOL_REGISTRY)))('%s is as the rows make it (run npm run build when it is not)', (path, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(text);
  });

  it("names each tool's modules by its name, each helper's contracts, run steps and I/O apart from the other's", () => {
    const lists = registryLists([
      { name: 'echo_note', helper: 'guilds-code', cacheKinds: ['echo_note'] },
      { name: 'code_task', helper: 'guilds-harness', cacheKinds: ['code_task'] },
    ]);
    const header = '// Made by build.mjs from the rows of src/contract/registry.ts (src/tools/registry-lists.ts): do not edit.\n';
    expect(lists['src/tools/code-runs.generated.ts']).toBe(
      header +
        "import type { ToolRuns } from './context.js';\n" +
        "import { echoNote } from './echo_note/run.js';\n\n" +
        "/** The run steps of guilds-code's tools, by name. */\n" +
        'export const CODE_TOOL_RUNS: ToolRuns = {\n  echo_note: echoNote,\n};\n',
    );
    expect(lists['src/tools/harness-node-io.generated.ts']).toBe(
      header +
        "import { CODE_TASK_NODE_IO } from './code_task/node-io.js';\n\n" +
        "/** The I/O of all of guilds-harness's tools, as Node gives it: its warm stream runs them all. */\n" +
        'export const HARNESS_TOOLS_NODE_IO = { ...CODE_TASK_NODE_IO };\n',
    );
    expect(lists['src/tools/echo_note/body.generated.ts']).toBe(
      header +
        "import { hostColdCall } from '../../entry.js';\n" +
        "import { toolTable } from '../index.js';\n" +
        "import { CODE_TOOL_CONTRACTS } from '../code-contracts.generated.js';\n" +
        "import { ECHO_NOTE_NODE_IO } from './node-io.js';\n" +
        "import { echoNote } from './run.js';\n\n" +
        "// echo_note's body in dist/guilds-code.js (build.mjs bundles it; src/boot/loader.ts picks it by the request's op).\n" +
        'hostColdCall(toolTable(CODE_TOOL_CONTRACTS, { echo_note: echoNote }), ECHO_NOTE_NODE_IO);\n',
    );
    expect(lists['src/tools/io.generated.ts']).toContain('export interface ToolIo {\n  echo_note: EchoNoteIo;\n  code_task: CodeTaskIo;\n}');
    expect(lists['src/tools/code-contracts.generated.ts']).toContain('export const CODE_TOOL_CONTRACTS = [ECHO_NOTE_CONTRACT] as const;');
    expect(lists['src/tools/harness-contracts.generated.ts']).toContain('export const HARNESS_TOOL_CONTRACTS = [CODE_TASK_CONTRACT] as const;');
    expect(lists['src/contract/tools/contracts.generated.ts']).toContain('export const CONTRACTS = [ECHO_NOTE_CONTRACT, CODE_TASK_CONTRACT] as const;');
    expect(lists['src/tools/descriptors.generated.ts']).toContain("import { CODE_TASK_TOOL } from './code_task/tool.js';");
  });
});
