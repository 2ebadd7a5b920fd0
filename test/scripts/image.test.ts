// npm run image's options and labels, as pure functions: the defaults, each option, the one-line
// refusals, and labels that name the bundles by their SHA-256.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_IMAGE, DEFAULT_IMAGE_TAG, imageLabels, parseImageArguments, recipeHash } from '../../scripts/image.js';

describe('npm run image -- <options>', () => {
  it('builds guilds-code-sandbox:latest from the current Node LTS on Debian 12, keeping its node', () => {
    expect(parseImageArguments([])).toEqual({ tag: DEFAULT_IMAGE_TAG, base: DEFAULT_BASE_IMAGE, node: undefined, withHarnessClis: false });
    expect(DEFAULT_IMAGE_TAG).toBe('guilds-code-sandbox:latest');
    expect(DEFAULT_BASE_IMAGE).toBe('node:24-bookworm-slim');
  });

  it('takes a tag, a base, a Node line and the harness CLIs', () => {
    expect(parseImageArguments(['--tag', 'my/sandbox:1', '--base', 'debian:bookworm-slim', '--node', '22', '--with-harness-clis'])).toEqual({
      tag: 'my/sandbox:1',
      base: 'debian:bookworm-slim',
      node: '22',
      withHarnessClis: true,
    });
  });

  it('puts the default Node line into a Debian base built here, which has none', () => {
    expect(parseImageArguments(['--base', 'debian']).node).toBe('24');
    expect(parseImageArguments(['--base', 'debian', '--node', '18']).node).toBe('18');
  });

  it('refuses an unknown option and an option without its value, in one line', () => {
    expect(() => parseImageArguments(['--push'])).toThrow(
      'unknown option --push (options: --tag T, --base IMAGE|debian, --node N, --with-harness-clis)',
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
});
