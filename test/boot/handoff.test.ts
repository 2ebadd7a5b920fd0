// A cold call's request is taken and parsed once: the loader hands on the request file it took and
// its JSON (src/boot/handoff.ts), and the body takes the value only when its own strict reading of
// the request gives the same text.
import { expect, it } from 'vitest';
import { handOnRequest, takeHandedOnRequest } from '../../src/boot/handoff.js';
import { parseRequestText } from '../../src/boot/code-cache.js';
import { parseRequestBytes } from '../../src/contract/request.js';
import { TOOL_SPECS } from '../../src/contract/tools/index.js';

const TEXT = '{"op":"file_read","args":{"path":"a.txt"},"run_id":"r1","agent_id":"a1","call_id":"c1"}';
/** The value of TEXT but another call id: which one the check returns tells which was used. */
const HANDED = { text: TEXT, value: { ...JSON.parse(TEXT), call_id: 'handed' } };

it('gives what the loader found once: the request file it took, and the parsed request', () => {
  const handed = { file: { path: '/run/guilds/requests/r1-c1.json', bytes: Buffer.from(TEXT) }, parsed: parseRequestText(TEXT) };
  handOnRequest(handed);
  expect(takeHandedOnRequest()).toBe(handed);
  expect(takeHandedOnRequest()).toBeUndefined();
});

it('has nothing to give for text that is no JSON', () => {
  expect(parseRequestText('{"op":')).toBeNull();
  expect(parseRequestText(null)).toBeNull();
});

it('takes the handed value for the same text', () => {
  expect(parseRequestBytes(Buffer.from(TEXT), TOOL_SPECS, HANDED).callId).toBe('handed');
});

it('parses the bytes itself when they read otherwise: another text, a byte order mark', () => {
  expect(parseRequestBytes(Buffer.from(TEXT.replace('c1', 'c2')), TOOL_SPECS, HANDED).callId).toBe('c2');
  expect(parseRequestBytes(Buffer.from(`\uFEFF${TEXT}`), TOOL_SPECS, { text: `\uFEFF${TEXT}`, value: HANDED.value }).callId).toBe('c1');
});

it('refuses bytes that are no UTF-8 whatever was handed', () => {
  const bytes = Buffer.concat([Buffer.from(TEXT.slice(0, -2)), Buffer.from([0xff]), Buffer.from('"}')]);
  expect(() => parseRequestBytes(bytes, TOOL_SPECS, { text: bytes.toString('utf8'), value: HANDED.value })).toThrow('UTF-8');
});
