// Every `npm start` example of the README, of docs/orchestrator.md and of `npm start -- --help`, run as written by bash in the
// checkout, in order (the background example's second command stops what its first started). Two
// things are changed, and only these: /tmp/agent becomes a fresh folder of this test's, and a page's
// port becomes 0 (a free one), since other runs on this machine may hold either. The README's
// TypeScript example runs too, from .tmp/ (so its ./src/ is ../src/), in a home of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastingRunDirName, USAGE } from '../../scripts/try-cli.js';
import { fencedBlocks } from '../helpers/markdown.js';
import { REPO_ROOT } from '../helpers/paths.js';

const EXAMPLE_HOME = '/tmp/agent';
const RUN_TIMEOUT_MS = 90_000;
/** A test's own time beyond its run's limit, so that the run's limit is the one a slow run meets. */
const TEST_MARGIN_MS = 10_000;
const GROUP_WAIT_TRIES = 200;
const GROUP_WAIT_STEP_MS = 100;

/** A shell text's logical lines: `\` line ends joined, blank lines and comment lines dropped. */
function logicalLines(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A Markdown file's `npm start` command lines, from its sh blocks; `npm ci && …` is the CI's to run. */
function markdownExamples(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const blocks = fencedBlocks(text).filter((block) => block.language === 'sh');
  return blocks.flatMap((block) => logicalLines(block.body)).filter((line) => line.includes('npm start') && !line.startsWith('npm ci'));
}

/** The usage's examples: the lines after `examples:` up to the next blank line. */
function usageExamples(): string[] {
  const after = USAGE.slice(USAGE.indexOf('\nexamples:\n') + '\nexamples:\n'.length);
  return logicalLines(after.slice(0, after.indexOf('\n\n')));
}

/** A command line without its trailing `  # comment`. */
function withoutComment(line: string): string {
  return line.replace(/\s{2,}#.*$/, '');
}

const scratches: string[] = [];

/** The example as this test runs it: its own folder for /tmp/agent, a free port for a page. */
function asRun(line: string, home: string): string {
  const command = withoutComment(line).split(EXAMPLE_HOME).join(home);
  if (!command.includes('--web')) return command;
  return command.includes('--port') ? command.replace(/--port \d+/, '--port 0') : `${command} --port 0`;
}

function freshHome(): string {
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-examples-')));
  scratches.push(scratch, join(tmpdir(), lastingRunDirName(join(scratch, 'agent'))));
  // Made here too, so that an example run alone (vitest -t) finds it as after the README's mkdir.
  mkdirSync(join(scratch, 'agent'));
  return join(scratch, 'agent');
}

function run(command: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', command], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    timeout: RUN_TIMEOUT_MS,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A page example: serves, answers its state, and ends with its server on SIGTERM. */
async function runPage(command: string): Promise<{ state: { sandbox: string; flow: unknown[] }; groupGone: boolean; answers: boolean }> {
  const child = spawn('bash', ['-c', `exec ${command}`], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const found = /^page: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`${command} exited (${code}) before serving:\n${output}`)));
  });
  const state = (await (await fetch(`${url}api/state`)).json()) as { sandbox: string; flow: unknown[] };
  // npm, sh, tsx and node are one process group, this test's own, as a terminal's Ctrl-C reaches them.
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return { state, groupGone: await groupGone(child.pid!), answers: await fetch(url).then(() => true, () => false) };
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether every process of the group has ended, waiting for them a while (npm may end before node). */
async function groupGone(group: number): Promise<boolean> {
  for (let tries = 0; tries < GROUP_WAIT_TRIES && groupAlive(group); tries++) await new Promise((resolve) => setTimeout(resolve, GROUP_WAIT_STEP_MS));
  return !groupAlive(group);
}

afterAll(() => {
  for (const path of scratches) rmSync(path, { recursive: true, force: true });
});

/** Checks that hold for every call an example prints: it ran, and none failed. */
function expectCallsSucceeded(stdout: string): void {
  expect(stdout).toMatch(/^── step 1 · /m);
  expect(stdout).not.toMatch(/^✗ /m);
  expect(stdout).not.toContain('Result (failed)');
}

describe.each([
  ['the README', () => markdownExamples('README.md')],
  ['docs/orchestrator.md', () => markdownExamples('docs/orchestrator.md')],
  ['npm start -- --help', usageExamples],
])('the examples of %s, run as written', (_source, examples) => {
  const lines = examples();
  const home = freshHome();

  it('are the ones this test knows how to check', () => {
    expect(lines.filter((line) => !line.includes('--web')).map((line) => /npm start(?: -- (\w+))?/.exec(line)![1] ?? 'the tour')).toEqual(
      expect.arrayContaining(['file_read', 'code_search', 'shell', 'shell_status', 'code_task']),
    );
  });

  for (const line of lines.filter((candidate) => !candidate.includes('--web'))) {
    it(line, () => {
      const { status, stdout, stderr } = run(asRun(line, home));
      expect(stderr).toBe('');
      expect(status).toBe(0);
      if (line.includes('--help')) {
        expect(stdout).toMatch(/^usage: npm start /m);
        return;
      }
      expectCallsSucceeded(stdout);
      if (line.includes('--background')) {
        expect(stdout).toContain('sandbox: local (it lives as long as the home: background commands outlive each npm start)\n');
        expect(stdout).toMatch(/\n {2}started b1 in the background \(pid \d+\)\n/);
      }
      if (line.includes('--stop')) expect(stdout).toMatch(/\n {2}sent SIGTERM to b1 \(process group \d+\)/);
      if (line.includes('code_task')) expect(stdout).toMatch(/\n {2}completed in \d+s · command\n/);
    }, RUN_TIMEOUT_MS + TEST_MARGIN_MS);
  }

  for (const line of lines.filter((candidate) => candidate.includes('--web'))) {
    it(line, async () => {
      const { state, groupGone, answers } = await runPage(asRun(line, home));
      expect(state.sandbox).toMatch(/^(bubblewrap|local \(.+\))$/);
      // Without --home the tour's calls come first; with it the flow starts empty.
      expect(state.flow.length).toBe(line.includes('--home') ? 0 : 10);
      expect({ groupGone, answers }).toEqual({ groupGone: true, answers: false });
    });
  }
});

/**
 * The example's imports of the package (`guilds-code`, `guilds-code/local-sandbox`, …) pointed at the
 * sources that package.json's exports build lib/ from: lib/ is built only when the package is packed
 * (test/package/), and a fresh checkout has none.
 */
function fromSources(program: string): string {
  const exportsMap = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;
  return program.replace(/from '(guilds-code(?:\/[a-z-]+)?)'/g, (whole, name: string) => {
    const target = exportsMap[name === 'guilds-code' ? '.' : `.${name.slice('guilds-code'.length)}`];
    const source = target && /^\.\/lib\/(.+)\.js$/.exec(target);
    return source ? `from '../src/${source[1]}.ts'` : whole;
  });
}

describe("the README's TypeScript examples", () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  // A block that imports something is a program; the others declare a shape.
  const programs = fencedBlocks(readme)
    .filter((block) => block.language === 'ts' && /^import /m.test(block.body))
    .map((block) => block.body);

  it('are there', () => expect(programs.length).toBeGreaterThan(0));

  programs.forEach((program, index) => {
    it(`run as written: ${program.split('\n').find((line) => !line.startsWith('import') && line !== '')}`, () => {
      const home = freshHome();
      const file = join(REPO_ROOT, '.tmp', `readme-example-${index + 1}.ts`);
      mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
      writeFileSync(file, fromSources(program).replace(/\/srv\/agents\/a1/g, home));
      scratches.push(file);
      const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [file], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        timeout: RUN_TIMEOUT_MS,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      // The call ran in that home: its run keeps its working directory there.
      expect(existsSync(join(home, '.runs', 'r1', 'cwd'))).toBe(true);
    }, RUN_TIMEOUT_MS + TEST_MARGIN_MS);
  });
});
