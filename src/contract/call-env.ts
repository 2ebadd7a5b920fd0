// A warm call's environment (SPEC section 8, as this project extends it): a stream's helper takes its
// own environment once, when the stream opens; a call whose environment differs from it sends the
// difference in its request line, `env`, each name to its value or to null to unset it. The helper
// layers it over its own for that call alone, so that the call sees exactly what a cold helper started
// with its environment would. Only a stream's line carries it: a cold request travels in argv, which
// every process in the sandbox can read, and its environment is the exec's own. Pure.
import { isPlainObject } from './encoding.js';
import { invalidRequest, requestReasons as reasons } from './errors.js';

/** Each name to its new value, or null where the call has none. */
export type EnvChange = Readonly<Record<string, string | null>>;

type Environment = Readonly<Record<string, string | undefined>>;

/** What turns `from` into `to`; null when they are the same. */
export function envChange(from: Readonly<Record<string, string>>, to: Readonly<Record<string, string>>): EnvChange | null {
  const change: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(to)) if (from[name] !== value) change[name] = value;
  for (const name of Object.keys(from)) if (!Object.hasOwn(to, name)) change[name] = null;
  return Object.keys(change).length === 0 ? null : change;
}

/** A request's `env`, checked: an object of names (no `=`, no NUL) to strings (no NUL) or null. */
export function envChangeOf(value: unknown): EnvChange | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw invalidRequest(reasons.notJsonObject('env'));
  const change: Record<string, string | null> = {};
  for (const [name, each] of Object.entries(value)) {
    if (name === '' || name.includes('=') || name.includes('\0')) throw invalidRequest(reasons.envName);
    if (each !== null && (typeof each !== 'string' || each.includes('\0'))) throw invalidRequest(reasons.envValue);
    change[name] = each;
  }
  return change;
}

/** `base` with `change` made, the names of `kept` left as `base` has them (the helper's home and state folder). */
export function withEnvChange(base: Environment, change: EnvChange, kept: readonly string[]): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...base };
  for (const [name, value] of Object.entries(change)) {
    if (kept.includes(name)) continue;
    if (value === null) delete env[name];
    else env[name] = value;
  }
  return env;
}
