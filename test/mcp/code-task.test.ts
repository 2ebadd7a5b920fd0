// code_task through the MCP server, offered when GUILDS_HARNESS names a harness and run by the cold
// guilds-harness.js child, with the command harness running the scripted harness of fixtures/harness/:
// the helper's own text, progress while it works, and a cancel that stops the harness's group.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { pollUntil } from '../helpers/background.js';
import { connectMcp, makeMcpScratch, processRuns, serverEnv, textOf, type McpConnection, type McpScratch } from '../helpers/mcp.js';
import { FIXTURES, BUNDLE_NODE } from '../helpers/paths.js';

const HARNESS_ENV = {
  GUILDS_HARNESS: 'command',
  GUILDS_HARNESS_COMMAND: `'${BUNDLE_NODE}' '${join(FIXTURES, 'harness', 'scripted-harness.mjs')}'`,
};

let scratch: McpScratch;
let mcp: McpConnection | undefined;
beforeEach(() => {
  scratch = makeMcpScratch();
  const repo = join(scratch.home, 'repos', 'app');
  mkdirSync(repo, { recursive: true });
  writeFileSync(join(scratch.home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tname = T\n\temail = t@example.com\n');
  writeFileSync(join(repo, 'README.md'), 'hello\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: { PATH: process.env.PATH, HOME: scratch.home } });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'start');
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  scratch.cleanup();
});

/** The time in the first line and the run's folder differ between two runs of one task. */
function comparable(text: string): string {
  return text.replace(/^completed in \S+/, 'completed in E').replace(/\.runs\/[^/\s]+\//g, '.runs/RUN/');
}

describe('code_task through the MCP server', () => {
  it('answers the helper\'s own text, with its harness\'s output as progress while it works', async () => {
    const args = { brief: 'sleep 2500\nwrite notes.txt from the harness\nfinal wrote notes.txt', repo: 'app' };
    const cold = await LocalSandbox.start({ home: scratch.home, runDir: scratch.runDir });
    let coldText: string;
    try {
      const run = new CodeToolRun({ sandbox: cold, runId: 'mcp-000000000000', agentId: 'mcp', env: serverEnv(scratch, HARNESS_ENV) });
      coldText = (await run.call({ tool: 'code_task', args, callId: 'c1', resultSeq: 1 })).text;
    } finally {
      cold.cleanup();
    }
    execFileSync('git', ['checkout', '-q', '--', '.'], { cwd: join(scratch.home, 'repos', 'app') });
    execFileSync('git', ['clean', '-qfd'], { cwd: join(scratch.home, 'repos', 'app') });

    mcp = await connectMcp(scratch, { env: HARNESS_ENV });
    const progress: { progress: number; message?: string }[] = [];
    const result = await mcp.client.callTool({ name: 'code_task', arguments: args }, undefined, { onprogress: (update) => progress.push(update) });
    expect(result.isError).toBeUndefined();
    expect(comparable(textOf(result))).toBe(comparable(coldText));
    expect(textOf(result).split('\n').slice(1, 3)).toEqual([' notes.txt | 1 +', ' 1 file changed, 1 insertion(+)']);
    // A `command` harness's output lines are its progress, as a shell command's (SPEC section 9).
    expect(progress).toEqual([{ progress: 1, message: '{"type":"final","text":"wrote notes.txt"}' }]);
  });

  it('stops the harness and what it started when the call is cancelled', async () => {
    mcp = await connectMcp(scratch, { env: HARNESS_ENV });
    const controller = new AbortController();
    const call = mcp.client.callTool({ name: 'code_task', arguments: { brief: 'spawn-child\nhang', repo: 'app' } }, undefined, { signal: controller.signal });
    call.catch(() => undefined);
    const runs = join(scratch.home, '.runs');
    const childLine = await pollUntil(
      () => {
        const run = existsSync(runs) ? readdirSync(runs).find((name) => name.startsWith('mcp-')) : undefined;
        const log = run === undefined ? '' : join(runs, run, 'c1.log');
        return log !== '' && existsSync(log) ? (/^child (\d+)$/m.exec(readFileSync(log, 'utf8'))?.[1] ?? null) : null;
      },
      (found) => found !== null,
    );
    const child = Number(childLine);
    expect(processRuns(child)).toBe(true);
    controller.abort();
    await expect(call).rejects.toThrow();
    await pollUntil(() => processRuns(child), (running) => !running);
    const after = await mcp.client.callTool({ name: 'shell', arguments: { command: 'echo served' } });
    expect(textOf(after)).toBe('served');
  });
});
