// The whole tool declaration JSON, pinned: any change to what the model is told about the tools shows
// up as a diff of test/orchestrator/golden/declarations.json, to be read and committed on purpose.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CODE_TOOL_DECLARATIONS, codeToolDeclarations } from '../../src/orchestrator/declarations.js';

const GOLDEN = new URL('./golden/declarations.json', import.meta.url);

it('the declarations with CODE_RESULT_MAX_BYTES unset are the golden JSON, byte for byte', () => {
  expect(JSON.stringify(CODE_TOOL_DECLARATIONS, null, 2) + '\n').toBe(readFileSync(GOLDEN, 'utf8'));
});

it('a configured cap changes file_read’s description only, and only in the number', () => {
  const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as typeof CODE_TOOL_DECLARATIONS;
  const configured = codeToolDeclarations(true, 16384);
  expect(configured.map((declaration) => declaration.name)).toEqual(golden.map((declaration) => declaration.name));
  for (const [index, declaration] of configured.entries()) {
    const expected = golden[index]!;
    expect(declaration.parameters).toEqual(expected.parameters);
    if (declaration.name === 'file_read') {
      expect(declaration.description).toBe(expected.description.replace('The byte cap is 8192 bytes.', 'The byte cap is 16384 bytes.'));
    } else expect(declaration.description).toBe(expected.description);
  }
});
