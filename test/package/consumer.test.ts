// The package as a newcomer gets it from the README: the checkout packed once (the README's
// `npm pack --pack-destination ~`, which builds lib/ through prepack; its ~ this run's scratch
// folder), and every README line that installs or starts it run as written, each from a fresh
// folder: the install the library cases share, the image recipe, the MCP example, the servers that
// `claude mcp add` registers and the `npx -p` lines (from the tarball and from this checkout). Against
// the shared install, with plain node, no tsx: the library example, each library export loaded on
// its own, a strict TypeScript consumer, the bins, and the tarball's contents and size.
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
import { blocksUnder, fencedBlocks } from '../helpers/markdown.js';
import { asRunHere, CHECKOUT_PLACEHOLDER, externalImports, libraryExports, packageLines, tarballProblems } from './support.js';

/** The other Node lines the library example runs on; a line this machine could not install is skipped. */
const NODE_LINES = nodeLines().filter((line) => line.binary !== null);
// Measured at 0.2.0: 350,119 bytes packed, 1,361,591 unpacked, 7,171,064 installed (ripgrep's
// binary is most of it); then 427,431 packed and 1,597,264 unpacked once guilds-code.js carried the
// warm stream's body (--serve, about 100 KB) and the library guilds-code/docker-sandbox; then
// 551,663 packed and 2,019,865 unpacked once guilds-harness.js carried its own warm stream's body
// (code_task's progress, about 215 KB: each body holds its own copy of the code it shares); then
// 424,988 packed and 1,627,210 unpacked once the bodies shared that code, written once (guilds-code.js
// 358 to 137 KB, guilds-harness.js 378 to 203 KB); then 482,347 packed and 1,819,626 unpacked after
// the telemetry, the sweep, the pool and the warm stream's cuts (issues 47 to 51), ordinary growth.
// Headroom for ordinary growth; a jump past these is a surprise to look at.
const TARBALL_MAX_BYTES = 500_000;
const UNPACKED_MAX_BYTES = 1_850_000;
const INSTALLED_MAX_BYTES = 8_600_000;
const REGISTRY_PING_TIMEOUT_MS = 20_000;
const NPM_TIME_LIMIT_MS = 4 * 60_000;
const RUN_TIME_LIMIT_MS = 60_000;
const TSC_TIME_LIMIT_MS = 120_000;
const MCP_ANSWER_TIME_LIMIT_MS = 30_000;

/**
 * What each library export loads from outside the package: for the library itself no node: module,
 * only the OpenTelemetry API, an optional peer imported once a platform registered an SDK.
 */
const EXTERNAL_IMPORTS: Record<string, string[]> = {
  '.': ['@opentelemetry/api'],
  './local-sandbox': ['@opentelemetry/api', 'node:child_process', 'node:crypto', 'node:fs', 'node:os', 'node:path', 'node:url'],
  './bwrap-sandbox': ['@opentelemetry/api', 'node:child_process', 'node:crypto', 'node:fs', 'node:os', 'node:path', 'node:url'],
  './choose-sandbox': ['@opentelemetry/api', 'node:child_process', 'node:crypto', 'node:fs', 'node:os', 'node:path', 'node:url'],
  './docker-sandbox': ['@opentelemetry/api', 'node:crypto', 'node:fs', 'node:http', 'node:https', 'node:path'],
};

const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
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
  // stdin from /dev/null, not Node's default pipe: that is a socket, and bash started on a socket with
  // SHLVL unset or 0 takes itself for a remote shell and reads /etc/bash.bashrc, which fails under `set -u`.
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    timeout: options.timeout ?? RUN_TIME_LIMIT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** This checkout, as a newcomer names a folder: without the trailing slash. */
const CHECKOUT = REPO_ROOT.replace(/\/$/, '');
const TARBALL_NAME = `${PACKAGE.name}-${PACKAGE.version}.tgz`;
/** The README's pack line: beforeAll runs it, with --json for its report, in this checkout. */
const README_PACK_LINE = 'npm pack --pack-destination ~';
const README_INSTALL_LINE = `npm install ~/${TARBALL_NAME}`;
const README_PACKAGE_LINES = packageLines(fencedBlocks(README));

/** A new empty folder, as a newcomer's project starts. */
function freshFolder(name: string): string {
  const folder = join(root, name);
  mkdirSync(folder);
  return folder;
}

/** A README line as this test runs it in `dir` (asRunHere says the only changes). */
function readmeLineHere(line: string, dir: string): string {
  return asRunHere(line, { tarballName: TARBALL_NAME, tarball: join(root, TARBALL_NAME), checkout: CHECKOUT, dir });
}

/** README lines run by bash as written in `dir`, each as readmeLineHere says. */
function runReadmeLines(text: string, dir: string, options: { env?: Record<string, string>; timeout?: number } = {}): SpawnSyncReturns<string> {
  const script = text
    .split('\n')
    .map((line) => readmeLineHere(line, dir))
    .join('\n');
  return run('bash', ['-euo', 'pipefail', '-c', script], dir, options);
}

/** npm's settings and cache of this machine, kept for a script whose HOME is a scratch folder. */
function npmSettings(): Record<string, string> {
  const get = (key: string): string => succeeded(run('npm', ['config', 'get', key], REPO_ROOT), `npm config get ${key}`).stdout.trim();
  return { npm_config_userconfig: get('userconfig'), npm_config_cache: get('cache') };
}

/**
 * The first line a README server line, started by bash in `dir`, answers to MCP's initialize. Its
 * whole process group is stopped after.
 */
async function initializeAnswer(line: string, dir: string): Promise<unknown> {
  const server = spawn('bash', ['-c', readmeLineHere(line, dir)], { cwd: dir, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PWD: dir } });
  try {
    return JSON.parse(
      await new Promise<string>((resolve, reject) => {
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
      }),
    ) as unknown;
  } finally {
    server.stdin.end();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null && server.pid !== undefined && processRuns(server.pid)) {
      const stop = setTimeout(() => process.kill(-server.pid!, 'SIGTERM'), MCP_ANSWER_TIME_LIMIT_MS);
      await exited;
      clearTimeout(stop);
    }
  }
}

/**
 * npx installs each `-p` package into `<npm cache>/_npx/<hash>`, kept after the run: the ones of this
 * run's tarball and of this checkout are removed at the end, so that runs leave nothing behind.
 */
function removeNpxInstalls(): void {
  const npx = join(npmSettings().npm_config_cache!, '_npx');
  if (!existsSync(npx)) return;
  for (const entry of readdirSync(npx)) {
    const manifest = join(npx, entry, 'package.json');
    if (!existsSync(manifest)) continue;
    const packages = (JSON.parse(readFileSync(manifest, 'utf8')) as { _npx?: { packages?: string[] } })._npx?.packages ?? [];
    if (packages.some((spec) => spec === join(root, TARBALL_NAME) || spec === CHECKOUT)) rmSync(join(npx, entry), { recursive: true, force: true });
  }
}

const TITLE = `the package from its tarball, installed with production dependencies${skipped === undefined ? '' : ` (skipped: ${skipped})`}`;

(skipped === undefined ? describe : describe.skip)(TITLE, () => {
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-package-')));
    // The README's pack line, its ~ this run's scratch folder: the one pack of the run.
    const pack = succeeded(run('npm', ['pack', '--json', '--pack-destination', root], REPO_ROOT, { timeout: NPM_TIME_LIMIT_MS }), 'npm pack');
    packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
    // The README's install line as written, in a fresh folder: the project the library cases share.
    project = freshFolder('project');
    const install = succeeded(runReadmeLines(README_INSTALL_LINE, project, { timeout: NPM_TIME_LIMIT_MS }), 'npm install of the tarball');
    installWarnings = install.stderr.split('\n').filter((line) => /^npm warn/i.test(line));
  }, NPM_TIME_LIMIT_MS * 2);

  afterAll(() => {
    if (root === undefined) return;
    removeNpxInstalls();
    rmSync(root, { recursive: true, force: true });
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
      const optionalPeer = (name: string): boolean => name in PACKAGE.peerDependencies && PACKAGE.peerDependenciesMeta[name]?.optional === true;
      expect(external.filter((name) => !name.startsWith('node:') && !(name in PACKAGE.dependencies) && !optionalPeer(name))).toEqual([]);
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

  it('installs no OpenTelemetry package: the API is an optional peer, and the example above ran without it', () => {
    expect(PACKAGE.peerDependenciesMeta['@opentelemetry/api']).toEqual({ optional: true });
    expect(existsSync(join(project, 'node_modules', '@opentelemetry'))).toBe(false);
    const script = `await import('@opentelemetry/api').then(() => console.log('found'), (error) => console.log(error.code));`;
    expect(run(process.execPath, ['--input-type=module', '-e', script], project).stdout).toBe('ERR_MODULE_NOT_FOUND\n');
  });

  // The library and the helpers it starts (LocalSandbox runs them on the Node that runs the library)
  // on each other Node line of the matrix (test/helpers/node-lines.ts), from the same install.
  it.each(NODE_LINES.map((line) => [line.version, line.binary!]))("runs the README's library example on Node %s", (_version, binary) => {
    runLibraryExample(binary);
  });

  it('has in the README these lines that pack, install or start the package, each run below as written', () => {
    expect(README_PACKAGE_LINES).toEqual([
      README_PACK_LINE,
      README_INSTALL_LINE,
      README_INSTALL_LINE,
      'npx guilds-code-mcp --home "$PWD"',
      `claude mcp add --scope user guilds-code -- npx -y -p ~/${TARBALL_NAME} guilds-code-mcp`,
      `npx -y -p ~/${TARBALL_NAME} guilds-code-mcp --home DIR`,
      `npx -y -p ${CHECKOUT_PLACEHOLDER} guilds-code-mcp --home DIR`,
      `claude mcp add --scope user guilds-code -- node ${CHECKOUT_PLACEHOLDER}/dist/guilds-code-mcp.js`,
    ]);
    expect(packed.filename).toBe(TARBALL_NAME);
  });

  it("runs the README's image example in a fresh folder: the helper copied out of node_modules answers a request", () => {
    const [recipe] = blocksUnder(README, '### In a sandbox image');
    expect(recipe!.body.split('\n')[0]!.replace(/\s+#\s.*$/, '')).toBe(README_INSTALL_LINE);
    // The image's folders become scratch folders; npm keeps this machine's settings and cache.
    const bin = join(root, 'image', 'bin');
    const runDir = join(root, 'image', 'run');
    const home = join(root, 'image', 'home');
    mkdirSync(bin, { recursive: true });
    mkdirSync(home, { recursive: true });
    const script = recipe!.body.replaceAll('/usr/local/bin', bin).replaceAll('/run/guilds', runDir);
    const ran = runReadmeLines(script, freshFolder('image-project'), { env: { HOME: home, GUILDS_RUN_DIR: runDir, ...npmSettings() }, timeout: NPM_TIME_LIMIT_MS });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    const envelope = JSON.parse(lastLine(ran.stdout)) as { ok: boolean; text: string; meta: Record<string, unknown> };
    expect({ ...envelope, meta: { ...envelope.meta, elapsed_ms: 'E' } }).toEqual({ ok: true, text: 'hello', meta: { exit_code: 0, cwd: home, timed_out: false, elapsed_ms: 'E' } });
    expect(readdirSync(bin).sort()).toEqual(['guilds-code', 'guilds-harness']);
  }, NPM_TIME_LIMIT_MS + RUN_TIME_LIMIT_MS);

  it("runs the README's MCP example in a fresh folder: after its install, npx guilds-code-mcp --home answers initialize", async () => {
    const [commands] = blocksUnder(README, '### As an MCP server');
    const [install, server] = commands!.body.split('\n').map((line) => line.replace(/\s+#\s.*$/, ''));
    expect([install, server]).toEqual([README_INSTALL_LINE, 'npx guilds-code-mcp --home "$PWD"']);
    const folder = freshFolder('mcp-project');
    succeeded(runReadmeLines(install!, folder, { timeout: NPM_TIME_LIMIT_MS }), 'the MCP example\'s install');
    expect(await initializeAnswer(server!, folder)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: PACKAGE.name, version: PACKAGE.version } } });
  }, NPM_TIME_LIMIT_MS + 2 * MCP_ANSWER_TIME_LIMIT_MS);

  it.each(README_PACKAGE_LINES.filter((text) => text.startsWith('claude mcp add ')))("runs the server that the README's Claude Code line registers, from a fresh folder: it answers initialize (%s)", async (line) => {
    const command = line.slice(line.indexOf(' -- ') + ' -- '.length);
    expect(await initializeAnswer(command, freshFolder(`claude-${README_PACKAGE_LINES.indexOf(line)}`))).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: PACKAGE.name, version: PACKAGE.version } } });
  });

  it.each(README_PACKAGE_LINES.filter((text) => text.endsWith('--home DIR')))("runs the README's server line %s from a fresh folder: it answers initialize", async (line) => {
    const folder = freshFolder(`server-${README_PACKAGE_LINES.indexOf(line)}`);
    expect(await initializeAnswer(line, folder)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: PACKAGE.name, version: PACKAGE.version } } });
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
    }, TSC_TIME_LIMIT_MS + RUN_TIME_LIMIT_MS);
  });
});
