// The package as a platform gets it: the checkout packed once (npm pack, which builds lib/ through
// prepack), the tarball installed once with its production dependencies into a scratch project, and
// every case below run against that install with plain node, no tsx: the README's three examples as
// written, each library export loaded on its own, a strict TypeScript consumer, the bins, and the
// tarball's contents and size.
//
// The library exports come from package.json: a new `./lib/...` export is checked here without a
// line of this file (EXTERNAL_IMPORTS may pin what it loads). Without the npm registry (the install
// fetches @vscode/ripgrep), or with GUILDS_PACKAGE=skip, every test here is reported as skipped.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { nodeLines } from '../helpers/node-lines.js';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { processRuns } from '../helpers/processes.js';
import { blocksUnder } from '../helpers/markdown.js';
import { externalImports, libraryExports, tarballProblems } from './support.js';

/** The other Node lines the library example runs on; a line this machine could not install is skipped. */
const NODE_LINES = nodeLines().filter((line) => line.binary !== null);
// Measured at 0.2.0: 350,119 bytes packed, 1,361,591 unpacked, 7,171,064 installed (ripgrep's
// binary is most of it); then 427,431 packed and 1,597,264 unpacked once guilds-code.js carried the
// warm stream's body (--serve, about 100 KB) and the library guilds-code/docker-sandbox. Headroom
// for ordinary growth; a jump past these is a surprise to look at.
const TARBALL_MAX_BYTES = 500_000;
const UNPACKED_MAX_BYTES = 1_900_000;
const INSTALLED_MAX_BYTES = 8_000_000;
const REGISTRY_PING_TIMEOUT_MS = 20_000;
const NPM_TIME_LIMIT_MS = 4 * 60_000;
const RUN_TIME_LIMIT_MS = 60_000;
const TSC_TIME_LIMIT_MS = 120_000;
const MCP_ANSWER_TIME_LIMIT_MS = 30_000;

/** What each library export loads from outside the package: none of it for the library itself. */
const EXTERNAL_IMPORTS: Record<string, string[]> = {
  '.': [],
  './local-sandbox': ['node:child_process', 'node:fs', 'node:fs/promises', 'node:os', 'node:path', 'node:url'],
  './bwrap-sandbox': ['node:child_process', 'node:crypto', 'node:fs', 'node:fs/promises', 'node:os', 'node:path', 'node:url'],
  './choose-sandbox': ['node:child_process', 'node:crypto', 'node:fs', 'node:fs/promises', 'node:os', 'node:path', 'node:url'],
  './docker-sandbox': ['node:crypto', 'node:fs', 'node:http', 'node:https', 'node:path'],
};

const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

function unavailable(): string | undefined {
  if (process.env.GUILDS_PACKAGE === 'skip') return 'GUILDS_PACKAGE=skip';
  const ping = spawnSync('npm', ['ping', '--fetch-timeout=10000', '--fetch-retries=0'], { encoding: 'utf8', timeout: REGISTRY_PING_TIMEOUT_MS });
  if (ping.status === 0) return undefined;
  const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim();
  // npm's reason is its FetchError line (`request to … failed, reason: …`); its stack and log line follow.
  const lines = `${ping.stderr ?? ''}`.split('\n');
  const reason = (lines.find((line) => line.startsWith('npm error FetchError')) ?? lines.find((line) => line.startsWith('npm error code ')))?.replace(/^npm error /, '');
  return `the npm registry (${registry}) cannot be reached: ${reason ?? ping.error?.message ?? `npm ping exit ${ping.status}`}`;
}

const skipped = unavailable();

function run(command: string, args: string[], cwd: string, options: { env?: Record<string, string>; timeout?: number } = {}): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...options.env }, timeout: options.timeout ?? RUN_TIME_LIMIT_MS });
  if (result.error) throw result.error;
  return result;
}

function succeeded(result: SpawnSyncReturns<string>, what: string): SpawnSyncReturns<string> {
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal}): ${lastLine(result.stderr)}`);
  return result;
}

function bytesUnder(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : lstatSync(path).size;
  }
  return total;
}

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

let root: string;
let project: string;
let packed: Packed;
let installWarnings: string[];

const TITLE = `the package from its tarball, installed with production dependencies${skipped === undefined ? '' : ` (skipped: ${skipped})`}`;

(skipped === undefined ? describe : describe.skip)(TITLE, () => {
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-package-')));
    const pack = succeeded(run('npm', ['pack', '--json', '--pack-destination', root], REPO_ROOT, { timeout: NPM_TIME_LIMIT_MS }), 'npm pack');
    packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
    project = join(root, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
    const install = succeeded(
      run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', join(root, packed.filename)], project, { timeout: NPM_TIME_LIMIT_MS }),
      'npm install of the tarball',
    );
    installWarnings = install.stderr.split('\n').filter((line) => /^npm warn/i.test(line));
  }, NPM_TIME_LIMIT_MS * 2);

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  it('ships only what runs: the fixed files, each library export and its declarations, their chunks, and the declarations of the modules they use', () => {
    const files = packed.files.map((file) => file.path).sort();
    expect(tarballProblems(files, PACKAGE.exports, (path) => existsSync(join(REPO_ROOT, path)))).toEqual({ unexpected: [], missing: [] });
  });

  it(`stays under ${TARBALL_MAX_BYTES} bytes packed, ${UNPACKED_MAX_BYTES} unpacked and ${INSTALLED_MAX_BYTES} installed with its dependencies`, () => {
    const installed = bytesUnder(join(project, 'node_modules'));
    expect({ packed: packed.size <= TARBALL_MAX_BYTES, unpacked: packed.unpackedSize <= UNPACKED_MAX_BYTES, installed: installed <= INSTALLED_MAX_BYTES }, `${packed.size} packed, ${packed.unpackedSize} unpacked, ${installed} installed`).toEqual({
      packed: true,
      unpacked: true,
      installed: true,
    });
  });

  it('installs without a warning', () => {
    expect(installWarnings).toEqual([]);
  });

  describe.each(libraryExports(PACKAGE.exports))('the export %s', (subpath, target) => {
    const specifier = subpath === '.' ? PACKAGE.name : `${PACKAGE.name}/${subpath.slice(2)}`;

    it('loads with plain node', () => {
      const script = `const m = await import(${JSON.stringify(specifier)}); console.log(Object.keys(m).length > 0);`;
      const loaded = run(process.execPath, ['--input-type=module', '-e', script], project);
      expect({ status: loaded.status, stdout: loaded.stdout, stderr: loaded.stderr }).toEqual({ status: 0, stdout: 'true\n', stderr: '' });
    });

    it('loads from outside the package only node: modules and declared dependencies, as pinned', () => {
      const external = externalImports(join(project, 'node_modules', PACKAGE.name, target));
      const pinned = EXTERNAL_IMPORTS[subpath];
      if (pinned !== undefined) expect(external).toEqual(pinned);
      expect(external.filter((name) => !name.startsWith('node:') && !(name in PACKAGE.dependencies))).toEqual([]);
    });
  });

  /** The README's library example, run by `node` from the scratch project: what it printed against the README's block. */
  function runLibraryExample(node: string): void {
    const [example, printed] = blocksUnder(README, '### As a library');
    expect([example?.language, printed?.language]).toEqual(['js', '']);
    writeFileSync(join(project, 'example.mjs'), `${example!.body}\n`);
    // No rg on PATH: code_search finds the one the package's dependency installed.
    const path = (process.env.PATH ?? '').split(':').filter((folder) => !existsSync(join(folder, 'rg'))).join(':');
    const ran = run(node, ['example.mjs'], project, { env: { PATH: path } });
    // What varies between runs: the scratch folder's name and code_task's elapsed seconds.
    const stdout = ran.stdout.replace(/guilds-code-sandbox-[A-Za-z0-9]{6}/g, 'guilds-code-sandbox-XXXXXX').replace(/^completed in \d+s/m, 'completed in 0s');
    expect({ status: ran.status, stdout, stderr: ran.stderr }).toEqual({ status: 0, stdout: `${printed!.body}\n\n`, stderr: '' });
  }

  it("runs the README's library example: each tool through the local sandbox, code_task through the command harness", () => {
    runLibraryExample(process.execPath);
  });

  // The library and the helpers it starts (LocalSandbox runs them on the Node that runs the library)
  // on each other Node line of the matrix (test/helpers/node-lines.ts), from the same install.
  it.each(NODE_LINES.map((line) => [line.version, line.binary!]))("runs the README's library example on Node %s", (_version, binary) => {
    runLibraryExample(binary);
  });

  it("runs the README's image example: the helper copied out of node_modules answers a request", () => {
    const [recipe] = blocksUnder(README, '### In a sandbox image');
    const lines = recipe!.body.split('\n');
    // The install is the one every case shares; the image's folders become scratch folders.
    expect(lines[0]).toBe(`npm install ${PACKAGE.name}`);
    const bin = join(root, 'image', 'bin');
    const runDir = join(root, 'image', 'run');
    const home = join(root, 'image', 'home');
    mkdirSync(bin, { recursive: true });
    mkdirSync(home, { recursive: true });
    const script = lines.slice(1).join('\n').replaceAll('/usr/local/bin', bin).replaceAll('/run/guilds', runDir);
    const ran = run('bash', ['-euo', 'pipefail', '-c', script], project, { env: { HOME: home, GUILDS_RUN_DIR: runDir } });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    const envelope = JSON.parse(ran.stdout) as { ok: boolean; text: string; meta: Record<string, unknown> };
    expect({ ...envelope, meta: { ...envelope.meta, elapsed_ms: 'E' } }).toEqual({ ok: true, text: 'hello', meta: { exit_code: 0, cwd: home, timed_out: false, elapsed_ms: 'E' } });
    expect(readdirSync(bin).sort()).toEqual(['guilds-code', 'guilds-harness']);
  });

  it("runs the README's MCP example: npx guilds-code-mcp --home answers initialize", async () => {
    const [commands] = blocksUnder(README, '### As an MCP server');
    const line = commands!.body.split('\n').find((text) => text.startsWith('npx '));
    expect(line).toBeDefined();
    const command = line!.replace(/\s+#.*$/, '');
    expect(command).toBe('npx guilds-code-mcp --home "$PWD"');
    const server = spawn('bash', ['-c', command], { cwd: project, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PWD: project } });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        let stderr = '';
        const timer = setTimeout(() => reject(new Error(`no answer in ${MCP_ANSWER_TIME_LIMIT_MS} ms; stderr: ${stderr}`)), MCP_ANSWER_TIME_LIMIT_MS);
        server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        server.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
          if (stdout.includes('\n')) {
            clearTimeout(timer);
            resolve(stdout.slice(0, stdout.indexOf('\n')));
          }
        });
        server.on('exit', (code) => reject(new Error(`the server exited (${code}) before it answered; stderr: ${stderr}`)));
        const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'consumer', version: '1' } } };
        server.stdin.write(`${JSON.stringify(initialize)}\n`);
      });
      expect(JSON.parse(answer)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: PACKAGE.name, version: PACKAGE.version } } });
    } finally {
      server.stdin.end();
      const exited = new Promise((resolve) => server.once('exit', resolve));
      if (server.exitCode === null && server.pid !== undefined && processRuns(server.pid)) {
        const stop = setTimeout(() => process.kill(-server.pid!, 'SIGTERM'), MCP_ANSWER_TIME_LIMIT_MS);
        await exited;
        clearTimeout(stop);
      }
    }
  });

  it.each(Object.keys(PACKAGE.bin).filter((name) => name !== 'guilds-code-mcp'))('runs the bin %s, which answers a bad request with one envelope', (name) => {
    const ran = run(join(project, 'node_modules', '.bin', name), ['not-base64!'], project, { env: { HOME: project } });
    expect({ status: ran.status, stderr: ran.stderr, lines: ran.stdout.split('\n').length }).toEqual({ status: 0, stderr: '', lines: 2 });
    expect(JSON.parse(Buffer.from(ran.stdout, 'base64').toString('utf8'))).toMatchObject({ ok: false, kind: 'invalid_request' });
  });

  describe.each([
    ['module NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext' }],
    ['moduleResolution bundler', { module: 'ESNext', moduleResolution: 'Bundler' }],
  ])('a TypeScript consumer under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, with %s', (name, resolution) => {
    it('type-checks, the declarations of every library export included', () => {
      // Inside the scratch project, so that the package resolves from its node_modules.
      const folder = join(project, `types-${resolution.moduleResolution}`);
      mkdirSync(folder);
      writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(join(folder, 'consumer.ts'), readFileSync(join(REPO_ROOT, 'fixtures', 'package-consumer', 'consumer.ts')));
      const entries = libraryExports(PACKAGE.exports).map(([subpath], index) => `export * as entry${index} from '${subpath === '.' ? PACKAGE.name : `${PACKAGE.name}/${subpath.slice(2)}`}';`);
      writeFileSync(join(folder, 'entries.ts'), `${entries.join('\n')}\n`);
      const compilerOptions = {
        ...resolution,
        target: 'ES2022',
        lib: ['ES2022'],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
        // The consumer's own @types/node, as any Node project has it.
        types: ['node'],
        typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
      };
      writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts', 'entries.ts'] }, null, 2));
      const checked = run(process.execPath, [TSC, '-p', join(folder, 'tsconfig.json')], project, { timeout: TSC_TIME_LIMIT_MS });
      expect({ name, status: checked.status, output: checked.stdout + checked.stderr }).toEqual({ name, status: 0, output: '' });
    });
  });
});
