import { describe, expect, it } from 'vitest';
import {
  applyPipeline,
  PLATFORM_RESULT_MAX_BYTES,
  redact,
} from '../../src/orchestrator/pipeline.js';
import { remainingToolCallsTrailer } from '../../src/orchestrator/format.js';

const CUT_MARKER = '\n[… cut to stay under 65536 bytes]';

describe('redaction', () => {
  it('masks every occurrence of a secret value', () => {
    expect(redact('token=abc123 and again abc123', ['abc123'])).toBe('token=[REDACTED] and again [REDACTED]');
  });
  it('masks a secret that holds another whole', () => {
    expect(redact('key: sk-live-123456', ['123', 'sk-live-123456'])).toBe('key: [REDACTED]');
  });
  it('masks each of several secrets', () => {
    expect(redact('a=one b=two', ['one', 'two'])).toBe('a=[REDACTED] b=[REDACTED]');
  });
  it('ignores an empty secret value', () => expect(redact('nothing here', [''])).toBe('nothing here'));
  it('leaves text without secrets alone', () => expect(redact('plain', ['zzz'])).toBe('plain'));
  it('masks a secret that spans lines', () => {
    expect(redact('-----BEGIN\nKEY-----\n', ['BEGIN\nKEY'])).toBe('-----[REDACTED]-----\n');
  });
  it('masks a multibyte secret', () => expect(redact('pass: pässwörd', ['pässwörd'])).toBe('pass: [REDACTED]'));
});

describe('the 64 KiB cap', () => {
  it('leaves a text of exactly 64 KiB whole', () => {
    const text = 'a'.repeat(PLATFORM_RESULT_MAX_BYTES);
    expect(applyPipeline(text)).toEqual({ text, cut: false });
  });

  it('cuts a text one byte over, saying so, within 64 KiB', () => {
    const result = applyPipeline('a'.repeat(PLATFORM_RESULT_MAX_BYTES + 1));
    expect(result.cut).toBe(true);
    expect(result.text).toBe('a'.repeat(PLATFORM_RESULT_MAX_BYTES - Buffer.byteLength(CUT_MARKER)) + CUT_MARKER);
    expect(Buffer.byteLength(result.text)).toBe(PLATFORM_RESULT_MAX_BYTES);
  });

  it('never cuts inside a multibyte character', () => {
    const result = applyPipeline('€'.repeat(30_000));
    const kept = Math.floor((PLATFORM_RESULT_MAX_BYTES - Buffer.byteLength(CUT_MARKER)) / 3);
    expect(result.text).toBe('€'.repeat(kept) + CUT_MARKER);
  });

  it('leaves an empty text empty', () => expect(applyPipeline('')).toEqual({ text: '', cut: false }));
});

describe('the remaining_tool_calls trailer', () => {
  it('is a blank line, then the count', () => {
    expect(remainingToolCallsTrailer(7)).toBe('\n\nremaining_tool_calls: 7');
  });
  it('follows the text', () => {
    expect(applyPipeline('hello', { remainingToolCalls: 3 })).toEqual({
      text: 'hello\n\nremaining_tool_calls: 3',
      cut: false,
    });
  });
  it('says 0 when no call is left', () => {
    expect(applyPipeline('x', { remainingToolCalls: 0 }).text).toBe('x\n\nremaining_tool_calls: 0');
  });
  it('is left out when the platform gives no count', () => expect(applyPipeline('x').text).toBe('x'));
});

describe('the order: redaction, the cap, the trailer', () => {
  it('masks a secret that straddles the cut rather than show half of it', () => {
    // Capped first, the cut would fall inside the secret and leave its first half unmasked.
    const secret = 'S'.repeat(40);
    const text = 'a'.repeat(PLATFORM_RESULT_MAX_BYTES - 30) + secret;
    expect(applyPipeline(text, { secretValues: [secret] })).toEqual({
      text: 'a'.repeat(PLATFORM_RESULT_MAX_BYTES - 30) + '[REDACTED]',
      cut: false,
    });
  });

  it('keeps the trailer whole after a cut', () => {
    const result = applyPipeline('a'.repeat(70_000), { remainingToolCalls: 12 });
    expect(result.text.endsWith(CUT_MARKER + '\n\nremaining_tool_calls: 12')).toBe(true);
    expect(result.cut).toBe(true);
  });

  it('cuts a text that redaction made longer than 64 KiB', () => {
    const text = 'k'.repeat(PLATFORM_RESULT_MAX_BYTES);
    const result = applyPipeline(text, { secretValues: ['k'.repeat(8)] });
    expect(result.cut).toBe(true);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(PLATFORM_RESULT_MAX_BYTES);
  });
});
