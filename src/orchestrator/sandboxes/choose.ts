// Which sandbox this machine can give: bubblewrap's when bwrap works here, else the local one.
import { firstLine } from './bwrap/host.js';
import { BWRAP_PROBE_TIMEOUT_MS, BwrapSandbox } from './bwrap/sandbox.js';
import { LocalSandbox } from './local/sandbox.js';
import type { MachineSandbox } from './machine.js';
import { execRequest } from '../sandbox.js';

export interface ChooseSandboxOptions {
  home?: string | undefined;
  seed?: { from: string; to: string } | undefined;
  /** The host folder of the helper's state. */
  runDir?: string | undefined;
  /** bubblewrap only: the host's network instead of loopback alone. */
  network?: boolean | undefined;
  /** bubblewrap only: more host paths shown read-only at their own path. */
  readOnly?: readonly string[] | undefined;
  /** bubblewrap only: the bwrap program, found on PATH when absent. */
  bwrap?: string | undefined;
  /** 'local' skips bubblewrap. */
  prefer?: 'bubblewrap' | 'local' | undefined;
}

export interface ChosenSandbox {
  sandbox: MachineSandbox;
  name: 'bubblewrap' | 'local';
  /** Why bubblewrap was not used, when it was not. */
  why?: string;
}

/**
 * The bubblewrap sandbox when bwrap works on this machine (a container starts and runs `true`),
 * else the local one, with the reason.
 */
export async function chooseSandbox(options: ChooseSandboxOptions = {}): Promise<ChosenSandbox> {
  const local = async (why: string): Promise<ChosenSandbox> => ({
    sandbox: await LocalSandbox.start({ home: options.home, seed: options.seed, runDir: options.runDir }),
    name: 'local',
    why,
  });
  if (options.prefer === 'local') return local('the local sandbox was asked for');
  let sandbox: BwrapSandbox;
  try {
    sandbox = await BwrapSandbox.start(options);
  } catch (error) {
    return local(error instanceof Error ? error.message : String(error));
  }
  const probe = await sandbox.exec(execRequest(['true'], {}, BWRAP_PROBE_TIMEOUT_MS));
  if (probe.exitCode !== 0) {
    await sandbox.cleanup();
    return local(`bubblewrap cannot run here: ${firstLine(probe.stderr) || `a command inside ended with exit status ${probe.exitCode}`}`);
  }
  return { sandbox, name: 'bubblewrap' };
}
