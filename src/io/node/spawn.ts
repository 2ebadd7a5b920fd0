// Starting a child: always through node:child_process, Node's public API.
//
// An earlier start-up shortcut drove Node's internal process handle (process.binding('process_wrap'))
// to skip loading node:child_process. Its arguments changed on Node 24, where every shell call and
// every search then aborted Node with a native assertion that no try/catch can catch
// (docs/decisions.md, "Only Node's public API"). A native abort cannot be feature-detected without
// risking the abort itself, so the shortcut is gone on every line.
import type { ChildProcess, StdioOptions } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { actingAsAgent, asRootWhile } from './identity.js';
import { loadChildProcess } from './modules.js';

/** What the helper uses of a started child. */
export type StartedChild = Pick<ChildProcess, 'pid' | 'stdin' | 'stdout' | 'stderr' | 'kill' | 'unref'> & EventEmitter;

export interface SpawnOptions {
  cwd: string;
  /** The whole environment; the helper's own when absent. */
  env?: Record<string, string>;
  stdio: StdioOptions;
  detached: boolean;
}

/**
 * Start `file` with `args` through node:child_process; as the agent, whole, when the helper acts as
 * the agent (src/io/node/identity.ts).
 */
export function spawnChild(file: string, args: readonly string[], options: SpawnOptions): StartedChild {
  const spawn = loadChildProcess().spawn;
  const how = { cwd: options.cwd, env: options.env, stdio: options.stdio, detached: options.detached };
  const agent = actingAsAgent();
  if (agent === null) return spawn(file, args as string[], how);
  return asRootWhile(agent, () => spawn(file, args as string[], { ...how, uid: agent.uid, gid: agent.gid }));
}
