// The orchestrator's own sentences: golden.
import { describe, expect, it } from 'vitest';
import {
  argumentsNotJson,
  argumentsNotObject,
  pointerText,
  remainingToolCallsTrailer,
  unknownTool,
} from '../../src/orchestrator/format.js';

describe("the orchestrator's errors", () => {
  it('name the tool whose arguments are wrong, as invalid requests', () => {
    expect([argumentsNotJson('shell').kind, argumentsNotJson('shell').message]).toEqual(['invalid_request', 'shell: the arguments are not valid JSON']);
    expect(argumentsNotObject('file_read').message).toBe('file_read: the arguments must be a JSON object');
  });

  it('list the code tools when an unknown one is called', () => {
    expect(unknownTool('frob', ['shell', 'file_read']).message).toBe("unknown tool 'frob' (the code tools are shell, file_read)");
    expect(unknownTool('frob', ['shell']).kind).toBe('invalid_request');
  });
});

describe('what the orchestrator adds to a result', () => {
  it('a repeated read points at the step that holds the text', () => {
    expect(pointerText('src/a.ts', [10, 20], 4)).toBe('src/a.ts lines 10–20: unchanged since step 4; read that result.');
  });

  it('the remaining calls after a blank line', () => {
    expect(remainingToolCallsTrailer(0)).toBe('\n\nremaining_tool_calls: 0');
  });
});
