// The try-out command, run as `npm start` runs it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingLine, toolHelp, TOUR, tourOpening, usageErrorText, UsageError } from '../../scripts/try-cli.js';
import { CODE_TOOL_DECLARATIONS } from '../../src/orchestrator/index.js';
import { REPO_ROOT } from '../helpers/paths.js';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

function tryOutWith(env: Record<string, string | undefined>, ...args: string[]) {
  const run = spawnSync(TSX, ['scripts/try.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function tryOut(...args: string[]) {
  return tryOutWith({}, ...args);
}

describe('npm start', () => {
  it('alone takes a tour of all five tools without crashing, whatever each answers', () => {
    const { status, stdout, stderr } = tryOut();
    expect(stderr).toBe('');
    expect(status).toBe(0);
    // One sentence of what it shows first; its last line says the logs it named go with the home.
    expect(stdout.startsWith(`${tourOpening(TOUR)}\n\nhome: /`)).toBe(true);
    expect(stdout).toMatch(/\n\nhome: \/.*\/home\nsandbox: (bubblewrap|local \(.+\))\nrun: try, starting in repos\/tryout-repo\n\n/);
    expect(stdout.endsWith(`\n${closingLine('scratch', true)}\n`)).toBe(true);
    const steps = [...stdout.matchAll(/^── step (\d+) · (\w+) /gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(steps).toEqual([
      '1 shell',
      '2 file_read',
      '3 file_read',
      '4 code_search',
      '5 code_search',
      '6 shell',
      '7 shell',
      '8 shell_status',
      '9 shell_status',
      '10 code_task',
    ]);
    expect(stdout).toContain('\nRead src/greet.js\n\nArguments\n  {"path":"src/greet.js"}\n\nResult\n  src/greet.js · lines 1–9 of 9\n');
    expect(stdout).toContain('\nRead src/greet.js from line 3 · unchanged since step 2\n');
    expect(stdout).toContain('\n  src/greet.js lines 3–4: unchanged since step 2; read that result.\n');
    expect(stdout).toContain('\n  Same as step  2\n');
    // Step 9 checks the background command once it printed its first line.
    expect(stdout).toMatch(/\nCheck b1\n[^─]*\nResult\n  state: (running|exited 0)\n  elapsed: \d+s\n  log: \S+\/c7\.log\n  ready\n/);
    // The code_task step, run by the scripted harness, with the diffstat of what it changed.
    expect(stdout).toMatch(
      new RegExp(
        [
          'Block \\(what the app shows for a code_task\\)',
          '  Code task: Add farewell\\(\\) to src/greet\\.js, with a test\\.',
          '  completed in \\d+s · command',
          '   src/greet\\.js          \\| 1 \\+',
          '   test/farewell\\.test\\.js \\| 2 \\+\\+',
          '   2 files changed, 3 insertions\\(\\+\\)',
          '',
          '  ## Added farewell\\(\\)',
          '',
          '  - `src/greet\\.js`: `farewell\\(name\\)` beside `greet\\(name\\)`',
          '  - `test/farewell\\.test\\.js`: its test',
          '',
          '  `node test/farewell\\.test\\.js` passes\\.',
          '',
          '  log: /.*/home/\\.runs/try/c10\\.log',
        ].join('\n'),
      ),
    );
  });

  it('-- code_task without a configured harness says how to configure one', () => {
    // A PATH of node and git alone: a coding-agent CLI installed on this machine must not run here.
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-tryout-bin-')));
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
    const { status, stdout } = tryOutWith({ PATH: bin }, 'code_task', '--brief', 'edit src/greet.js');
    rmSync(bin, { recursive: true, force: true });
    // A code_task that could not run is a failed call.
    expect(status).toBe(1);
    expect(stdout).toContain('\n  code_task: no harness: none of claude, codex, gemini, opencode is on PATH; set GUILDS_HARNESS');
    expect(stdout).toContain('\nTo try code_task without a coding-agent CLI, run the scripted harness of fixtures/harness/:\n');
  });

  it('-- <tool> --arg value makes one call and prints it as the app does', () => {
    const { status, stdout } = tryOut('file_read', '--path', 'src/greet.js', '--offset', '2', '--limit', '2');
    expect(status).toBe(0);
    const call = stdout.slice(stdout.indexOf('── step 1'));
    expect(call).toMatch(
      new RegExp(
        [
          '^── step 1 · file_read ─+',
          'Read src/greet\\.js from line 2',
          '',
          'Arguments',
          '  \\{"path":"src/greet\\.js","offset":2,"limit":2\\}',
          '',
          'Result',
          '  src/greet\\.js · lines 2–3 of 9',
          '  2\\texport function greet\\(name\\) \\{',
          "  3\\t  const who = name && name\\.trim\\(\\) !== '' \\? name\\.trim\\(\\) : 'world';",
          '',
          'Metadata',
          '  Call          c1',
          '  Tool          file_read',
          '  File          /.*/home/repos/tryout-repo/src/greet\\.js',
          '  Lines         2–3 of 9',
          '  Content hash  [0-9a-f]{64}',
          '',
        ].join('\n'),
      ),
    );
  });

  it("shows where the call's time went as the last line of its Metadata", () => {
    const { status, stdout } = tryOut('file_read', '--path', 'src/greet.js');
    expect(status).toBe(0);
    const duration = String.raw`\d+(\.\d+)? m?s`;
    expect(stdout).toMatch(
      new RegExp(String.raw`\n  Content hash  [0-9a-f]{64}\n  Timing        ${duration} (warm: stream|cold: exec) ${duration} \(helper start ${duration}, run ${duration}, shape ${duration}\)\n\n`),
    );
  });

  it('--home DIR uses that home and starts in its only repository', () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-tryout-')));
    try {
      mkdirSync(join(home, 'repos', 'one'), { recursive: true });
      writeFileSync(join(home, 'repos', 'one', 'x.txt'), 'hello\n');
      const { status, stdout } = tryOut('--home', home, 'file_read', '--path', 'x.txt');
      expect(status).toBe(0);
      expect(stdout).toMatch(new RegExp(`home: ${home}\nsandbox: (bubblewrap|local \\(.+\\))\nrun: try, starting in repos/one\n`));
      expect(stdout).toContain('\n  x.txt · lines 1–1 of 1\n  1\thello\n');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('says a failed call\'s kind in its Metadata', () => {
    const { status, stdout } = tryOut('file_read', '--path', 'no-such.js');
    expect(status).toBe(1);
    expect(stdout).toContain('\nResult (failed)\n  no such file or folder: no-such.js\n\nMetadata\n  Call     c1\n  Tool     file_read\n  Failure  not_found\n');
  });

  it('refuses an unknown option by its name in one line, and points at --help in a second, not the whole usage', () => {
    const { status, stdout, stderr } = tryOut('--bogus');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('unknown option --bogus\nnpm start -- --help lists the options and the tools\n');
  });

  it("points an option error of a tool's call at that tool's help", () => {
    const { status, stdout, stderr } = tryOut('file_read', '--path');
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: '', stderr: usageErrorText(new UsageError('--path needs a value', 'file_read')) });
    expect(stderr).toBe('--path needs a value\nnpm start -- --help file_read lists its arguments\n');
  });

  it.each([
    ['an unknown tool', ['nosuch'], "unknown tool 'nosuch'", 'invalid_request'],
    ['a missing argument', ['shell'], 'shell: command is required', 'invalid_request'],
    ['a path outside the home', ['file_read', '--path', '/etc/passwd'], '/etc/passwd is outside the home', 'outside_home'],
    ['a bad mode', ['code_search', '--pattern', 'x', '--mode', 'bogus'], 'code_search: mode must be "files" or "content"', 'invalid_request'],
  ])('exits 1 when its one call failed: %s', (_case, args, error, kind) => {
    const { status, stdout, stderr } = tryOut(...args);
    expect(stderr).toBe('');
    expect(stdout).toContain(`\nResult (failed)\n  ${error}`);
    expect(stdout).toMatch(new RegExp(`\n  Failure +${kind}\n`));
    expect(status).toBe(1);
  });

  it('exits 0 when its one call succeeded, whatever the command it ran exited with', () => {
    const { status, stdout } = tryOut('shell', '--command', 'exit 3');
    expect(stdout).toContain('\nRun exit 3 · exit 3\n');
    expect(status).toBe(0);
  });

  it.each([
    ['--help', 'code_search'],
    ['code_search', '--help'],
  ])("lists a tool's arguments with their types, defaults and limits: npm start -- %s %s", (...args) => {
    const { status, stdout, stderr } = tryOut(...args);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(stdout).toBe(toolHelp(CODE_TOOL_DECLARATIONS.find((declaration) => declaration.name === 'code_search')!));
    expect(stdout).toContain('\n  --context  integer, default 0, 0 to 5\n      Lines of context around each match in content mode (0 to 5).\n');
  });

  it('refuses help for a tool there is not, in two lines', () => {
    const { status, stderr } = tryOut('--help', 'nosuch');
    expect(status).toBe(2);
    expect(stderr).toBe(
      "--help takes a tool's name (shell, shell_status, file_read, code_search, code_task), not 'nosuch'\nnpm start -- --help lists the options and the tools\n",
    );
  });

  it('says npm kept --home for itself when it was given before --', () => {
    // What `npm start --home /tmp/agent` hands the try-out: npm takes --home as its own setting.
    const { status, stdout, stderr } = tryOut('/tmp/agent');
    expect({ status, stdout }).toEqual({ status: 2, stdout: '' });
    expect(stderr).toBe(
      "'/tmp/agent' is not a tool's name: npm keeps the options given before -- for itself; give them after it, as in npm start -- --home DIR\n" +
        'npm start -- --help lists the options and the tools\n',
    );
  });

  it('ends quietly with 141, its scratch home removed, when the reader of its output goes (npm start | head)', async () => {
    const child = spawn(TSX, ['scripts/try.ts'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Read up to the home line, then go, as `head` does after its lines.
    const home = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const found = /^home: (.+)$/m.exec(output)?.[1];
        if (found === undefined) return;
        child.stdout.destroy();
        resolve(found);
      });
      void exited.then(() => reject(new Error(`exited before its home line:\n${output}`)));
    });
    expect(await exited).toBe(128 + 13);
    expect(stderr).toBe('');
    expect(existsSync(home)).toBe(false);
  });

  it('refuses a home that is not there', () => {
    const { status, stderr } = tryOut('--home', '/no/such/home', 'shell_status');
    expect(status).toBe(2);
    expect(stderr).toBe('no folder at /no/such/home\n');
  });
});
