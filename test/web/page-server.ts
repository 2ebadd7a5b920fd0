// `npm start -- --web` as a developer starts it, for the browser tests: the tour runs, then the page
// serves on a free port of 127.0.0.1; stop() ends the process group it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

export interface PageServer {
  url: string;
  /** Everything the command printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export function startPageServer(extraArgs: string[] = [], extraEnv: Record<string, string> = {}): Promise<PageServer> {
  const child: ChildProcess = spawn(TSX, ['scripts/try.ts', '--web', '--port', '0', ...extraArgs], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const found = /^page: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output);
      if (found) resolve({ url: found[1]!, output: () => output, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start -- --web exited (${code}) before serving:\n${output}`)));
  });
}
