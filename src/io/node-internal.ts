// Node's internal bindings, reached without the public modules that wrap them. node:crypto and
// node:child_process each run milliseconds of JavaScript when first loaded, at every call that needs
// them; the bindings underneath cost a fraction of a millisecond. The bindings are internal: their
// methods check their arguments with assertions that abort the whole process when they do not match
// what that Node version expects. So they are used only on the Node versions listed here, whose
// signatures were checked one by one against Node's own lib/ (every other version takes the public
// module), and each use is checked once more at run time where it can be.

/** Node versions whose crypto Hash and process_wrap Process signatures this code was checked against. */
export const CHECKED_NODE_VERSIONS: ReadonlySet<string> = new Set(['20.20.2']);

/** The named internal binding, or null: an unchecked Node version, or the binding refused. */
export function internalBinding<T>(name: 'crypto' | 'process_wrap'): T | null {
  if (!CHECKED_NODE_VERSIONS.has(process.versions.node)) return null;
  // process.binding() of some modules prints a deprecation warning; the helper's stderr stays quiet.
  const noDeprecation = process.noDeprecation;
  try {
    process.noDeprecation = true;
    return (process as unknown as { binding(name: string): T }).binding(name);
  } catch {
    return null; // a permission model, or a build without it
  } finally {
    process.noDeprecation = noDeprecation;
  }
}
