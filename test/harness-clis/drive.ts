// Drives each real harness CLI directly (no helper) against the scripted model server, in a fresh git
// repository with its own home: (a) a task that creates a file, (b) a resume of that session that
// creates another, (b2) a resume that edits a tracked file, (c) an API error, (d) a hung model stopped
// by the caller's timeout. Prints what happened and, with
// --record, writes what each CLI printed to fixtures/harness-transcripts/recorded/<cli>.jsonl (machine
// paths replaced by /home/agent) for the parsers' golden tests.
//
//   npx tsx test/harness-clis/drive.ts [--record] [claude|codex|gemini|opencode ...]
//
// The CLIs come from scripts/install-harness-clis.sh (GUILDS_CLI_CACHE, default
// ~/.cache/guilds-code/harness-clis); exit status 1 when any check fails.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer, WRITTEN_FILE_CONTENT, type ModelServer } from './model-server.js';
import { baseEnvironment, CLI_NAMES, PROFILES, type CliName, type CliProfile, type Invocation, type RunSummary } from './clis.js';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI_CACHE = process.env.GUILDS_CLI_CACHE ?? join(homedir(), '.cache', 'guilds-code', 'harness-clis');
const TASK_TIMEOUT_MS = 90_000;
// A hung run is stopped this long after the model server took its hanging request (so the CLI is
// really waiting on the model, however slow its start), or at the cap, whichever comes first.
const HANG_STOP_AFTER_REQUEST_MS = 2_000;
const HANG_TIMEOUT_CAP_MS = 60_000;
const KILL_GRACE_MS = 10_000;
const SCRUBBED_HOME = '/home/agent';
const SCRUBBED_CLI_CACHE = '/home/agent/.cache/guilds-code/harness-clis';

interface RunResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly elapsedMs: number;
  readonly lines: string[];
  readonly stdoutLines: string[];
  readonly leftInGroup: string[];
  readonly summary: RunSummary;
}

function processesInGroup(pgid: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.split(/\s+/)[1] === String(pgid));
}

async function waitForEmptyGroup(pgid: number, withinMs: number): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const left = processesInGroup(pgid);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function runCli(
  profile: CliProfile,
  invocation: Invocation,
  env: Record<string, string>,
  brief: string,
  timeoutMs: number,
  stopWhen?: () => boolean,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(profile.name, invocation.args, { cwd: invocation.cwd, env: { ...env, ...invocation.env }, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const stdoutLines: string[] = [];
    const collect = (stream: NodeJS.ReadableStream, isStdout: boolean): void => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        rest += chunk;
        const parts = rest.split('\n');
        rest = parts.pop()!;
        for (const line of parts) {
          lines.push(line);
          if (isStdout) stdoutLines.push(line);
        }
      });
      stream.on('end', () => {
        if (rest !== '') {
          lines.push(rest);
          if (isStdout) stdoutLines.push(rest);
        }
      });
    };
    collect(child.stdout!, true);
    collect(child.stderr!, false);
    child.stdin!.on('error', () => {});
    child.stdin!.end(brief);
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    // The caller's timeout: SIGTERM to the whole group, SIGKILL 10 s later, as the helper does.
    const stop = (): void => {
      if (timedOut) return;
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      killTimer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, KILL_GRACE_MS);
    };
    const timer = setTimeout(stop, timeoutMs);
    let stopSoon: NodeJS.Timeout | undefined;
    const watch = stopWhen
      ? setInterval(() => {
          if (stopSoon === undefined && stopWhen()) stopSoon = setTimeout(stop, HANG_STOP_AFTER_REQUEST_MS);
        }, 100)
      : undefined;
    child.on('close', async (exitCode, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      clearTimeout(stopSoon);
      const elapsedMs = Date.now() - started;
      // The harness may leave children behind; the caller ends the whole group, as the helper will.
      let leftInGroup = await waitForEmptyGroup(child.pid!, timedOut ? KILL_GRACE_MS + 1000 : 2000);
      if (leftInGroup.length > 0 && !timedOut) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }
      clearTimeout(killTimer);
      leftInGroup = leftInGroup.length > 0 ? leftInGroup : [];
      resolve({ exitCode, signal, timedOut, elapsedMs, lines, stdoutLines, leftInGroup, summary: profile.summarize(stdoutLines) });
    });
  });
}

function gitRepo(path: string): void {
  mkdirSync(path, { recursive: true });
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: path, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'agent@example.com');
  git('config', 'user.name', 'Agent');
  writeFileSync(join(path, 'README.md'), '# scratch\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
}

interface Check {
  readonly cli: CliName;
  readonly scenario: string;
  readonly ok: boolean;
  readonly detail: string;
}

async function driveOne(name: CliName, record: boolean, checks: Check[]): Promise<void> {
  const profile = PROFILES[name];
  const root = mkdtempSync(join(tmpdir(), `guilds-drive-${name}-`));
  const home = root;
  mkdirSync(join(home, 'tmp'), { recursive: true });
  const server: ModelServer = await startModelServer({ connectionTimeoutMs: 60_000, lifetimeMs: 10 * 60_000 });
  profile.configure(home, server.url);
  const env = { ...baseEnvironment(home, `${join(CLI_CACHE, 'bin')}:/usr/local/bin:/usr/bin:/bin`), ...profile.environment(home, server.url) };
  const transcript: string[] = [];
  // Machine paths become the image's: the home (also in the dashed form Claude names project folders
  // with), the CLI cache, and the model server's port.
  const dashed = (path: string): string => path.replace(/[^A-Za-z0-9]/g, '-');
  const replacements: Array<[string, string]> = [
    [root, SCRUBBED_HOME],
    [dashed(root), dashed(SCRUBBED_HOME)],
    [CLI_CACHE, SCRUBBED_CLI_CACHE],
    [server.url, 'http://127.0.0.1:PORT'],
  ];
  const scrub = (text: string): string => replacements.reduce((out, [from, to]) => out.split(from).join(to), text);

  const run = async (scenario: string, invocation: Invocation, brief: string, timeoutMs: number, stopWhen?: () => boolean): Promise<RunResult> => {
    const result = await runCli(profile, invocation, env, brief, timeoutMs, stopWhen);
    transcript.push(`# ${new Date().toISOString()} ${name} ${scrub(JSON.stringify(invocation.args))} cwd=${scrub(invocation.cwd)} brief=${JSON.stringify(brief)} scenario=${scenario}`);
    for (const line of result.lines) transcript.push(scrub(line));
    transcript.push(`# exit=${result.exitCode} signal=${result.signal} timed_out=${result.timedOut} elapsed_ms=${result.elapsedMs}`);
    const s = result.summary;
    console.log(
      `${name} ${scenario}: exit ${result.exitCode}${result.signal ? ` (${result.signal})` : ''}${result.timedOut ? ' timed out' : ''} in ${(result.elapsedMs / 1000).toFixed(1)} s; session ${s.sessionId ?? invocation.presetSessionId}; final ${JSON.stringify(s.finalMessage)}; error ${JSON.stringify(s.errorReason)}; left ${result.leftInGroup.length}`,
    );
    return result;
  };
  const check = (scenario: string, ok: boolean, detail: string): void => {
    checks.push({ cli: name, scenario, ok, detail });
    if (!ok) console.log(`  FAILED ${name} ${scenario}: ${detail}`);
  };

  try {
    // (a) a task that creates a file
    const repo = join(root, `repo-${name}`);
    gitRepo(repo);
    const first = profile.newTask(repo);
    const a = await run('task', first, 'MARK-t1 please WRITE_FILE(one.txt)', TASK_TIMEOUT_MS);
    const sessionId = a.summary.sessionId ?? first.presetSessionId;
    check('a task', a.exitCode === 0 && existsSync(join(repo, 'one.txt')) && a.summary.finalMessage === 'FAKE_DONE one.txt | markers=[MARK-t1]', `exit ${a.exitCode}, one.txt ${existsSync(join(repo, 'one.txt'))}, final ${a.summary.finalMessage}`);
    check('a session id', sessionId !== null && (first.presetSessionId === null || sessionId === first.presetSessionId), `session ${sessionId}, preset ${first.presetSessionId}`);

    // (b) a resume of the same session
    if (sessionId) {
      const b = await run('resume', profile.resume(repo, sessionId), 'MARK-t2 now WRITE_FILE(two.txt)', TASK_TIMEOUT_MS);
      check(
        'b resume',
        b.exitCode === 0 && existsSync(join(repo, 'two.txt')) && b.summary.finalMessage === 'FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]' && (b.summary.sessionId ?? sessionId) === sessionId,
        `exit ${b.exitCode}, two.txt ${existsSync(join(repo, 'two.txt'))}, final ${b.summary.finalMessage}, session ${b.summary.sessionId}`,
      );
    } else check('b resume', false, 'no session id from the first run');

    // (b2) an edit of a file the repository tracks, in the same session (each CLI's write tool
    // overwrites it: Claude Code 2.1.332 does not ask for a Read first in bypassPermissions mode)
    if (sessionId) {
      const e = await run('edit', profile.resume(repo, sessionId), 'MARK-t3 WRITE_FILE(README.md)', TASK_TIMEOUT_MS);
      const readme = readFileSync(join(repo, 'README.md'), 'utf8');
      check(
        'b2 edit',
        e.exitCode === 0 && readme === WRITTEN_FILE_CONTENT && e.summary.finalMessage === 'FAKE_DONE README.md | markers=[MARK-t1,MARK-t2,MARK-t3]',
        `exit ${e.exitCode}, README.md ${JSON.stringify(readme)}, final ${e.summary.finalMessage}`,
      );
    }

    // (c) an API error
    const errorRepo = join(root, `repo-error-${name}`);
    gitRepo(errorRepo);
    const c = await run('api-error', profile.newTask(errorRepo), 'MARK-e FAKE_ERROR(401)', TASK_TIMEOUT_MS);
    check('c api error', c.exitCode !== 0 && !c.timedOut, `exit ${c.exitCode}, reason ${c.summary.errorReason}`);

    // (c2) a server error, which every CLI retries in its own way (only with GUILDS_DRIVE_500=1: slow)
    if (process.env.GUILDS_DRIVE_500) {
      const serverErrorRepo = join(root, `repo-500-${name}`);
      gitRepo(serverErrorRepo);
      const c2 = await run('server-error', profile.newTask(serverErrorRepo), 'MARK-s FAKE_ERROR(500)', 150_000);
      const attempts = server.requests.filter((r) => r.action === 'error:500').length;
      check('c2 server error', c2.exitCode !== 0 && !c2.timedOut, `exit ${c2.exitCode}, ${attempts} requests answered 500, reason ${c2.summary.errorReason}`);
    }

    // (d) a hung model, stopped by the caller's timeout
    const hangRepo = join(root, `repo-hang-${name}`);
    gitRepo(hangRepo);
    const hangingRequests = (): number => server.requests.filter((r) => r.action === 'hang').length;
    const d = await run('hang', profile.newTask(hangRepo), 'MARK-h FAKE_HANG', HANG_TIMEOUT_CAP_MS, () => hangingRequests() > 0);
    check(
      'd hang',
      d.timedOut && d.leftInGroup.length === 0 && hangingRequests() > 0,
      `timed out ${d.timedOut}, exit ${d.exitCode} ${d.signal}, ${hangingRequests()} hanging requests, left ${d.leftInGroup.join(' | ')}`,
    );
  } finally {
    console.log(`${name} requests: ${server.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')} → ${r.action}`).join('; ')}`);
    const others = server.requests.filter((r) => r.api === 'other');
    if (others.length > 0) console.log(`${name} unserved: ${others.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    writeFileSync(join(root, 'requests.json'), JSON.stringify(server.requests, null, 1));
    await server.close();
    if (record) {
      const dir = join(REPO_ROOT, 'fixtures', 'harness-transcripts', 'recorded');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.jsonl`), `${transcript.join('\n')}\n`);
    }
    if (process.env.GUILDS_DRIVE_KEEP) console.log(`${name} kept: ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const record = args.includes('--record');
  const names = args.filter((arg) => !arg.startsWith('--')) as CliName[];
  for (const name of names) if (!CLI_NAMES.includes(name)) throw new Error(`unknown CLI ${name}`);
  const checks: Check[] = [];
  for (const name of names.length > 0 ? names : CLI_NAMES) {
    const version = readFileSync(join(CLI_CACHE, `${name}-${{ claude: '2.1.332', codex: '0.171.0', gemini: '0.61.0', opencode: '1.18.33' }[name]}`, '.installed'), 'utf8').trim();
    console.log(`== ${name}: ${version}`);
    await driveOne(name, record, checks);
  }
  const failed = checks.filter((c) => !c.ok);
  console.log(`${checks.length - failed.length}/${checks.length} checks passed${failed.length ? `; failed: ${failed.map((c) => `${c.cli} ${c.scenario}`).join(', ')}` : ''}`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}

await main();
