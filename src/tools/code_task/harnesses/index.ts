// The harnesses by name, and the order in which an unconfigured helper looks for one on PATH.
import type { HarnessName } from '../../../contract/tools/code_task.js';
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
