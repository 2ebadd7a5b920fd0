// The meta types are read from the meta schemas (src/contract/meta-schema.ts): each type is the one
// the tool's run step returns and the schema the MCP server declares, field for field.
import { describe, expectTypeOf, it } from 'vitest';
import type { CodeSearchMeta } from '../../src/tools/code_search/contract.js';
import type { CodeTaskMeta, CodeTaskStatus, HarnessName } from '../../src/tools/code_task/contract.js';
import type { FileReadMeta } from '../../src/tools/file_read/contract.js';
import type { ShellMeta } from '../../src/tools/shell/contract.js';

describe('a meta type read from its schema', () => {
  it('has the required properties as required, the others as optional, each of its JSON type', () => {
    expectTypeOf<ShellMeta>().toEqualTypeOf<{
      exit_code: number | null;
      cwd: string;
      timed_out: boolean;
      elapsed_ms: number;
      log_path?: string;
      background_id?: string;
    }>();
    expectTypeOf<CodeSearchMeta>().toEqualTypeOf<{
      matches: number;
      files: number;
      truncated: boolean;
      ignored_matches?: number;
      ignored_files?: number;
    }>();
  });

  it('reads an enum as its values, alternatives as a union and a pair as a tuple', () => {
    expectTypeOf<FileReadMeta>().toEqualTypeOf<{
      path: string;
      display_path: string;
      range: [number, number] | null;
      content_hash: string;
      lines: number;
      encoding?: 'UTF-16 LE' | 'UTF-16 BE';
      repeat_of?: number;
    }>();
    expectTypeOf<CodeTaskMeta['status']>().toEqualTypeOf<CodeTaskStatus>();
    expectTypeOf<CodeTaskMeta['harness']>().toEqualTypeOf<HarnessName>();
    expectTypeOf<CodeTaskMeta['session_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<CodeTaskMeta['cost_usd']>().toEqualTypeOf<number | undefined>();
  });
});
