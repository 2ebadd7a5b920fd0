// The sandbox the try-out command and the web page run the helper in, and the name they show for it.
// One place decides, so that both always say which one they use: bubblewrap's when bwrap works on
// this machine, else the local one, with the reason.
import { chooseSandbox as chooseMachineSandbox, type ChooseSandboxOptions } from '../src/orchestrator/choose-sandbox.js';
import type { MachineSandbox } from '../src/orchestrator/bwrap-sandbox.js';

export type TrySandbox = MachineSandbox;

export interface ChosenSandbox {
  sandbox: TrySandbox;
  /** As the tour and the page print it: `bubblewrap`, or `local (bubblewrap cannot run here: …)`. */
  name: string;
}

export async function chooseSandbox(options: ChooseSandboxOptions): Promise<ChosenSandbox> {
  const chosen = await chooseMachineSandbox(options);
  return { sandbox: chosen.sandbox, name: chosen.why === undefined ? chosen.name : `${chosen.name} (${chosen.why})` };
}
