// The harnesses by name, and the order in which an unconfigured helper looks for one on PATH.
import type { HarnessName } from '../contract.js';
import { claudeHarness } from './claude.js';
import { codexHarness } from './codex.js';
import { commandHarness } from './command.js';
import { geminiHarness } from './gemini.js';
import { opencodeHarness } from './opencode.js';
import type { HarnessAdapter } from './types.js';

export const HARNESSES: Record<HarnessName, HarnessAdapter> = {
  claude: claudeHarness,
  codex: codexHarness,
  gemini: geminiHarness,
  opencode: opencodeHarness,
  command: commandHarness,
};

/** With GUILDS_HARNESS unset, the first of these found on PATH runs. */
export const DETECTION_ORDER: readonly HarnessName[] = ['claude', 'codex', 'gemini', 'opencode'];

export interface HarnessChoice {
  adapter: HarnessAdapter;
  /** GUILDS_HARNESS_COMMAND, for the command harness. */
  command: string | null;
  /** GUILDS_HARNESS_MODEL, when set. */
  model: string | null;
}

export type HarnessChoiceError =
  | { kind: 'unknown'; value: string }
  | { kind: 'no_command' }
  | { kind: 'not_installed'; harness: HarnessName; program: string }
  | { kind: 'none_found' };

/**
 * The harness of a task: the session's own when resuming one, else GUILDS_HARNESS, else the first of
 * DETECTION_ORDER on PATH. `isInstalled` tells whether a program is on PATH.
 */
export function chooseHarness(
  env: Readonly<Record<string, string | undefined>>,
  isInstalled: (program: string) => boolean,
  sessionHarness: HarnessName | null,
): HarnessChoice | HarnessChoiceError {
  const configured = env.GUILDS_HARNESS?.trim() || null;
  const model = env.GUILDS_HARNESS_MODEL?.trim() || null;
  const name = sessionHarness ?? configured;
  if (name === null) {
    const found = DETECTION_ORDER.find((candidate) => isInstalled(HARNESSES[candidate].program!));
    return found === undefined ? { kind: 'none_found' } : { adapter: HARNESSES[found], command: null, model };
  }
  if (!Object.hasOwn(HARNESSES, name)) return { kind: 'unknown', value: name };
  const adapter = HARNESSES[name as HarnessName];
  if (adapter.program === null) {
    const command = env.GUILDS_HARNESS_COMMAND;
    if (command === undefined || command.trim() === '') return { kind: 'no_command' };
    return { adapter, command, model };
  }
  if (!isInstalled(adapter.program)) return { kind: 'not_installed', harness: adapter.name, program: adapter.program };
  return { adapter, command: null, model };
}
