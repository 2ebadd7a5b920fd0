// The sandbox the try-out command and the web page run the helper in, and the name they show for it.
// One place decides, so that both always say which one they use.
import type { Sandbox } from '../src/orchestrator/index.js';
import { LocalSandbox, type LocalSandboxOptions } from '../src/orchestrator/local-sandbox.js';

/** A sandbox with the agent's home on this machine, and a scratch folder to remove at the end. */
export interface TrySandbox extends Sandbox {
  readonly home: string;
  cleanup(): void;
}

export interface ChosenSandbox {
  sandbox: TrySandbox;
  /** As the tour and the page print it: `local`. */
  name: string;
}

export function chooseSandbox(options: LocalSandboxOptions): ChosenSandbox {
  return { sandbox: new LocalSandbox(options), name: 'local' };
}
