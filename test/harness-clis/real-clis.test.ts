// The real-CLI tier: code_task through dist/guilds-harness.js exactly as the orchestrator runs it (one
// cold process, a base64 request, GUILDS_HARNESS=<cli>), with the four real harness CLIs at their pinned
// versions, each with its own home and config pointing at the scripted model server on 127.0.0.1. Per
// CLI: (a) a task that edits a tracked file, (b) a resume of its session that creates another, (c) an
// API error, (d) a hung model stopped at the timeout with nothing left running, (e) a second task on the
// same repository while (d) runs, refused, (f) a task over `guilds-harness.js --serve` asking for
// progress, whose steps come before its answer. GUILDS_HARNESS_CLIS=<cli>[,<cli>…] runs those CLIs only.
//
// The CLIs are installed by scripts/install-harness-clis.sh into GUILDS_CLI_CACHE (default
// ~/.cache/guilds-code/harness-clis), once; a warm run touches neither npm nor the network. When the
// registry cannot be reached (the script's exit 3), or GUILDS_HARNESS_CLIS=skip, every test here is
// reported as skipped, never as passed.
//
// The work runs concurrently, started once before the tests: the four hung tasks wait out their minute
// side by side while the task, resume and error runs go two CLIs at a time; each test awaits its own
// result and checks it.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneEnvelope, type AnyEnvelope, type BundleRun } from '../helpers/bundle.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { baseEnvironment, CLI_NAMES, PROFILES, type CliName } from './clis.js';
import { startModelServer, WRITTEN_FILE_CONTENT, type ModelServer } from './model-server.js';

const HARNESS_BUNDLE = join(REPO_ROOT, 'dist', 'guilds-harness.js');
const CLI_CACHE = process.env.GUILDS_CLI_CACHE ?? join(homedir(), '.cache', 'guilds-code', 'harness-clis');
const INSTALL_SCRIPT = join(REPO_ROOT, 'scripts', 'install-harness-clis.sh');
// A cold install of the four took 38 s here; a slow registry gets far more before the tier gives up.
const INSTALL_TIME_LIMIT_MS = 15 * 60_000;
const REGISTRY_UNREACHABLE_EXIT = 3;

// code_task's timeout is in minutes and 1 is its minimum: the hung tasks wait that minute.
const HANG_TIMEOUT_MINUTES = 1;
// A task that should end in seconds still gets minutes on a loaded machine.
const TASK_TIMEOUT_MINUTES = 4;
// How long after its request the test waits for a code_task answer: what the orchestrator waits.
const answerWaitMs = (timeoutMinutes: number): number => timeoutMinutes * 60_000 + 60_000;
// The task, resume and error runs of this many CLIs at a time (2 cores; the hung tasks mostly sleep).
const SEQUENCES_AT_ONCE = 2;
const TEST_TIME_LIMIT_MS = 9 * 60_000;

// ---------------------------------------------------------------------------------------------------
// The install, at collection time, so that a skip is known before any test is declared.

interface Install {
  state: 'ready' | 'skipped' | 'failed';
  /** Why the tier is skipped or failed, in one line. */
  reason: string;
  versions: Partial<Record<CliName, string>>;
}

function installClis(): Install {
  if (process.env.GUILDS_HARNESS_CLIS === 'skip') {
    return { state: 'skipped', reason: 'GUILDS_HARNESS_CLIS=skip', versions: {} };
  }
  process.stdout.write(`harness CLIs: installing or checking the pinned ${CLI_NAMES.join(', ')} in ${CLI_CACHE} (a first install downloads about 1.3 GB)\n`);
  const run = spawnSync('bash', [INSTALL_SCRIPT], {
    encoding: 'utf8',
    env: { ...process.env, GUILDS_CLI_CACHE: CLI_CACHE },
    timeout: INSTALL_TIME_LIMIT_MS,
  });
  for (const line of `${run.stdout ?? ''}${run.stderr ?? ''}`.split('\n')) if (line.trim() !== '') process.stdout.write(`harness CLIs: ${line}\n`);
  const lastLine = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n').at(-1) ?? '';
  if (run.status === REGISTRY_UNREACHABLE_EXIT) return { state: 'skipped', reason: lastLine, versions: {} };
  if (run.status !== 0) {
    const why = run.error !== undefined ? run.error.message : `exit ${run.status ?? run.signal}: ${lastLine}`;
    return { state: 'failed', reason: `scripts/install-harness-clis.sh failed (${why})`, versions: {} };
  }
  const versions: Partial<Record<CliName, string>> = {};
  for (const name of CLI_NAMES) {
    const prefix = readdirSync(CLI_CACHE).find((entry) => entry.startsWith(`${name}-`) && existsSync(join(CLI_CACHE, entry, '.installed')));
    versions[name] = prefix === undefined ? '?' : readFileSync(join(CLI_CACHE, prefix, '.installed'), 'utf8').trim();
  }
  return { state: 'ready', reason: '', versions };
}

const install = installClis();

/** The CLIs this run drives: all four, or those GUILDS_HARNESS_CLIS names. */
const RUN_CLIS: readonly CliName[] = (() => {
  const named = (process.env.GUILDS_HARNESS_CLIS ?? '').split(',').map((name) => name.trim());
  const chosen = CLI_NAMES.filter((name) => named.includes(name));
  return chosen.length > 0 ? chosen : CLI_NAMES;
})();

// ---------------------------------------------------------------------------------------------------
// One code_task call, as the orchestrator makes it.

interface TaskCall {
  envelope: AnyEnvelope;
  raw: BundleRun;
  /**
   * Processes that carry this call's environment (the harness and anything it started) still alive
   * LEFT_RUNNING_SETTLE_MS after the answer: the group is stopped before the helper answers, but a
   * process the harness started in a session of its own (Codex's shell snapshot) is out of its reach
   * and may take a moment to end by itself.
   */
  leftRunning: string[];
  callId: string;
}

const LEFT_RUNNING_SETTLE_MS = 5_000;

interface CliWorld {
  name: CliName;
  sandbox: Sandbox;
  server: ModelServer;
  env: Record<string, string>;
}

let callCounter = 0;

/** Processes whose environment holds `mark`, with their group and session: what a call started and left behind. */
function processesMarked(mark: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(mark)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const [state, , group, session] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim().slice(0, 120);
      found.push(`pid ${entry} group ${group} session ${session}: ${command}`);
    } catch {
      // Gone meanwhile: not running.
    }
  }
  return found;
}

async function processesMarkedAfterSettling(mark: string): Promise<string[]> {
  const deadline = Date.now() + LEFT_RUNNING_SETTLE_MS;
  let left = processesMarked(mark);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesMarked(mark);
  }
  return left;
}

function callCodeTask(world: CliWorld, repo: string, args: Record<string, unknown>, timeoutMinutes: number): Promise<TaskCall> {
  const callId = `c${++callCounter}`;
  const mark = `GUILDS_TIER_CALL=${randomUUID()}`;
  const request = {
    op: 'code_task',
    args: { ...args, timeout_minutes: timeoutMinutes },
    run_id: 'r1',
    agent_id: 'a1',
    call_id: callId,
    default_cwd: `repos/${repo}`,
    max_bytes: 8192,
  };
  const argument = Buffer.from(JSON.stringify(request), 'utf8').toString('base64');
  const env = { ...world.env, GUILDS_RUN_DIR: world.sandbox.runDir, GUILDS_TIER_CALL: mark.slice(mark.indexOf('=') + 1) };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARNESS_BUNDLE, argument], {
      env,
      cwd: world.sandbox.home,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: answerWaitMs(timeoutMinutes),
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      const raw = { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status, signal };
      const atAnswer = processesMarked(mark);
      if (atAnswer.length > 0) process.stdout.write(`harness CLIs: ${world.name} call ${callId} answered with still running: ${atAnswer.join(' | ')}\n`);
      processesMarkedAfterSettling(mark).then((leftRunning) => {
        try {
          resolve({ envelope: expectOneEnvelope(raw), raw, leftRunning, callId });
        } catch (error) {
          reject(error);
        }
      }, reject);
    });
  });
}

/** One line of the harness stream: a call's progress event, or its answer. */
interface StreamLine {
  call_id: string | null;
  progress?: { type: string; kind?: string; text?: string; elapsed_ms: number };
  envelope?: AnyEnvelope;
}

interface LiveTaskCall {
  lines: StreamLine[];
  stderr: string;
  status: number | null;
  signal: NodeJS.Signals | null;
}

/** One code_task over `guilds-harness.js --serve` asking for progress, then stdin's end: every line it wrote. */
function callCodeTaskLive(world: CliWorld, repo: string, args: Record<string, unknown>, timeoutMinutes: number): Promise<LiveTaskCall> {
  const callId = `c${++callCounter}`;
  const request = {
    op: 'code_task',
    args: { ...args, timeout_minutes: timeoutMinutes },
    run_id: 'r1',
    agent_id: 'a1',
    call_id: callId,
    default_cwd: `repos/${repo}`,
    progress: true,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HARNESS_BUNDLE, '--serve'], {
      env: { ...world.env, GUILDS_RUN_DIR: world.sandbox.runDir },
      cwd: world.sandbox.home,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: answerWaitMs(timeoutMinutes),
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      const text = Buffer.concat(out).toString('utf8');
      const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as StreamLine);
      resolve({ lines, stderr: Buffer.concat(err).toString('utf8'), status, signal });
    });
    child.stdin.end(`${JSON.stringify(request)}\n`);
  });
}

function gitRepo(path: string): void {
  mkdirSync(path, { recursive: true });
  const git = (...args: string[]): void => {
    const run = spawnSync('git', args, { cwd: path, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  };
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'agent@example.com');
  git('config', 'user.name', 'Agent');
  writeFileSync(join(path, 'README.md'), '# scratch\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
}

async function makeWorld(name: CliName): Promise<CliWorld> {
  const sandbox = makeSandbox();
  const server = await startModelServer();
  const profile = PROFILES[name];
  const home = sandbox.home;
  mkdirSync(join(home, 'tmp'), { recursive: true });
  profile.configure(home, server.url);
  const path = [join(CLI_CACHE, 'bin'), dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
  const env: Record<string, string> = {
    ...baseEnvironment(home, path),
    ...profile.environment(home, server.url),
    GUILDS_HARNESS: name,
  };
  if (profile.model !== null) env.GUILDS_HARNESS_MODEL = profile.model;
  for (const repo of ['app', 'broken', 'stuck']) gitRepo(join(home, 'repos', repo));
  return { name, sandbox, server, env };
}

// ---------------------------------------------------------------------------------------------------
// The scenarios, started once, awaited by the tests.

interface Sequence {
  task: TaskCall;
  resume: TaskCall;
  apiError: TaskCall;
  live: LiveTaskCall;
}

interface Stuck {
  hung: TaskCall;
  refused: TaskCall;
}

/** Settles with the value, or with the error to rethrow in the test that awaits it. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

function valueOf<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

async function runSequence(world: CliWorld): Promise<Sequence> {
  const task = await callCodeTask(world, 'app', { brief: 'MARK-a Rewrite the readme: WRITE_FILE(README.md)' }, TASK_TIMEOUT_MINUTES);
  const sessionId = task.envelope.ok ? task.envelope.meta.session_id : null;
  const resume = await callCodeTask(world, 'app', { brief: 'MARK-b Now add notes: WRITE_FILE(notes.txt)', session_id: sessionId }, TASK_TIMEOUT_MINUTES);
  const apiError = await callCodeTask(world, 'broken', { brief: 'MARK-c FAKE_ERROR(401)' }, TASK_TIMEOUT_MINUTES);
  const live = await callCodeTaskLive(world, 'app', { brief: 'MARK-d Add live notes: WRITE_FILE(live.txt)' }, TASK_TIMEOUT_MINUTES);
  return { task, resume, apiError, live };
}

async function pollUntil(done: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

async function runStuck(world: CliWorld): Promise<Stuck> {
  const hanging = (): boolean => world.server.requests.some((request) => request.action === 'hang');
  const hungCall = callCodeTask(world, 'stuck', { brief: 'MARK-h FAKE_HANG' }, HANG_TIMEOUT_MINUTES);
  // The second task comes once the first one's harness waits on the model: it certainly holds the lock.
  const waiting = await pollUntil(hanging, HANG_TIMEOUT_MINUTES * 60_000);
  if (!waiting) throw new Error(`${world.name} never sent the hanging request`);
  const refused = await callCodeTask(world, 'stuck', { brief: 'MARK-x WRITE_FILE(other.txt)' }, TASK_TIMEOUT_MINUTES);
  return { hung: await hungCall, refused };
}

/** At most `limit` of the jobs at once, in order. */
function limited<T>(jobs: Array<() => Promise<T>>, limit: number): Array<Promise<T>> {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = (): void => {
    if (active >= limit) return;
    queue.shift()?.();
  };
  return jobs.map(
    (job) =>
      new Promise<T>((resolve, reject) => {
        queue.push(() => {
          active++;
          job()
            .then(resolve, reject)
            .finally(() => {
              active--;
              next();
            });
        });
        next();
      }),
  );
}

const worlds = new Map<CliName, CliWorld>();
const sequences = new Map<CliName, Promise<Outcome<Sequence>>>();
const stucks = new Map<CliName, Promise<Outcome<Stuck>>>();
const timings = new Map<string, number>();

function timed<T>(label: string, promise: Promise<T>): Promise<T> {
  const started = Date.now();
  return promise.finally(() => timings.set(label, Date.now() - started));
}

/** The first line with its elapsed time written as E: the rest of the text is exact. */
function withElapsedAsE(text: string): string {
  return text.replace(/^(completed in|failed after|timed out after) \d+(?:h\d\dm|m\d\ds|s)/, '$1 E');
}

function okEnvelope(call: TaskCall): { text: string; meta: Record<string, unknown> } {
  if (!call.envelope.ok) throw new Error(`code_task answered an error: ${call.envelope.error}`);
  return call.envelope;
}

// What each CLI reports for a 401, in one line, as code_task shows it.
const API_ERROR_REASON: Record<CliName, RegExp> = {
  claude: /^Invalid API key · Fix external API key$/,
  codex: /^unexpected status 401 Unauthorized: Incorrect API key provided: sk-fake\. .*/,
  gemini: /^API error 401 UNAUTHENTICATED: Request had invalid authentication credentials\. .*/,
  opencode: /^Incorrect API key provided: sk-fake\. You can find your API key at .*/,
};
const API_ERROR_EXIT_CODE: Record<CliName, number> = { claude: 1, codex: 1, gemini: 145, opencode: 1 };

// Without the CLIs every test below is declared all the same, and reported as skipped with the reason.
const tier = install.state === 'ready' ? describe : describe.skip;
const TIER_TITLE =
  'code_task on the real harness CLIs, offline against the scripted model server' +
  (install.state === 'ready' ? '' : ` (not run: ${install.reason})`);

if (install.state === 'failed') {
  it('installs the harness CLIs', () => {
    throw new Error(install.reason);
  });
}

tier(TIER_TITLE, () => {
  beforeAll(async () => {
    const started = Date.now();
    for (const name of RUN_CLIS) worlds.set(name, await makeWorld(name));
    for (const name of RUN_CLIS) stucks.set(name, settle(timed(`${name} (d)+(e)`, runStuck(worlds.get(name)!))));
    const jobs = RUN_CLIS.map((name) => () => timed(`${name} (a)+(b)+(c)+(f)`, runSequence(worlds.get(name)!)));
    limited(jobs, SEQUENCES_AT_ONCE).forEach((promise, index) => sequences.set(RUN_CLIS[index]!, settle(promise)));
    timings.set('setup', Date.now() - started);
  });

  afterAll(async () => {
    await Promise.all([...sequences.values(), ...stucks.values()]);
    const figures = [...timings.entries()].map(([label, ms]) => `${label} ${(ms / 1000).toFixed(1)} s`);
    process.stdout.write(`harness CLIs: ${figures.join('; ')}\n`);
    for (const world of worlds.values()) {
      await world.server.close();
      world.sandbox.cleanup();
    }
  }, TEST_TIME_LIMIT_MS);

  for (const name of RUN_CLIS) {
    describe(`${name} ${install.versions[name] ?? ''}`.trim(), () => {
      it('(a) a task that edits a file: completed, its final message, the diffstat of exactly that file, the log', async () => {
        const { task } = valueOf(await sequences.get(name)!);
        const { text, meta } = okEnvelope(task);
        const world = worlds.get(name)!;
        const sessionId = meta.session_id as string;
        const logPath = join(world.sandbox.home, '.runs', 'r1', `${task.callId}.log`);
        expect(withElapsedAsE(text)).toBe(
          [
            `completed in E · ${name} · session ${sessionId}`,
            ' README.md | 2 +-',
            ' 1 file changed, 1 insertion(+), 1 deletion(-)',
            '',
            'FAKE_DONE README.md | markers=[MARK-a]',
            '',
            `log: ${logPath}`,
          ].join('\n'),
        );
        expect(meta).toMatchObject({
          status: 'completed',
          harness: name,
          repo: join(world.sandbox.home, 'repos', 'app'),
          exit_code: 0,
          timed_out: false,
          files_changed: 1,
          insertions: 1,
          deletions: 1,
          log_path: logPath,
        });
        expect(sessionId).toMatch(name === 'opencode' ? /^ses_[A-Za-z0-9]+$/ : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(readFileSync(join(world.sandbox.home, 'repos', 'app', 'README.md'), 'utf8')).toBe(WRITTEN_FILE_CONTENT);
        expect(readFileSync(logPath, 'utf8')).toContain('FAKE_DONE README.md | markers=[MARK-a]');
        expect(task.leftRunning).toEqual([]);
      });

      it('(b) a resume with the session id: the same session, the first turn carried, the diffstat of the second change only', async () => {
        const { task, resume } = valueOf(await sequences.get(name)!);
        const { text, meta } = okEnvelope(resume);
        const world = worlds.get(name)!;
        const sessionId = okEnvelope(task).meta.session_id as string;
        expect(withElapsedAsE(text)).toBe(
          [
            `completed in E · ${name} · session ${sessionId}`,
            ' notes.txt | 1 +',
            ' 1 file changed, 1 insertion(+)',
            '',
            'FAKE_DONE notes.txt | markers=[MARK-a,MARK-b]',
            '',
            `log: ${join(world.sandbox.home, '.runs', 'r1', `${resume.callId}.log`)}`,
          ].join('\n'),
        );
        expect(meta).toMatchObject({ status: 'completed', session_id: sessionId, files_changed: 1, insertions: 1, deletions: 0 });
        // The model server saw the first brief in the resumed conversation.
        const resumed = world.server.requests.filter((request) => JSON.stringify(request.body).includes('MARK-b'));
        expect(resumed.some((request) => JSON.stringify(request.body).includes('MARK-a'))).toBe(true);
        expect(resume.leftRunning).toEqual([]);
      });

      it('(c) an API error: failed, with the CLI\'s reason on one line', async () => {
        const { apiError } = valueOf(await sequences.get(name)!);
        const { text, meta } = okEnvelope(apiError);
        const lines = text.split('\n');
        const first = /^failed after \S+: (.*) · (\w+)(?: · session (\S+))?$/.exec(lines[0]!);
        expect(first, lines[0]).not.toBeNull();
        expect(first![1]).toMatch(API_ERROR_REASON[name]);
        expect(first![2]).toBe(name);
        expect(lines.slice(1)).toEqual(['no changes', '', '(no final message)', '', `log: ${meta.log_path}`]);
        expect(meta).toMatchObject({ status: 'failed', exit_code: API_ERROR_EXIT_CODE[name], timed_out: false, files_changed: 0 });
        expect(apiError.leftRunning).toEqual([]);
      });

      it('(d) a hung model: timed out at the timeout, nothing of the harness left running', async () => {
        const { hung } = valueOf(await stucks.get(name)!);
        const { text, meta } = okEnvelope(hung);
        const lines = text.split('\n');
        expect(lines[0]).toMatch(new RegExp(`^timed out after 1m\\d\\ds; the harness was stopped · ${name}( · session \\S+)?$`));
        expect(lines.slice(1)).toEqual(['no changes', '', '(no final message)', '', `log: ${meta.log_path}`]);
        expect(meta).toMatchObject({ status: 'timed_out', timed_out: true, harness: name });
        expect(hung.leftRunning).toEqual([]);
      });

      it('(e) a second task on the same repository while one runs: refused', async () => {
        const { hung, refused } = valueOf(await stucks.get(name)!);
        const world = worlds.get(name)!;
        expect(refused.envelope.ok).toBe(false);
        if (refused.envelope.ok) return;
        expect(refused.envelope.kind).toBe('busy');
        expect(refused.envelope.error).toMatch(
          new RegExp(`^a code_task is already running in ${join(world.sandbox.home, 'repos', 'stuck')} \\(call ${hung.callId}, \\d+s\\)$`),
        );
        // The refused task never started a harness, so it never wrote its file.
        expect(existsSync(join(world.sandbox.home, 'repos', 'stuck', 'other.txt'))).toBe(false);
      });

      it('(f) a task over guilds-harness --serve asking for progress: its steps before its answer, its final message among them', async () => {
        const { live } = valueOf(await sequences.get(name)!);
        expect({ status: live.status, signal: live.signal, stderr: live.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
        const answer = live.lines.at(-1)!;
        expect(Object.keys(answer)).toEqual(['call_id', 'envelope']);
        expect(answer.envelope).toMatchObject({ ok: true, meta: { status: 'completed', harness: name, files_changed: 1 } });
        const before = live.lines.slice(0, -1);
        expect(before.every((line) => Object.keys(line).join() === 'call_id,progress' && line.call_id === answer.call_id)).toBe(true);
        const steps = before.map((line) => line.progress!).filter((event) => event.type === 'step');
        expect(steps.filter((step) => step.kind === 'message').map((step) => step.text)).toContain('FAKE_DONE live.txt | markers=[MARK-d]');
        expect(steps.some((step) => step.kind === 'edit' && step.text!.endsWith('live.txt'))).toBe(true);
      });
    });
  }
}, TEST_TIME_LIMIT_MS);
