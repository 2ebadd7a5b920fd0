// npm run image's options and labels, as pure functions: the defaults, each option, the one-line
// refusals, and labels that name the bundles by their SHA-256.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  copyHarnessClis,
  DEFAULT_BASE_IMAGE,
  DEFAULT_IMAGE_TAG,
  HARNESS_CLIS,
  imageLabels,
  INSTALL_HARNESS_CLIS,
  parseImageArguments,
  recipeHash,
} from '../../scripts/image.js';

describe('npm run image -- <options>', () => {
  it('builds guilds-code-sandbox:latest from the current Node LTS on Debian 12, keeping its node', () => {
    expect(parseImageArguments([])).toEqual({ tag: DEFAULT_IMAGE_TAG, base: DEFAULT_BASE_IMAGE, node: undefined, harnessClis: [], keepSetuid: false });
    expect(DEFAULT_IMAGE_TAG).toBe('guilds-code-sandbox:latest');
    expect(DEFAULT_BASE_IMAGE).toBe('node:24-bookworm-slim');
  });

  it('takes a tag, a base, a Node line and the harness CLIs', () => {
    expect(parseImageArguments(['--tag', 'my/sandbox:1', '--base', 'debian:bookworm-slim', '--node', '22', '--with-harness-clis'])).toEqual({
      tag: 'my/sandbox:1',
      base: 'debian:bookworm-slim',
      node: '22',
      harnessClis: ['claude', 'codex', 'gemini', 'opencode'],
      keepSetuid: false,
    });
  });

  it('takes the setuid and setgid bits off unless --keep-setuid, which is another image', () => {
    expect(parseImageArguments(['--base', 'debian']).keepSetuid).toBe(false);
    const kept = parseImageArguments(['--base', 'debian', '--keep-setuid']);
    expect(kept.keepSetuid).toBe(true);
    expect(recipeHash(kept)).not.toBe(recipeHash(parseImageArguments(['--base', 'debian'])));
  });

  it('takes a subset of the harness CLIs, in one order whatever the order named', () => {
    expect(parseImageArguments(['--with-harness-clis=codex']).harnessClis).toEqual(['codex']);
    expect(parseImageArguments(['--with-harness-clis=codex,claude']).harnessClis).toEqual(['claude', 'codex']);
    expect(parseImageArguments(['--with-harness-clis=opencode,codex,opencode']).harnessClis).toEqual(['codex', 'opencode']);
    // The last of the option given twice counts, as for the others.
    expect(parseImageArguments(['--with-harness-clis=gemini', '--with-harness-clis']).harnessClis).toEqual(['claude', 'codex', 'gemini', 'opencode']);
  });

  it('refuses an unknown harness CLI in one line that lists the choices', () => {
    expect(() => parseImageArguments(['--with-harness-clis=codex,cursor'])).toThrow(
      "--with-harness-clis: unknown CLI 'cursor' (choose from: claude, codex, gemini, opencode)",
    );
    expect(() => parseImageArguments(['--with-harness-clis='])).toThrow("--with-harness-clis: unknown CLI '' (choose from: claude, codex, gemini, opencode)");
    expect(() => parseImageArguments(['--with-harness-clis=codex,'])).toThrow("--with-harness-clis: unknown CLI '' (choose from: claude, codex, gemini, opencode)");
    expect(() => parseImageArguments(['--with-harness-clis', 'codex'])).toThrow(
      'unknown option codex (options: --tag T, --base IMAGE|debian, --node N, --with-harness-clis[=CLI,...], --keep-setuid)',
    );
  });

  it('knows the CLIs the install script installs, in its order', () => {
    const line = readFileSync(INSTALL_HARNESS_CLIS, 'utf8').split('\n').find((text) => text.startsWith('ALL_CLIS=('));
    expect(line).toBe(`ALL_CLIS=(${HARNESS_CLIS.join(' ')})`);
  });

  it('puts the default Node line into a Debian base built here, which has none', () => {
    expect(parseImageArguments(['--base', 'debian']).node).toBe('24');
    expect(parseImageArguments(['--base', 'debian', '--node', '18']).node).toBe('18');
  });

  it('refuses an unknown option and an option without its value, in one line', () => {
    expect(() => parseImageArguments(['--push'])).toThrow(
      'unknown option --push (options: --tag T, --base IMAGE|debian, --node N, --with-harness-clis[=CLI,...], --keep-setuid)',
    );
    expect(() => parseImageArguments(['--tag'])).toThrow('--tag needs a value');
    expect(() => parseImageArguments(['--base', '--node', '20'])).toThrow('--base needs a value');
  });

  it('labels the image with the version and the SHA-256 of each bundle', () => {
    expect(imageLabels(new TextEncoder().encode('a'), new TextEncoder().encode(''), '0.1.0')).toEqual({
      'org.opencontainers.image.version': '0.1.0',
      'io.guilds.code.sha256': 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
      'io.guilds.harness.sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
  });

  it('hashes the recipe with its options, so another option is another image', () => {
    const debian = parseImageArguments(['--base', 'debian']);
    expect(recipeHash(debian)).toBe(recipeHash(parseImageArguments(['--base', 'debian'])));
    expect(recipeHash(debian)).not.toBe(recipeHash({ ...debian, node: '22' }));
  });

  it('hashes which harness CLIs go in, so each subset is its own image', () => {
    const hashOf = (...argv: string[]): string => recipeHash(parseImageArguments(['--base', 'debian', ...argv]));
    const hashes = [hashOf(), hashOf('--with-harness-clis=codex'), hashOf('--with-harness-clis=claude,codex'), hashOf('--with-harness-clis')];
    expect(new Set(hashes).size).toBe(4);
    expect(hashOf('--with-harness-clis=codex,claude')).toBe(hashOf('--with-harness-clis=claude,codex'));
    expect(hashOf('--with-harness-clis=claude,codex,gemini,opencode')).toBe(hashOf('--with-harness-clis'));
  });
});

describe("docs/deploying.md's Kubernetes YAML (no cluster runs it here)", () => {
  const yaml = /## Kubernetes[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readFileSync('docs/deploying.md', 'utf8'))![1]!;

  it("names the image of the package's version (it named 0.1.0 after the package moved on)", () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect([...yaml.matchAll(/image: \S+:(\S+)/g)].map((match) => match[1])).toEqual([version]);
  });

  it("is agent-sandbox's v1beta1 (it named the deprecated v1alpha1): a template, a warm pool, a claim", () => {
    expect([...yaml.matchAll(/^apiVersion: (.+)\nkind: (.+)$/gm)].map((match) => `${match[1]} ${match[2]}`)).toEqual([
      'extensions.agents.x-k8s.io/v1beta1 SandboxTemplate',
      'extensions.agents.x-k8s.io/v1beta1 SandboxWarmPool',
      'extensions.agents.x-k8s.io/v1beta1 SandboxClaim',
    ]);
  });
});

describe('npm run image -- --with-harness-clis: the CLIs from the shared cache into the build context', () => {
  const scratches: string[] = [];
  afterEach(() => {
    for (const scratch of scratches.splice(0)) rmSync(scratch, { recursive: true, force: true });
  });

  /** A cache in which the install script finds Codex installed (its marker, its executable), so it runs no npm. */
  function cacheWithCodex(): { cache: string; prefix: string; version: string } {
    const scratch = mkdtempSync(join(tmpdir(), 'guilds-code-cli-cache-'));
    scratches.push(scratch);
    const version = /\[codex\]='(\d[^']*)'/.exec(readFileSync(INSTALL_HARNESS_CLIS, 'utf8'))![1]!;
    const cache = join(scratch, 'cache');
    const prefix = join(cache, `codex-${version}`);
    mkdirSync(join(prefix, 'node_modules', '@openai', 'codex', 'bin'), { recursive: true });
    mkdirSync(join(prefix, 'node_modules', '.bin'));
    writeFileSync(join(prefix, 'node_modules', '@openai', 'codex', 'bin', 'codex.js'), '#!/usr/bin/env node\n');
    chmodSync(join(prefix, 'node_modules', '@openai', 'codex', 'bin', 'codex.js'), 0o755);
    symlinkSync('../@openai/codex/bin/codex.js', join(prefix, 'node_modules', '.bin', 'codex'));
    writeFileSync(join(prefix, '.installed'), `codex-cli ${version}\n`);
    return { cache, prefix, version };
  }

  it("copies the CLI's prefix whole and links bin/ relatively, so that it resolves wherever the folder lands", () => {
    const { cache, prefix, version } = cacheWithCodex();
    // A link by absolute path inside the prefix, as a postinstall may make one.
    symlinkSync(join(prefix, 'node_modules', '@openai', 'codex', 'bin', 'codex.js'), join(prefix, 'node_modules', 'codex-main'));
    const into = join(cache, '..', 'context', 'opt', 'harness-clis');
    const logged: string[] = [];
    copyHarnessClis(['codex'], cache, into, (line) => logged.push(line));
    expect(logged).toEqual([`installing or finding codex in ${cache}`, `codex ${version} already installed: codex-cli ${version}`]);
    expect(readdirSync(into).sort()).toEqual(['bin', `codex-${version}`]);
    expect(readdirSync(join(into, 'bin'))).toEqual(['codex']);
    expect(readlinkSync(join(into, 'bin', 'codex'))).toBe(`../codex-${version}/node_modules/.bin/codex`);
    expect(readlinkSync(join(into, `codex-${version}`, 'node_modules', '.bin', 'codex'))).toBe('../@openai/codex/bin/codex.js');
    expect(readlinkSync(join(into, `codex-${version}`, 'node_modules', 'codex-main'))).toBe('@openai/codex/bin/codex.js');
    // Each resolves into the copy, not the cache: the cache is not in the image.
    const copied = realpathSync(join(into, `codex-${version}`, 'node_modules', '@openai', 'codex', 'bin', 'codex.js'));
    expect(realpathSync(join(into, 'bin', 'codex'))).toBe(copied);
    expect(realpathSync(join(into, `codex-${version}`, 'node_modules', 'codex-main'))).toBe(copied);
    expect(readFileSync(join(into, `codex-${version}`, '.installed'), 'utf8')).toBe(`codex-cli ${version}\n`);
  });

  it('refuses a link that leaves the prefix, which would dangle in the image', () => {
    const { cache, prefix, version } = cacheWithCodex();
    symlinkSync('/etc/hostname', join(prefix, 'node_modules', 'outside'));
    const into = join(cache, '..', 'context', 'opt', 'harness-clis');
    expect(() => copyHarnessClis(['codex'], cache, into, () => undefined)).toThrow(
      `${join(into, `codex-${version}`, 'node_modules', 'outside')} points outside its CLI's prefix, to /etc/hostname`,
    );
  });
});
