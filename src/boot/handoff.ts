// The request the loader parsed, handed on to the body it runs, so that a cold call parses its JSON
// once (src/boot/code-cache.ts). The loader and the body are separate programs in one file, with no
// module between them: a process-wide symbol carries it. A body run without the loader (a test's
// bundle) finds none and parses the request itself.
import type { ParsedRequest } from './code-cache.js';

const HANDED_ON = Symbol.for('guilds-code.parsed-request');

type Holder = { [HANDED_ON]?: ParsedRequest | null };

export function handOnParsedRequest(request: ParsedRequest | null): void {
  (globalThis as Holder)[HANDED_ON] = request;
}

/** The request the loader parsed, once: the holder is emptied. */
export function takeParsedRequest(): ParsedRequest | undefined {
  const holder = globalThis as Holder;
  const request = holder[HANDED_ON] ?? undefined;
  delete holder[HANDED_ON];
  return request;
}
