// The kill of a recycled pid: a helper started as root keeps root's real uid while it acts as the
// agent, and kill(2) lets a real uid of 0 reach every root process. A pid the helper means to signal
// (a timed-out command's group, a swept process, its lifeline) that has ended and been taken by a root
// process must not be reached: the helper signals only what the agent's own uid reaches, checked
// immediately before the signal (src/io/node/process.ts). The root cases need root; elsewhere they are
// skipped with the reason.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseUidLine } from '../../../src/io/node/process.js';
import { pollUntil } from '../../helpers/poll.js';

const ROOT = process.getuid?.() === 0;
const AGENT = 1000;
const SCRIPT = fileURLToPath(new URL('./scripts/signal-as-agent.ts', import.meta.url));

describe('the Uid line of /proc/<pid>/status', () => {
  it('gives the real and the saved uid, whatever else the status holds', () => {
    expect(parseUidLine('Name:\tnode\nUid:\t0\t1000\t0\t1000\nGid:\t0\t1000\t0\t1000\n')).toEqual({ real: 0, saved: 0 });
    expect(parseUidLine('Uid:\t1000\t1000\t1000\t1000')).toEqual({ real: 1000, saved: 1000 });
    expect(parseUidLine('Name:\tgone\n')).toBeNull();
  });
});

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.pid !== undefined) spawnSync('kill', ['-KILL', '--', `-${child.pid}`]);
});

/** A `sleep` leading a group of its own: root's, or the agent's. */
function sleeper(asAgent: boolean): number {
  const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore', ...(asAgent ? { uid: AGENT, gid: AGENT } : {}) });
  started.push(child);
  return child.pid!;
}

/** What the helper acting as the agent said of its signal to `target`. */
function signalAsAgent(how: 'process' | 'group', target: number): string {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, how, String(target)], { encoding: 'utf8', timeout: 30_000 });
  expect(ran.stderr).toBe('');
  return ran.stdout;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return spawnSync('sh', ['-c', `grep -q '^State:.*Z' /proc/${pid}/status`]).status !== 0;
  } catch {
    return false;
  }
}

describe.skipIf(!ROOT)(`a helper started as root, acting as the agent${ROOT ? '' : ' (skipped: needs root)'}`, () => {
  it("does not signal a root process that holds the pid it names, as a process or as a group's leader (it was killed)", () => {
    const pid = sleeper(false);
    expect(signalAsAgent('process', pid)).toBe('refused\n');
    expect(signalAsAgent('group', pid)).toBe('refused\n');
    expect(alive(pid)).toBe(true);
  });

  it("signals the agent's own process, and its group", async () => {
    const one = sleeper(true);
    expect(signalAsAgent('process', one)).toBe('sent\n');
    const group = sleeper(true);
    expect(signalAsAgent('group', group)).toBe('sent\n');
    await pollUntil(() => [alive(one), alive(group)], ([a, b]) => !a && !b);
  });

  it('signals a group whose leader has gone while a member of it lives: its id stays taken until the last member ends', async () => {
    const leader = spawn('bash', ['-c', 'sleep 300 & echo $!'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'], uid: AGENT, gid: AGENT });
    started.push(leader);
    const exited = new Promise((resolve) => leader.once('exit', resolve));
    const member = Number((await new Promise<string>((resolve) => leader.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString())))).trim());
    await exited;
    expect(signalAsAgent('group', leader.pid!)).toBe('sent\n');
    await pollUntil(() => alive(member), (living) => !living);
  });
});
