// The whole path on this machine: CodeToolRun, each sandbox (the local one, and bubblewrap's when it
// works here), and the committed helper bundle.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { SANDBOX_KINDS, titleFor, type SandboxKind, type TestSandbox } from '../helpers/sandboxes.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

for (const kind of SANDBOX_KINDS) describe.skipIf(kind.unavailable !== undefined)(titleFor(kind, 'the orchestrator'), () => suite(kind));

function suite(kind: SandboxKind): void {
  let sandbox: TestSandbox;
  let others: TestSandbox[] = [];
  let seq = 0;
  beforeEach(async () => {
    sandbox = await kind.make();
    others = [];
    seq = 0;
  });
  afterEach(async () => {
    await sandbox.cleanup();
    for (const other of others) await other.cleanup();
  });

  function newRun(config: Partial<ConstructorParameters<typeof CodeToolRun>[0]> = {}): CodeToolRun {
    return new CodeToolRun({ sandbox, warm: kind.warm, runId: 'r1', agentId: 'a1', ...config });
  }

  function call(run: CodeToolRun, tool: string, args: unknown, extra: { remainingToolCalls?: number } = {}) {
    seq++;
    return run.call({ tool, args, callId: `c${seq}`, resultSeq: seq, ...extra });
  }

  function writeHomeFile(path: string, text: string): string {
    const full = join(sandbox.home, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
    return join(sandbox.agentHome, path);
  }

  describe('file_read through the sandbox', () => {
    it('reads from the only repository, shown as the app shows it', async () => {
      const full = writeHomeFile('repos/app/src/a.ts', 'one\ntwo\nthree\n');
      const run = newRun({ repositories: [{ name: 'app' }] });
      const result = await call(run, 'file_read', { path: 'src/a.ts', offset: 2 });
      expect(result.ok).toBe(true);
      expect(result.text).toBe('src/a.ts · lines 2–3 of 3\n2\ttwo\n3\tthree');
      expect(result.summary).toBe('Read src/a.ts from line 2');
      expect(result.meta).toMatchObject({ path: full, range: [2, 3], lines: 3 });
      expect(result.metadata.map((field) => field.label)).toEqual(['Call', 'Tool', 'File', 'Lines', 'Content hash']);
      expect(result.metadata[3]).toEqual({ label: 'Lines', value: '2–3 of 3' });
    });

    it('starts in the home when the guild has two repositories', async () => {
      writeHomeFile('notes.md', 'hi\n');
      mkdirSync(join(sandbox.home, 'repos/app'), { recursive: true });
      mkdirSync(join(sandbox.home, 'repos/site'), { recursive: true });
      const run = newRun({ repositories: [{ name: 'app' }, { name: 'site' }] });
      expect((await call(run, 'file_read', { path: 'notes.md' })).text).toBe('notes.md · lines 1–1 of 1\n1\thi');
    });

    it('folds a repeated read into a pointer, and returns content once the file changed', async () => {
      writeHomeFile('a.txt', 'alpha\nbeta\ngamma\n');
      const run = newRun();
      const first = await call(run, 'file_read', { path: 'a.txt' });
      expect(first.text).toBe('a.txt · lines 1–3 of 3\n1\talpha\n2\tbeta\n3\tgamma');

      const again = await call(run, 'file_read', { path: 'a.txt', offset: 2, limit: 1 });
      expect(again.text).toBe('a.txt lines 2–2: unchanged since step 1; read that result.');
      expect(again.meta.repeat_of).toBe(1);
      expect(again.summary).toBe('Read a.txt from line 2 · unchanged since step 1');

      writeHomeFile('a.txt', 'alpha\nBETA\ngamma\n');
      const changed = await call(run, 'file_read', { path: 'a.txt', offset: 2, limit: 1 });
      expect(changed.text).toBe('a.txt · lines 2–2 of 3\n2\tBETA');
      expect(changed.meta.repeat_of).toBeUndefined();
    });

    it('folds a read through ~/ of a file read before by its relative path', async () => {
      writeHomeFile('a.txt', 'x\n');
      const run = newRun();
      await call(run, 'file_read', { path: 'a.txt' });
      expect((await call(run, 'file_read', { path: '~/a.txt' })).text).toBe(
        'a.txt lines 1–1: unchanged since step 1; read that result.',
      );
    });

    it("does not fold reads of another run's history", async () => {
      writeHomeFile('a.txt', 'x\n');
      await call(newRun(), 'file_read', { path: 'a.txt' });
      const other = new CodeToolRun({ sandbox, warm: kind.warm, runId: 'r2', agentId: 'a1' });
      expect((await call(other, 'file_read', { path: 'a.txt' })).meta.repeat_of).toBeUndefined();
    });

    it("says the helper's error as a failed call", async () => {
      const result = await call(newRun(), 'file_read', { path: 'missing.txt' });
      expect(result.ok).toBe(false);
      expect(result.text).not.toContain('code helper failed');
      expect(result.summary).toBe('Read missing.txt');
    });

    it('masks a secret in what it read, and adds the trailer', async () => {
      writeHomeFile('.env', 'API_KEY=sk-live-0123456789\n');
      const run = newRun({ secretValues: ['sk-live-0123456789'] });
      const result = await call(run, 'file_read', { path: '.env' }, { remainingToolCalls: 5 });
      expect(result.text).toBe('.env · lines 1–1 of 1\n1\tAPI_KEY=[REDACTED]\n\nremaining_tool_calls: 5');
    });

    it('caps the text at CODE_RESULT_MAX_BYTES', async () => {
      writeHomeFile('long.txt', Array.from({ length: 400 }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n'));
      const result = await call(newRun({ resultMaxBytes: '2048' }), 'file_read', { path: 'long.txt' });
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(2048);
      expect(result.text.split('\n').at(-1)).toMatch(/^\[stopped at line \d+ to stay under 2048 bytes; continue with offset \d+\]$/);
    });
  });

  describe('a CODE_RESULT_MAX_BYTES above the platform cap', () => {
    it("keeps a long shell output's last lines and exit code, the helper shaping it to 64 KiB", async () => {
      const run = newRun({ resultMaxBytes: '200000' });
      const result = await call(run, 'shell', { command: 'seq 1 100000; echo "FAILED: test_x" >&2; exit 1' }, { remainingToolCalls: 5 });
      expect(result.cut).toBe(false);
      expect(result.text).toContain(' bytes elided; full output: ');
      expect(result.text.endsWith('\n99999\n100000\nFAILED: test_x\nexit_code: 1\n\nremaining_tool_calls: 5')).toBe(true);
    });

    it("ends a long read with the helper's continue line, and the range says what arrived", async () => {
      const line = (n: number) => `${String(n).padStart(3, '0')} ${'y'.repeat(396)}`;
      writeHomeFile('wide.txt', Array.from({ length: 300 }, (_, i) => line(i + 1)).join('\n') + '\n');
      const result = await call(newRun({ resultMaxBytes: '200000' }), 'file_read', { path: 'wide.txt', limit: 300 });
      expect(result.cut).toBe(false);
      expect(result.meta.range).toEqual([1, 161]);
      expect(result.text.split('\n').slice(-2)).toEqual([
        `161\t${line(161)}`,
        '[stopped at line 161 to stay under 65536 bytes; continue with offset 162]',
      ]);
    });
  });

  describe('a request too long for the command line', () => {
    it('goes through a request file that the helper reads and deletes', async () => {
      const result = await call(newRun(), 'file_read', { path: `${'d/'.repeat(20_000)}a.txt` });
      expect(result.ok).toBe(false);
      expect(result.text).not.toContain('code helper failed');
      expect(await sandbox.requestFiles()).toEqual([]);
    });
  });

  describe('a helper that misbehaves', () => {
    async function misbehaving(script: string): Promise<CodeToolRun> {
      const bad = await kind.make({ helperCommand: ['node', '-e', script] });
      others.push(bad);
      return new CodeToolRun({ sandbox: bad, warm: kind.warm, runId: 'r1', agentId: 'a1' });
    }

    it('prints nothing and exits: code helper failed with the last 5 lines of stderr', async () => {
      const run = await misbehaving("for (let i = 1; i <= 7; i++) console.error('trace ' + i); process.exit(3)");
      const result = await call(run, 'shell_status', {});
      expect(result.ok).toBe(false);
      expect(result.text).toBe('code helper failed: no envelope (exit status 3)\ntrace 3\ntrace 4\ntrace 5\ntrace 6\ntrace 7');
    });

    it('prints garbage', async () => {
      const run = await misbehaving("console.log('not base64 at all!')");
      expect((await call(run, 'file_read', { path: 'a' })).text).toBe(
        'code helper failed: the answer is not an envelope (exit status 0)',
      );
    });

    it('prints half an envelope and dies by a signal', async () => {
      const half = Buffer.from('{"ok":true,"text":"hello","meta":{}}').toString('base64').slice(0, 20);
      const run = await misbehaving(`process.stdout.write('${half}', () => process.kill(process.pid, 'SIGKILL'))`);
      expect((await call(run, 'file_read', { path: 'a' })).text).toBe(
        'code helper failed: the answer is not an envelope (it was stopped by a signal)',
      );
    });

    it('is not there at all', async () => {
      const program = join(sandbox.scratch, 'no-such-helper');
      const missing = await kind.make({ helperCommand: [program] });
      others.push(missing);
      const result = await call(new CodeToolRun({ sandbox: missing, warm: kind.warm, runId: 'r1', agentId: 'a1' }), 'file_read', { path: 'a' });
      expect(result.text).toBe(`code helper failed: no envelope (exit status 127)\n${kind.missingProgram(program)}`);
    });
  });

  describe('the sandbox', () => {
    it('stops a process that passes its timeout', async () => {
      const result = await sandbox.exec(execRequest(['node', '-e', 'setInterval(() => {}, 1000)'], {}, 200));
      expect(result).toEqual({ stdout: '', stderr: '', exitCode: null, timedOut: true });
    });

    it('does not wait for a process the helper left holding its pipes', async () => {
      const script =
        "const c = require('node:child_process').spawn('sleep', ['30'], { stdio: 'inherit', detached: true });" +
        "console.error(c.pid); c.unref(); console.log('answer')";
      const result = await sandbox.exec(execRequest(['node', '-e', script], {}, 20_000));
      await sandbox.exec(execRequest(['kill', '-KILL', result.stderr.trim()], {}, 20_000));
      expect(result).toMatchObject({ stdout: 'answer\n', exitCode: 0, timedOut: false });
    });

    it('gives the helper its own home and run folder over whatever the env says', async () => {
      const script = 'console.log(process.env.HOME + " " + process.env.GUILDS_RUN_DIR + " " + process.env.SECRET)';
      const result = await sandbox.exec(execRequest(['node', '-e', script], { HOME: '/', GUILDS_RUN_DIR: '/', SECRET: 's' }, 20_000));
      expect(result.stdout).toBe(`${sandbox.agentHome} ${sandbox.runDir} s\n`);
    });

    it('keeps a home passed in when cleaned up', async () => {
      const home = join(sandbox.scratch, 'kept-home');
      mkdirSync(home);
      const other = await kind.make({ home });
      await other.cleanup();
      expect(readdirSync(sandbox.scratch)).toContain('kept-home');
    });
  });
}
