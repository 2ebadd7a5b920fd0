// The run, agent and call ids of a request: they become file names, so they are held to a rule of
// their own. Pure, and free of anything else of the contract, so that the loader can place a request
// file by it (src/contract/request-file.ts).
import { ID_MAX_CHARS } from '../limits.js';

export const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** A run, agent or call id: 1 to ID_MAX_CHARS of A-Z a-z 0-9 _ . -, not . or .. (ids become file names). */
export function isValidId(text: string): boolean {
  return text.length >= 1 && text.length <= ID_MAX_CHARS && ID_PATTERN.test(text) && text !== '.' && text !== '..';
}
