// The request the loader took and parsed, handed on to the body it runs, so that a cold call reads a
// request file once (before a helper started as root acts as the agent) and parses its JSON once
// (src/boot/code-cache.ts). The loader and the body are separate programs in one file, with no module
// between them: a process-wide symbol carries it. A body run without the loader (a test's bundle)
// finds none, and takes and parses the request itself.
import type { TakenRequestFile } from '../contract/request-file.js';
import type { ParsedRequest } from './code-cache.js';

/** What the loader found of the request: the request file it took (when the argument names one), and the JSON it parsed. */
export interface HandedOnRequest {
  readonly file?: TakenRequestFile | undefined;
  readonly parsed: ParsedRequest | null;
}

const HANDED_ON = Symbol.for('guilds-code.parsed-request');

type Holder = { [HANDED_ON]?: HandedOnRequest };

export function handOnRequest(request: HandedOnRequest): void {
  (globalThis as Holder)[HANDED_ON] = request;
}

/** What the loader handed on, once: the holder is emptied. */
export function takeHandedOnRequest(): HandedOnRequest | undefined {
  const holder = globalThis as Holder;
  const request = holder[HANDED_ON];
  delete holder[HANDED_ON];
  return request;
}
