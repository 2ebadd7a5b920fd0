// The call's mark: one environment variable that every process a call starts inherits, whatever
// group or session it moves to (setsid, a double fork, nohup, a daemon), so that a call that times
// out or is stopped finds and ends all of them, and nothing of another call (docs/reliability.md,
// "Decisions", "A stopped call ends every process it started"). Pure: text in, text out; the /proc scan that
// uses it is src/io/node/sweep.ts.
//
// The value is a list of call tokens separated by ':', the call's own last: a helper started by a
// command of another call (an MCP server under a code task's harness) adds its calls' tokens to the
// one it inherited, so the outer call's stop reaches them too.

/** The one variable a command sees beyond the page's (docs/contract.md). */
export const CALL_MARK_VARIABLE = 'GUILDS_CALL_MARK';
/** Tokens kept in the list: the newest ones, so a mark never grows past this however deep calls nest. */
export const CALL_MARK_MAX_TOKENS = 8;
const TOKEN_SEPARATOR = ':';
const TOKEN_PATTERN = /^[0-9a-z]+(?:-[0-9a-z]+)*$/;

/**
 * The call's key: what its ids come to, the same in every process given them, so that the
 * orchestrator names the processes of a call whose helper died without asking that helper (`--sweep`,
 * src/sweep-main.ts). A 53-bit hash of the agent, run and call ids (cyrb53: two 32-bit multiplicative
 * mixes), in base 36. Ids hold no `/` (src/contract/ids.ts), so the joined text is the three ids'.
 */
export function callKey(agentId: string, runId: string, callId: string): string {
  const text = `${agentId}/${runId}/${callId}`;
  let high = 0xdeadbeef;
  let low = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 2654435761);
    low = Math.imul(low ^ code, 1597334677);
  }
  high = Math.imul(high ^ (high >>> 16), 2246822507) ^ Math.imul(low ^ (low >>> 13), 3266489909);
  low = Math.imul(low ^ (low >>> 16), 2246822507) ^ Math.imul(high ^ (high >>> 13), 3266489909);
  return (4294967296 * (2097151 & low) + (high >>> 0)).toString(36);
}

/** Whether `text` is a call key as callKey writes one. */
export function isCallKey(text: string): boolean {
  return /^[0-9a-z]{1,11}$/.test(text);
}

/**
 * A token no other call shares: the call's key first, then the helper's pid, the time, a counter and
 * random digits, in base 36. Not a secret: any process of the agent may end the agent's processes anyway.
 */
export function callToken(key: string, pid: number, nowMs: number, counter: number, random: number): string {
  const digits = Math.floor(random * 36 ** 8).toString(36);
  return [key, ...[pid, nowMs, counter].map((part) => Math.max(0, Math.floor(part)).toString(36)), digits].join('-');
}

/** The mark's value for a call with `token` whose environment already held `inherited` (or none). */
export function markValue(inherited: string | undefined, token: string): string {
  const kept = (inherited ?? '').split(TOKEN_SEPARATOR).filter((part) => TOKEN_PATTERN.test(part));
  return [...kept, token].slice(-CALL_MARK_MAX_TOKENS).join(TOKEN_SEPARATOR);
}

/** Whether a mark's value carries `token`. */
export function markCarries(value: string, token: string): boolean {
  return value.split(TOKEN_SEPARATOR).includes(token);
}

/** Whether a mark's value carries a token of the call whose key is `key` (its first part). */
export function markCarriesKey(value: string, key: string): boolean {
  const prefix = `${key}-`;
  return value.split(TOKEN_SEPARATOR).some((token) => token.startsWith(prefix));
}

/**
 * The value of `name` in a process's environment as /proc/<pid>/environ holds it (NAME=value
 * entries, each ended by a NUL; the last one's NUL may be missing); null when it has none. Read as
 * latin1, byte for byte: names and tokens are ASCII.
 */
export function environValue(environ: string, name: string): string | null {
  const prefix = `${name}=`;
  let start = 0;
  while (start < environ.length) {
    let end = environ.indexOf('\0', start);
    if (end === -1) end = environ.length;
    if (environ.startsWith(prefix, start)) return environ.slice(start + prefix.length, end);
    start = end + 1;
  }
  return null;
}

/** Whether the environment (as /proc/<pid>/environ holds it) carries `entry` exactly (NAME=value). */
export function environHasEntry(environ: string, entry: string): boolean {
  const equals = entry.indexOf('=');
  return equals > 0 && environValue(environ, entry.slice(0, equals)) === entry.slice(equals + 1);
}

/** Whether the environment carries the call's token in its mark. */
export function environCarriesToken(environ: string, token: string): boolean {
  const value = environValue(environ, CALL_MARK_VARIABLE);
  return value !== null && markCarries(value, token);
}

/** Whether the environment carries a token of the call whose key is `key` in its mark. */
export function environCarriesKey(environ: string, key: string): boolean {
  const value = environValue(environ, CALL_MARK_VARIABLE);
  return value !== null && markCarriesKey(value, key);
}
