// code_search end to end: the committed bundle, real requests, real ripgrep, fixture repositories.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHelper, makeSandbox, runHelperArgument, encodeRequest, type Sandbox } from '../../helpers/helper.js';
import { BUNDLE, REPO_ROOT, BUNDLE_NODE } from '../../helpers/paths.js';
import { placeFixture } from './fixtures.js';

let sandbox: Sandbox;

beforeAll(() => {
  sandbox = makeSandbox();
  placeFixture(sandbox.home, 'app', 'repos/app', true);
  placeFixture(sandbox.home, 'notes', 'notes', false);
  // What the helper keeps for its runs is never searched from the home...
  mkdirSync(join(sandbox.home, '.runs', 'r0'), { recursive: true });
  writeFileSync(join(sandbox.home, '.runs', 'r0', 'c1.log'), 'render output in a log\n');
  // ...but a project's own folder of that name is.
  mkdirSync(join(sandbox.home, 'notes', '.runs'));
  writeFileSync(join(sandbox.home, 'notes', '.runs', 'kept.md'), 'render kept\n');
  // Links are not followed out of the home.
  writeFileSync(join(sandbox.outside, 'secret.txt'), 'render outside\n');
  symlinkSync(sandbox.outside, join(sandbox.home, 'repos', 'app', 'outside-link'));
  symlinkSync(sandbox.outside, join(sandbox.home, 'away'));
});
afterAll(() => sandbox.cleanup());

function search(args: Record<string, unknown>, cwd = 'repos/app', extra: Record<string, unknown> = {}) {
  return callHelper(sandbox, { op: 'code_search', args, default_cwd: cwd, ...extra });
}

describe('code_search files mode', () => {
  it('lists matching files, most matches first, ties by path; ignored, binary and .git files are left out', () => {
    const envelope = search({ pattern: 'render' });
    expect(envelope.text).toBe(
      [
        'src/main.ts: 5',
        'src/odd names/a: b.ts: 2',
        '.config/settings.json: 1',
        'README.md: 1',
        'src/crlf.ts: 1',
        'src/render.ts: 1',
        'vendor/app.min.js: 1',
        '12 matches in 7 files',
        // What .gitignore hides (build/, debug.log) is counted and named, as the search showed all it found.
        '(2 more matches in 2 files ignored by .gitignore or .ignore, e.g. build/bundle.js; search them with path: "build")',
      ].join('\n'),
    );
    expect(envelope.meta).toEqual({ matches: 12, files: 7, truncated: false, ignored_matches: 2, ignored_files: 2 });
  });

  it('from the home: .gitignore holds outside a git repository, the home\'s .runs/ is left out, another .runs/ is not', () => {
    const envelope = search({ pattern: 'render' }, '');
    expect(envelope.text).toBe(
      [
        'repos/app/src/main.ts: 5',
        'repos/app/src/odd names/a: b.ts: 2',
        'notes/.runs/kept.md: 1',
        'notes/todo.md: 1',
        'repos/app/.config/settings.json: 1',
        'repos/app/README.md: 1',
        'repos/app/src/crlf.ts: 1',
        'repos/app/src/render.ts: 1',
        'repos/app/vendor/app.min.js: 1',
        '14 matches in 9 files',
      ].join('\n'),
    );
  });

  it('never looks inside .git', () => {
    expect(search({ pattern: 'Unnamed repository' }).text).toBe("no matches for 'Unnamed repository' in .");
  });

  it('ignore_case and limit', () => {
    const envelope = search({ pattern: 'RENDER', ignore_case: true, limit: 2 });
    expect(envelope.text).toBe(['src/main.ts: 5', 'src/crlf.ts: 2', '… 5 more files', '13 matches in 7 files'].join('\n'));
    expect(envelope.meta).toEqual({ matches: 13, files: 7, truncated: true });
  });

  it('a path outside the working directory is shown with ../', () => {
    expect(search({ pattern: 'render', path: '../../notes' }).text).toBe(
      ['../../notes/.runs/kept.md: 1', '../../notes/todo.md: 1', '2 matches in 2 files', '(1 more match in 1 file ignored by .gitignore or .ignore, e.g. ../../notes/drafts/idea.md; search them with path: "../../notes/drafts")'].join('\n'),
    );
  });

  it('a file or folder named directly is searched even when .gitignore lists it', () => {
    expect(search({ pattern: 'render', path: 'debug.log' }).text).toBe('debug.log: 1\n1 match in 1 file');
    expect(search({ pattern: 'render', path: 'build' }).text).toBe('build/bundle.js: 1\n1 match in 1 file');
  });

  it('a path through a link inside the home keeps the name it was given', () => {
    symlinkSync(join(sandbox.home, 'repos', 'app', 'src'), join(sandbox.home, 'src-link'));
    expect(search({ pattern: 'export const label', path: '~/src-link' }, '').text).toBe('src-link/odd names/a: b.ts: 1\n1 match in 1 file');
  });

  it('a binary file named directly is not searched', () => {
    expect(search({ pattern: 'render', path: 'assets/logo.bin' }).text).toBe('assets/logo.bin is binary; not searched');
  });
});

describe('code_search content mode', () => {
  it('shows path:line: text, clips a minified line around its match, drops a CRLF line end', () => {
    const envelope = search({ pattern: 'render', mode: 'content' });
    expect(envelope.text).toBe(
      [
        '.config/settings.json:1: { "render": { "width": 80 } }',
        'README.md:3: Run it with `node main.js`; it prints what render returns.',
        'src/crlf.ts:2: export const renderCount = 0;',
        "src/main.ts:1: import { render } from './render.js';",
        'src/main.ts:4:   const view = render(args);',
        'src/main.ts:10: // render is called once per run; a second render would print twice.',
        'src/odd names/a: b.ts:1: // A file name with a space and a colon: render still finds it.',
        "src/odd names/a: b.ts:2: export const label = 'render';",
        'src/render.ts:1: export function render(args: string[]): string {',
        'vendor/app.min.js:1: …n f28(a){return a+28};function f29(a){return a+29};function render(x){return "é"+f1(x)};function f30(a){return a+30};function f31(a){return a+31};function f32(a){return a+32};function f33(a){return a+33};function f34(a){return a+34};function f35(a){return a+35};function f36(a){return a+36};function … [+1466 chars]',
        '12 matches in 7 files',
        '(2 more matches in 2 files ignored by .gitignore or .ignore, e.g. build/bundle.js; search them with path: "build")',
      ].join('\n'),
    );
    expect(envelope.meta).toEqual({ matches: 12, files: 7, truncated: false, ignored_matches: 2, ignored_files: 2 });
  });

  it('shows context lines as path-line- text with -- between groups', () => {
    const envelope = search({ pattern: 'render', mode: 'content', context: 1, glob: '*.ts' });
    expect(envelope.text).toBe(
      [
        'src/crlf.ts-1- export const RENDER_MODE = "plain";',
        'src/crlf.ts:2: export const renderCount = 0;',
        '--',
        "src/main.ts:1: import { render } from './render.js';",
        'src/main.ts-2- ',
        'src/main.ts-3- export function main(args: string[]): number {',
        'src/main.ts:4:   const view = render(args);',
        "src/main.ts-5-   if (view === '') return 1;",
        '--',
        'src/main.ts-9- ',
        'src/main.ts:10: // render is called once per run; a second render would print twice.',
        'src/main.ts-11- main(process.argv.slice(2));',
        '--',
        'src/odd names/a: b.ts:1: // A file name with a space and a colon: render still finds it.',
        "src/odd names/a: b.ts:2: export const label = 'render';",
        '--',
        'src/render.ts:1: export function render(args: string[]): string {',
        "src/render.ts-2-   return args.join(' ');",
        '9 matches in 4 files',
      ].join('\n'),
    );
  });

  it('context above 5 is 5, and limit cuts the lines with … N more lines', () => {
    const envelope = search({ pattern: 'render', mode: 'content', context: 9, limit: 4 });
    expect(envelope.text).toBe(
      [
        '.config/settings.json:1: { "render": { "width": 80 } }',
        '--',
        'README.md-1- # app',
        'README.md-2- ',
        'README.md:3: Run it with `node main.js`; it prints what render returns.',
        '… 19 more lines',
        '12 matches in 7 files',
      ].join('\n'),
    );
    expect(envelope.meta).toEqual({ matches: 12, files: 7, truncated: true });
  });

  it('a fixed pattern is literal text', () => {
    const envelope = search({ pattern: 'render(', fixed: true, mode: 'content', glob: 'src/**' });
    expect(envelope.text).toBe(
      [
        'src/main.ts:4:   const view = render(args);',
        'src/render.ts:1: export function render(args: string[]): string {',
        '2 matches in 2 files',
      ].join('\n'),
    );
  });

  it('a path with ~ and a single file', () => {
    expect(search({ pattern: 'render', path: '~/notes', mode: 'content' }).text).toBe(
      ['../../notes/.runs/kept.md:1: render kept', '../../notes/todo.md:1: render notes', '2 matches in 2 files', '(1 more match in 1 file ignored by .gitignore or .ignore, e.g. ../../notes/drafts/idea.md; search them with path: "../../notes/drafts")'].join('\n'),
    );
    expect(search({ pattern: 'render', path: 'src/main.ts', mode: 'content' }).text).toBe(
      [
        "src/main.ts:1: import { render } from './render.js';",
        'src/main.ts:4:   const view = render(args);',
        'src/main.ts:10: // render is called once per run; a second render would print twice.',
        '5 matches in 1 file',
      ].join('\n'),
    );
  });
});

describe('code_search many files', () => {
  let many: string;
  beforeAll(() => {
    // 45 files: file k holds k+1 matches on k+1 lines (three of them on one line for the last file).
    many = join(sandbox.home, 'many');
    mkdirSync(many);
    for (let k = 0; k < 45; k++) {
      const name = `f${String(k).padStart(2, '0')}.txt`;
      const lines = Array.from({ length: k + 1 }, (_, i) => `needle ${i + 1}`);
      writeFileSync(join(many, name), lines.join('\n') + '\n');
    }
  });

  it('files mode shows 30 and counts the rest', () => {
    const envelope = search({ pattern: 'needle' }, 'many');
    const lines = envelope.text!.split('\n');
    expect(lines.slice(0, 3)).toEqual(['f44.txt: 45', 'f43.txt: 44', 'f42.txt: 43']);
    expect(lines.slice(29)).toEqual(['f15.txt: 16', '… 15 more files', '1035 matches in 45 files']);
    expect(envelope.meta).toEqual({ matches: 1035, files: 45, truncated: true });
  });

  it('content mode shows 10 matches per file and 40 lines, first files by path', () => {
    const envelope = search({ pattern: 'needle', mode: 'content' }, 'many');
    const lines = envelope.text!.split('\n');
    expect(lines).toHaveLength(42);
    expect(lines.slice(0, 4)).toEqual(['f00.txt:1: needle 1', 'f01.txt:1: needle 1', 'f01.txt:2: needle 2', 'f02.txt:1: needle 1']);
    // f00 to f07 give 1 + 2 + … + 8 = 36 lines; the 40th line is the 4th of f08.
    expect(lines.slice(38)).toEqual(['f08.txt:3: needle 3', 'f08.txt:4: needle 4', '… 995 more lines', '1035 matches in 45 files']);
  });

  it('at most 10 matching lines of one file', () => {
    const envelope = search({ pattern: 'needle', mode: 'content', path: 'f44.txt' }, 'many');
    expect(envelope.text).toBe(
      [...Array.from({ length: 10 }, (_, i) => `f44.txt:${i + 1}: needle ${i + 1}`), '… 35 more lines', '45 matches in 1 file'].join('\n'),
    );
  });

  it('a result that would pass max_bytes stops at a line and says how many lines it left out', () => {
    const wide = join(sandbox.home, 'wide');
    mkdirSync(wide);
    for (let k = 0; k < 5; k++) {
      const lines = Array.from({ length: 10 }, (_, i) => `needle ${i + 1} ${'x'.repeat(80)}`);
      writeFileSync(join(wide, `w${k}.txt`), lines.join('\n') + '\n');
    }
    const envelope = search({ pattern: 'needle', mode: 'content' }, 'wide', { max_bytes: 1024 });
    const row = (file: number, line: number) => `w${file}.txt:${line}: needle ${line} ${'x'.repeat(80)}`;
    expect(envelope.text).toBe(
      [
        ...Array.from({ length: 9 }, (_, i) => row(0, i + 1)),
        '[… 41 more lines left out to stay under 1024 bytes]',
        '50 matches in 5 files',
      ].join('\n'),
    );
    expect(Buffer.byteLength(envelope.text!)).toBeLessThanOrEqual(1024);
    expect(envelope.meta).toEqual({ matches: 50, files: 5, truncated: true });
  });
});

describe('code_search bad input', () => {
  it('an invalid regex is ripgrep\'s one-line reason', () => {
    expect(search({ pattern: 'render(' })).toEqual({
      ok: false,
      error: 'ripgrep: regex parse error: unclosed group (the pattern is a regular expression; set fixed: true to search for it as plain text)',
      kind: 'invalid_pattern',
    });
  });

  it('a pattern or glob that looks like a flag is only a pattern or a glob', () => {
    expect(search({ pattern: '--files' }).text).toBe("no matches for '--files' in .");
    expect(search({ pattern: '-v' }).text).toBe("no matches for '-v' in .");
    expect(search({ pattern: 'render', glob: '--files' }).text).toBe("no matches for 'render' in .");
  });

  it('a missing pattern, a missing path, a path outside the home', () => {
    expect(search({})).toEqual({ ok: false, error: 'code_search: pattern is required', kind: 'invalid_request' });
    expect(search({ pattern: 'x', path: 'nope' })).toEqual({ ok: false, error: 'no such file or folder: nope', kind: 'not_found' });
    expect(search({ pattern: 'x', path: sandbox.outside }).error).toMatch(/is outside the home/);
    expect(search({ pattern: 'x', path: '~/away' }).error).toMatch(/is outside the home/);
  });

  it('a long pattern with no match is quoted clipped, so the sentence keeps its path under the smallest cap', () => {
    const envelope = search({ pattern: 'q'.repeat(3000), path: 'src' }, 'repos/app', { max_bytes: 1024 });
    expect(envelope.text).toBe(`no matches for '${'q'.repeat(200)}…' in src`);
  });

  it("a long invalid glob is quoted clipped, so ripgrep's reason still shows", () => {
    expect(search({ pattern: 'render', glob: `${'g'.repeat(3000)}[` })).toEqual({
      ok: false,
      error: `ripgrep: error parsing glob '${'g'.repeat(200)}…': unclosed character class; missing ']'`,
      kind: 'invalid_pattern',
    });
  });

  it('a pattern ripgrep refuses for another reason gives its first line', () => {
    expect(search({ pattern: 'a\nb' })).toEqual({ ok: false, error: 'ripgrep: the literal "\\n" is not allowed in a regex', kind: 'invalid_pattern' });
  });

  it('a link inside the tree that leads out of the home is not followed', () => {
    expect(search({ pattern: 'render outside' }).text).toBe("no matches for 'render outside' in .");
  });

  it('a RIPGREP_CONFIG_PATH in the environment changes nothing', () => {
    const config = join(sandbox.root, 'ripgreprc');
    writeFileSync(config, '--ignore-case\n--max-count=1\n');
    const run = runHelperArgument(
      sandbox,
      encodeRequest({ op: 'code_search', args: { pattern: 'render' }, default_cwd: 'repos/app' }),
      { RIPGREP_CONFIG_PATH: config },
    );
    expect(run.envelope.meta).toEqual({ matches: 12, files: 7, truncated: false, ignored_matches: 2, ignored_files: 2 });
  });
});

describe('finding ripgrep', () => {
  const request = () => encodeRequest({ op: 'code_search', args: { pattern: 'render' }, default_cwd: 'repos/app' });
  const devRipgrep = join(REPO_ROOT, 'node_modules', `@vscode/ripgrep-${process.platform}-${process.arch}`, 'bin', 'rg');

  it('uses $GUILDS_RG first', () => {
    const marker = join(sandbox.root, 'guilds-rg-used');
    const wrapper = join(sandbox.root, 'rg-wrapper');
    writeFileSync(wrapper, `#!/bin/sh\n: > '${marker}'\nexec '${devRipgrep}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    const run = runHelperArgument(sandbox, request(), { GUILDS_RG: wrapper });
    expect(run.envelope.meta).toEqual({ matches: 12, files: 7, truncated: false, ignored_matches: 2, ignored_files: 2 });
    expect(() => copyFileSync(marker, marker + '.seen')).not.toThrow();
  });

  it('then rg on PATH', () => {
    const bin = join(sandbox.root, 'path-bin');
    mkdirSync(bin, { recursive: true });
    const marker = join(sandbox.root, 'path-rg-used');
    writeFileSync(join(bin, 'rg'), `#!/bin/sh\n: > '${marker}'\nexec '${devRipgrep}' "$@"\n`);
    chmodSync(join(bin, 'rg'), 0o755);
    const run = runHelperArgument(sandbox, request(), { PATH: `${bin}:${process.env.PATH}` });
    expect(run.envelope.meta).toEqual({ matches: 12, files: 7, truncated: false, ignored_matches: 2, ignored_files: 2 });
    expect(() => copyFileSync(marker, marker + '.seen')).not.toThrow();
  });

  it('says where it looked when there is none', () => {
    const lonely = join(sandbox.root, 'lonely');
    mkdirSync(lonely);
    const copy = join(lonely, 'guilds-code.js');
    copyFileSync(BUNDLE, copy);
    const raw = spawnSync(BUNDLE_NODE, [copy, request()], {
      encoding: 'utf8',
      env: { PATH: '/nonexistent', HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
    });
    const envelope = JSON.parse(Buffer.from(raw.stdout.trim(), 'base64').toString('utf8'));
    expect(envelope).toEqual({
      ok: false,
      error: `ripgrep not found: GUILDS_RG is not set, there is no rg on PATH, and no node_modules/@vscode/ripgrep-${process.platform}-${process.arch}/bin/rg in ${lonely} or above it`,
      kind: 'unavailable',
    });
  });

  it('a $GUILDS_RG that is not there is an error, not a fallback', () => {
    const run = runHelperArgument(sandbox, request(), { GUILDS_RG: '/nonexistent/rg' });
    expect(run.envelope).toEqual({ ok: false, error: 'ripgrep not found: GUILDS_RG=/nonexistent/rg is not an executable file (an absolute path)', kind: 'unavailable' });
  });
});

describe('code_search from a working directory outside the home', () => {
  it('names the working directory when no path was given', () => {
    // A cd in shell may leave the run outside the home; a search there is refused with where it stands.
    const envelope = callHelper(sandbox, { op: 'code_search', args: { pattern: 'render' }, default_cwd: sandbox.outside });
    expect(envelope).toEqual({ ok: false, error: `the working directory ${sandbox.outside} is outside the home; give a path inside it`, kind: 'outside_home' });
  });

  it('names an absolute path outside the home as the model gave it', () => {
    const envelope = callHelper(sandbox, { op: 'code_search', args: { pattern: 'render', path: sandbox.outside } });
    expect(envelope).toEqual({ ok: false, error: `${sandbox.outside} is outside the home; only paths inside it can be read`, kind: 'outside_home' });
  });
});
