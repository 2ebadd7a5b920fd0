// shell, shell_status and code_search through the orchestrator side and the committed bundle, in
// each sandbox (the local one, and bubblewrap's when it works here). They check the orchestrator's
// side (rows, metadata, environment, redaction); the helper's own formats have their tests beside
// each op.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeToolRun, type CodeToolResult, type CodeToolsConfig, type LiveUpdate } from '../../src/orchestrator/code-tools.js';
import { PROGRESS_NOT_STREAMED } from '../../src/orchestrator/format.js';
import { pollUntil } from '../helpers/poll.js';
import { SANDBOX_KINDS, titleFor, type SandboxKind, type TestSandbox } from '../helpers/sandboxes.js';

for (const kind of SANDBOX_KINDS) describe.skipIf(kind.unavailable !== undefined)(titleFor(kind, 'the code tools'), () => suite(kind));

function suite(kind: SandboxKind): void {
  let sandbox: TestSandbox;
  let seq = 0;
  beforeEach(async () => {
    sandbox = await kind.make();
    mkdirSync(join(sandbox.home, 'repos/app/src'), { recursive: true });
    writeFileSync(join(sandbox.home, 'repos/app/src/a.ts'), 'const needle = 1;\nexport { needle };\n');
    writeFileSync(join(sandbox.home, 'repos/app/README.md'), 'needle in a haystack\n');
    seq = 0;
  });
  afterEach(async () => await sandbox.cleanup());

  function newRun(config: Partial<CodeToolsConfig> = {}): CodeToolRun {
    return new CodeToolRun({ sandbox, warm: kind.warm, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }], ...config });
  }

  function call(run: CodeToolRun, tool: string, args: Record<string, unknown>) {
    seq++;
    return run.call({ tool, args, callId: `c${seq}`, resultSeq: seq });
  }

  describe('shell', () => {
    it('runs in the repository and reads Run <command>', async () => {
      const result = await call(newRun(), 'shell', { command: 'echo hello' });
      expect(result).toMatchObject({ ok: true, summary: 'Run echo hello' });
      expect(result.text.trimEnd()).toBe('hello');
      expect(result.meta).toMatchObject({ exit_code: 0, cwd: join(sandbox.agentHome, 'repos/app'), timed_out: false });
    });

    it('reads exit N when the command fails', async () => {
      const result = await call(newRun(), 'shell', { command: 'exit 3' });
      expect(result.summary).toBe('Run exit 3 · exit 3');
      expect(result.metadata).toContainEqual({ label: 'Exit code', value: '3' });
    });

    it('reads timed out when the command passes its timeout', async () => {
      const result = await call(newRun(), 'shell', { command: 'sleep 20', timeout_seconds: 1 });
      expect(result.summary).toBe('Run sleep 20 · timed out');
      expect(result.meta).toMatchObject({ timed_out: true, exit_code: 124 });
    });

    it('carries a cd over to the next call', async () => {
      const run = newRun();
      await call(run, 'shell', { command: 'cd src' });
      expect((await call(run, 'shell', { command: 'pwd' })).text.trimEnd()).toBe(join(sandbox.agentHome, 'repos/app/src'));
    });

    it("gives the repository's token as GH_TOKEN, masked in the result", async () => {
      const result = await call(newRun({ repositories: [{ name: 'app', token: 'ghs_0123456789abcdef' }] }), 'shell', {
        command: 'printenv GH_TOKEN',
      });
      expect(result.text.trimEnd()).toBe('[REDACTED]');
    });

    it('hands NODE_EXTRA_CA_CERTS back to the commands it runs', async () => {
      const result = await call(newRun({ env: { NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem' } }), 'shell', {
        command: 'printenv NODE_EXTRA_CA_CERTS',
      });
      expect(result.text.trimEnd()).toBe('/etc/ssl/corp.pem');
    });
  });

  describe('background commands', () => {
    it('read Start, List background commands, Check b1 and Stop b1', async () => {
      const run = newRun();
      const started = await call(run, 'shell', { command: 'sleep 30', background: true });
      expect(started.summary).toBe('Start sleep 30');
      expect(started.meta.background_id).toBe('b1');
      expect((await call(run, 'shell_status', {})).summary).toBe('List background commands');
      const checked = await call(run, 'shell_status', { id: 'b1' });
      expect(checked.summary).toBe('Check b1');
      expect(checked.meta).toMatchObject({ background_id: 'b1', state: 'running' });
      const stopped = await call(run, 'shell_status', { id: 'b1', stop: true });
      expect(stopped.summary).toBe('Stop b1');
    });
  });

  describe('code_search', () => {
    it('reads Search files, with the totals in its metadata', async () => {
      const result = await call(newRun(), 'code_search', { pattern: 'needle' });
      expect(result.summary).toBe('Search files');
      expect(result.meta).toMatchObject({ matches: 3, files: 2 });
      expect(result.metadata).toContainEqual({ label: 'Matches', value: '3' });
    });

    it('reads Search lines in <path>', async () => {
      const result = await call(newRun(), 'code_search', { pattern: 'needle', mode: 'content', path: 'src' });
      expect(result.summary).toBe('Search lines in src');
      expect(result.text.split('\n')[0]).toBe('src/a.ts:1: const needle = 1;');
    });
  });

  describe('live calls (SPEC section 9)', () => {
    const SECRET = 's3cret-value';
    const COMMAND = `echo one ${SECRET}; until [ -e go-two ]; do sleep 0.02; done; echo two`;
    const ROW = 'Run echo one [REDACTED]; until [ -e go-two ]; do sleep 0.02; done; echo two';

    /** A result with what differs between two runs of one call set aside: its id and its time. */
    function comparable(result: CodeToolResult): unknown {
      const meta = { ...result.meta };
      delete meta.elapsed_ms;
      return { ...result, meta, metadata: result.metadata.filter((field) => field.label !== 'Call' && field.label !== 'Elapsed') };
    }

    it(
      kind.warm
        ? 'hands on each line as the command prints it, redacted, with the row and its latest line; the answer as without asking'
        : 'says once that the sandbox runs each call cold, sends no event, and answers as without asking',
      async () => {
        const run = newRun({ secretValues: [SECRET] });
        const updates: LiveUpdate[] = [];
        seq++;
        const pending = run.call({ tool: 'shell', args: { command: COMMAND }, callId: `c${seq}`, resultSeq: seq, onProgress: (update) => updates.push(update) });
        if (kind.warm) {
          // The second line is printed only once the first has arrived as an event.
          await pollUntil(() => updates.length, (count) => count >= 1);
          expect(updates[0]).toEqual({
            event: { type: 'output', text: 'one [REDACTED]', bytes: 17, elapsed_ms: updates[0]!.event!.elapsed_ms },
            view: { row: ROW, elapsed: updates[0]!.view.elapsed, latestLine: 'one [REDACTED]', outputBytes: 17, steps: [], earlierSteps: 0 },
          });
        }
        writeFileSync(join(sandbox.home, 'repos/app/go-two'), '');
        const result = await pending;
        expect(result.text).toBe('one [REDACTED]\ntwo');
        if (kind.warm) expect(updates.every((update) => update.event?.type === 'output' || update.event?.type === 'heartbeat')).toBe(true);
        else expect(updates).toEqual([{ event: null, view: { row: ROW, elapsed: '0s', latestLine: null, outputBytes: 0, steps: [], earlierSteps: 0 }, note: PROGRESS_NOT_STREAMED }]);
        // The same call again without onProgress: field for field the same answer.
        expect(comparable(await call(run, 'shell', { command: COMMAND }))).toEqual({ ...(comparable(result) as object), summary: expect.any(String) });
        // A second call with onProgress over a cold sandbox is not told again.
        seq++;
        const again: LiveUpdate[] = [];
        await run.call({ tool: 'shell', args: { command: 'echo x' }, callId: `c${seq}`, resultSeq: seq, onProgress: (update) => again.push(update) });
        if (!kind.warm) expect(again).toEqual([]);
      },
    );
  });
}
