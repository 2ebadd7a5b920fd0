// For end-to-end tests of background commands: polling, reading /proc, and leaving no job behind.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, BUNDLE_NODE } from './paths.js';
import { callHelper, encodeRequest, type RequestFields, type Sandbox } from './helper.js';

type Envelope = ReturnType<typeof callHelper>;

export { pause, pollUntil } from './poll.js';

export function status(sandbox: Sandbox, args: Record<string, unknown> = {}, env: Record<string, string> = {}): Envelope {
  return callHelper(sandbox, { op: 'shell_status', args }, env);
}

export function start(sandbox: Sandbox, command: string, fields: Partial<RequestFields> = {}, env: Record<string, string> = {}): Envelope {
  return callHelper(sandbox, { op: 'shell', args: { command, background: true }, ...fields }, env);
}

/** The helper run as a separate process without waiting for it: for starts that race. */
export function callHelperAsync(sandbox: Sandbox, fields: RequestFields): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const child = spawn(BUNDLE_NODE, [BUNDLE, encodeRequest(fields)], {
      env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(Buffer.from(out.trim(), 'base64').toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
  });
}

export interface Stat {
  state: string;
  processGroup: number;
  session: number;
  startTicks: string;
}

export function procStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, processGroup: Number(fields[2]), session: Number(fields[3]), startTicks: fields[19]! };
}

/** Live (not zombie) processes whose process group is `group`. */
export function liveGroupMembers(group: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = procStat(pid);
      return stat !== null && stat.processGroup === group && stat.state !== 'Z';
    });
}

/** SIGKILL every job group the sandbox's records name that is still there, so that no test leaves one. */
export function killSandboxJobs(sandbox: Sandbox, agentId = 'a1'): void {
  const folder = join(sandbox.runDir, agentId, 'background');
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    if (!/^b\d+\.json$/.test(name)) continue;
    try {
      const record = JSON.parse(readFileSync(join(folder, name), 'utf8'));
      const stat = procStat(record.pid);
      if (stat && stat.startTicks === record.start_ticks && stat.processGroup === record.pid) {
        process.kill(-record.pid, 'SIGKILL');
      }
    } catch {
      // A forged or garbage record of a test: nothing of ours to end.
    }
  }
}
