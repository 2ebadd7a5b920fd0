// Node's heavier built-ins, loaded on first use.
// Loading node:crypto or node:child_process costs milliseconds at every start, so ops that need them
// load them on first use. In the bundle `require` is CommonJS's own; under the test runner (an ES
// module) Node's built-ins come from process.getBuiltinModule, so the bundle need not load node:module.
declare const require: NodeJS.Require | undefined;
const nodeRequire = (id: string): unknown =>
  typeof require === 'function' ? require(id) : process.getBuiltinModule(id);

export function loadCrypto(): typeof import('node:crypto') {
  return nodeRequire('node:crypto') as typeof import('node:crypto');
}

export function loadChildProcess(): typeof import('node:child_process') {
  return nodeRequire('node:child_process') as typeof import('node:child_process');
}

export function loadOs(): typeof import('node:os') {
  return nodeRequire('node:os') as typeof import('node:os');
}
