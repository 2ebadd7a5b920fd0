// Path confinement, table-driven: one home laid out with every trick a model (or a command it ran)
// can leave behind, crossed with every op that takes a path. Each row names its exact answer.
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLine } from '../../src/contract/envelope.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { INSIDE_MARKER, OUTSIDE_MARKER, PATH_OPS, type Outcome } from './path-ops.js';
import { base64Request, expectOneEnvelope, processesMentioning, spawnBundle, writeMarked } from './support.js';

const LONG_NAME = 'n'.repeat(300);
const DEEP_SEGMENT = 'd'.repeat(200);
const DEEP_DEPTH = 25; // 25 × 201 bytes: past PATH_MAX (4096), each name under NAME_MAX (255)
const DEEP_PATH = `${DEEP_SEGMENT}/`.repeat(DEEP_DEPTH);

let sandbox: Sandbox;
let home: string;
let outside: string;
let root: string;

const inside = (relative: string) => join(home, relative);

function put(relative: string): void {
  const path = inside(relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${content(relative)}\n`);
}

// The content names its file; a newline in a name would make it two lines.
const content = (name: string) => `${INSIDE_MARKER} ${name.replace(/\n/g, '(newline)')}`;

/** The one home every row reads from: files, links and oddities side by side. */
function layHome(): void {
  for (const file of [
    'a.txt',
    'deep/er/still/a.txt',
    'a..b',
    '..hidden',
    'trailing..',
    '...',
    'dots..in..folder/x.txt',
    'with space/file name.txt',
    'ünïcödé/日本語.txt',
    'emoji/😀.txt',
    '-dash.txt',
    '~tilde.txt',
    'back\\slash.txt',
    'new\nline.txt',
  ]) {
    put(file);
  }
  writeMarked(join(outside, 'secret.txt'), OUTSIDE_MARKER);
  mkdirSync(join(outside, 'folder'));
  writeMarked(join(outside, 'folder', 'a.txt'), OUTSIDE_MARKER);
  mkdirSync(join(root, 'home2'));
  writeMarked(join(root, 'home2', 'secret.txt'), OUTSIDE_MARKER);

  symlinkSync('deep/er', inside('alias'));
  symlinkSync('chain-2', inside('chain-1'));
  symlinkSync('a.txt', inside('chain-2'));
  symlinkSync('../outside/secret.txt', inside('up'));
  symlinkSync(outside, inside('out'));
  symlinkSync(join(outside, 'secret.txt'), inside('leak.txt'));
  symlinkSync(inside('missing'), inside('dangling'));
  symlinkSync(join(outside, 'missing'), inside('dangling-out'));
  symlinkSync('loop-b', inside('loop-a'));
  symlinkSync('loop-a', inside('loop-b'));
  symlinkSync('self', inside('self'));
  symlinkSync('/etc', inside('etc'));
  symlinkSync('/etc/passwd', inside('passwd'));
  symlinkSync('/proc/self/environ', inside('environ'));
  symlinkSync('/dev/zero', inside('zero'));
  symlinkSync('/proc/self/root', inside('rootfs'));
  symlinkSync('/proc/self/fd/0', inside('stdin'));
  symlinkSync(join(root, 'home2'), inside('sibling'));
  symlinkSync(home, inside('me'));
  symlinkSync('.', inside('dot'));
  symlinkSync('..', inside('parent'));
  symlinkSync(join(outside, 'folder', '..', '..', 'home', 'a.txt'), inside('out-and-back'));
  execFileSync('mkfifo', [inside('pipe')]);
  // Past PATH_MAX only through relative steps, as a command in the home could build it.
  execFileSync('bash', ['-c', `cd "$1" && for i in $(seq ${DEEP_DEPTH}); do mkdir "$2" && cd "$2"; done && echo deep > a.txt`, '_', home, DEEP_SEGMENT]);
  symlinkSync(home, join(root, 'home-link'));
}

interface Row {
  name: string;
  path: () => string;
  /** Request fields or environment beside the path. */
  defaultCwd?: () => string;
  env?: () => Record<string, string>;
  outcome: () => Outcome;
}

const outsideError = (shown: string): Outcome => ({ error: `${shown} is outside the home; only paths inside it can be read` });
const readable = (shown: string, file: string = shown): Outcome => ({ file: { shown, content: content(file) } });
/** A folder and its files named a.txt: [as shown, as laid out from the home]. */
const folderOf = (shown: string, files: Array<[string, string]>, named?: string): Outcome => ({
  folder: { shown, named, matches: files.map(([file, laidOut]) => ({ shown: file, content: content(laidOut) })) },
});
const missing = (shown: string): Outcome => ({ error: `no such file or folder: ${shown}` });
const notAFolder = (shown: string): Outcome => ({ error: `${shown} is not a folder` });

const ROWS: Row[] = [
  { name: 'a plain file', path: () => 'a.txt', outcome: () => readable('a.txt') },
  { name: 'a nested file', path: () => 'deep/er/still/a.txt', outcome: () => readable('deep/er/still/a.txt') },
  { name: 'a path that wanders down and back up', path: () => './deep/er/../../a.txt', outcome: () => readable('a.txt') },
  { name: 'a path that climbs out and back in', path: () => '../home/a.txt', outcome: () => readable('a.txt') },
  { name: 'a trailing slash on a file is not a folder (the shell\'s Not a directory)', path: () => 'a.txt/', outcome: () => notAFolder('a.txt/') },
  { name: 'a trailing /. on a file is not a folder', path: () => 'a.txt/.', outcome: () => notAFolder('a.txt/.') },
  { name: 'a file followed by .. is not a folder', path: () => 'a.txt/../a.txt', outcome: () => notAFolder('a.txt/../a.txt') },
  { name: 'a trailing slash on a ~ path to a file, named as given', path: () => '~/a.txt/', outcome: () => notAFolder('~/a.txt/') },
  { name: 'a trailing slash on a link to a file', path: () => 'chain-1/', outcome: () => notAFolder('chain-1/') },
  { name: 'a trailing slash on a folder', path: () => 'deep/', outcome: () => folderOf('deep', [['deep/er/still/a.txt', 'deep/er/still/a.txt']], 'deep/') },
  { name: 'a ~/ path', path: () => '~/a.txt', outcome: () => readable('a.txt') },
  { name: 'the absolute path of a file inside', path: () => inside('a.txt'), outcome: () => readable('a.txt') },
  { name: 'a link to a folder inside', path: () => 'alias/still/a.txt', outcome: () => readable('alias/still/a.txt', 'deep/er/still/a.txt') },
  { name: 'a chain of links inside', path: () => 'chain-1', outcome: () => readable('chain-1', 'a.txt') },
  { name: 'a link to the home itself', path: () => 'me/me/me/a.txt', outcome: () => readable('me/me/me/a.txt', 'a.txt') },
  { name: 'a link to . inside the home', path: () => 'dot/dot/a.txt', outcome: () => readable('dot/dot/a.txt', 'a.txt') },
  { name: 'a link out and back in through ..', path: () => 'out-and-back', outcome: () => readable('out-and-back', 'a.txt') },
  { name: 'a name with .. inside it (a..b)', path: () => 'a..b', outcome: () => readable('a..b') },
  { name: 'a name starting with .. (..hidden)', path: () => '..hidden', outcome: () => readable('..hidden') },
  { name: 'a name ending with .. (trailing..)', path: () => 'trailing..', outcome: () => readable('trailing..') },
  { name: 'a name that is three dots', path: () => '...', outcome: () => readable('...') },
  { name: 'a folder whose name holds ..', path: () => 'dots..in..folder/x.txt', outcome: () => readable('dots..in..folder/x.txt') },
  { name: 'names with spaces', path: () => 'with space/file name.txt', outcome: () => readable('with space/file name.txt') },
  { name: 'Unicode names', path: () => 'ünïcödé/日本語.txt', outcome: () => readable('ünïcödé/日本語.txt') },
  { name: 'an emoji name', path: () => 'emoji/😀.txt', outcome: () => readable('emoji/😀.txt') },
  { name: 'a name starting with a dash', path: () => '-dash.txt', outcome: () => readable('-dash.txt') },
  { name: 'a name starting with ~ (not the home)', path: () => '~tilde.txt', outcome: () => readable('~tilde.txt') },
  { name: 'a backslash is a plain character', path: () => 'back\\slash.txt', outcome: () => readable('back\\slash.txt') },
  // The header then spans two lines: names are shown as they are, never rewritten.
  { name: 'a name holding a newline', path: () => 'new\nline.txt', outcome: () => readable('new\nline.txt') },
  { name: '~user is a plain name, not another home', path: () => '~root/.bashrc', outcome: () => missing('~root/.bashrc') },
  { name: 'percent-encoding is not decoded', path: () => '%2e%2e/outside/secret.txt', outcome: () => missing('%2e%2e/outside/secret.txt') },
  { name: 'a file: URL is a plain name', path: () => 'file:///etc/passwd', outcome: () => missing('file:///etc/passwd') },
  { name: 'a NUL byte in the path', path: () => 'a.txt\u0000.png', outcome: () => ({ error: 'the path contains a NUL byte' }) },
  { name: 'an empty path', path: () => '', outcome: () => ({ error: 'the path is empty' }) },
  // Error lines name every path in the model's own words, as it wrote it.
  { name: 'the home itself (~)', path: () => '~', outcome: () => folderOf('.', [['a.txt', 'a.txt'], ['deep/er/still/a.txt', 'deep/er/still/a.txt']], '~') },
  { name: 'a folder inside', path: () => 'deep', outcome: () => folderOf('deep', [['deep/er/still/a.txt', 'deep/er/still/a.txt']]) },
  { name: 'a link to a folder inside, named as the path', path: () => 'alias', outcome: () => folderOf('alias', [['alias/still/a.txt', 'deep/er/still/a.txt']]) },
  { name: 'a FIFO inside, without blocking', path: () => 'pipe', outcome: () => ({ special: { shown: 'pipe', kind: 'a FIFO' } }) },
  { name: 'an absolute path outside', path: () => join(outside, 'secret.txt'), outcome: () => outsideError(join(outside, 'secret.txt')) },
  { name: 'a path that climbs out with ..', path: () => '../outside/secret.txt', outcome: () => outsideError('../outside/secret.txt') },
  { name: 'a path that climbs above /', path: () => '../../../../../../../../../../etc/passwd', outcome: () => outsideError('../../../../../../../../../../etc/passwd') },
  { name: 'a relative link that climbs out', path: () => 'up', outcome: () => outsideError('up') },
  { name: 'a link to a file outside', path: () => 'leak.txt', outcome: () => outsideError('leak.txt') },
  { name: 'a link to a folder outside', path: () => 'out', outcome: () => outsideError('out') },
  { name: 'a link to a folder outside, with a trailing slash', path: () => 'out/', outcome: () => outsideError('out/') },
  { name: 'a file under a linked folder outside', path: () => 'out/secret.txt', outcome: () => outsideError('out/secret.txt') },
  // `..` after a link goes up from where the link leads, as the kernel walks it; the path is shown as written.
  { name: '.. after a link leads up from the link\'s target: out/../a.txt is outside, not the home\'s a.txt', path: () => 'out/../a.txt', outcome: () => outsideError('out/../a.txt') },
  { name: '.. after a link to a folder outside climbs further out', path: () => 'out/../outside/secret.txt', outcome: () => outsideError('out/../outside/secret.txt') },
  { name: '.. after a link to a folder inside', path: () => 'alias/../er/still/a.txt', outcome: () => readable('alias/../er/still/a.txt', 'deep/er/still/a.txt') },
  { name: '.. after a link, then a folder of the home by its plain name', path: () => 'alias/../../a.txt', outcome: () => readable('alias/../../a.txt', 'a.txt') },
  { name: '.. after a real folder still folds', path: () => 'deep/er/../er/still/a.txt', outcome: () => readable('deep/er/still/a.txt') },
  { name: 'a link to .. (the home\'s parent)', path: () => 'parent/outside/secret.txt', outcome: () => outsideError('parent/outside/secret.txt') },
  { name: 'a sibling folder sharing the home\'s prefix', path: () => join(root, 'home2', 'secret.txt'), outcome: () => outsideError(join(root, 'home2', 'secret.txt')) },
  { name: 'a link to a sibling sharing the prefix', path: () => 'sibling/secret.txt', outcome: () => outsideError('sibling/secret.txt') },
  { name: 'a link to /etc', path: () => 'etc/passwd', outcome: () => outsideError('etc/passwd') },
  { name: 'a link to /etc/passwd', path: () => 'passwd', outcome: () => outsideError('passwd') },
  { name: 'a link to /proc/self/environ', path: () => 'environ', outcome: () => outsideError('environ') },
  { name: 'the absolute /proc/self/environ', path: () => '/proc/self/environ', outcome: () => outsideError('/proc/self/environ') },
  { name: 'a link to /dev/zero', path: () => 'zero', outcome: () => outsideError('zero') },
  { name: 'a link to /proc/self/fd/0', path: () => 'stdin', outcome: () => outsideError('stdin') },
  { name: 'a link to /proc/self/root', path: () => 'rootfs', outcome: () => outsideError('rootfs') },
  // A link is followed only while it leads inside: /proc/self/root is outside, wherever it would lead on.
  { name: '/proc/self/root leading back into the home', path: () => `rootfs${home}/a.txt`, outcome: () => outsideError(`rootfs${home}/a.txt`) },
  { name: '/proc/self/root leading outside', path: () => `rootfs${outside}/secret.txt`, outcome: () => outsideError(`rootfs${outside}/secret.txt`) },
  { name: 'a dangling link', path: () => 'dangling', outcome: () => missing('dangling') },
  // Whether anything is there is never looked at outside: a dangling link out answers as a live one.
  { name: 'a dangling link pointing outside', path: () => 'dangling-out', outcome: () => outsideError('dangling-out') },
  { name: 'a link loop', path: () => 'loop-a', outcome: () => ({ error: 'too many levels of links: loop-a' }) },
  { name: 'a link to itself', path: () => 'self', outcome: () => ({ error: 'too many levels of links: self' }) },
  { name: 'an over-long name (ENAMETOOLONG)', path: () => LONG_NAME, outcome: () => ({ error: `path too long: ${'n'.repeat(200)}…` }) },
  { name: 'an over-long path past PATH_MAX (ENAMETOOLONG)', path: () => `${DEEP_PATH}a.txt`, outcome: () => ({ error: `path too long: ${DEEP_PATH.slice(0, 200)}…` }) },
  {
    name: 'an over-long name of 4-byte characters is never cut inside one',
    path: () => '😀'.repeat(300),
    outcome: () => ({ error: `path too long: ${'😀'.repeat(200)}…` }),
  },
  {
    name: 'a path of thousands of missing folders: the error is clipped to one short line',
    path: () => 'gone/'.repeat(1500) + 'x.txt',
    outcome: () => ({ error: oneLine(`no such file or folder: ${'gone/'.repeat(1500)}x.txt`) }),
  },
  {
    name: 'a working directory outside the home does not widen what can be read',
    defaultCwd: () => outside,
    path: () => 'secret.txt',
    outcome: () => outsideError('secret.txt'),
  },
  {
    name: 'a working directory reached through a link',
    defaultCwd: () => 'alias',
    path: () => 'still/a.txt',
    outcome: () => readable('still/a.txt', 'deep/er/still/a.txt'),
  },
  {
    name: 'HOME set to a link to the home: ~/ paths',
    env: () => ({ HOME: join(root, 'home-link') }),
    path: () => '~/a.txt',
    outcome: () => readable('a.txt'),
  },
  {
    name: 'HOME set to a link to the home: an absolute path through the link',
    env: () => ({ HOME: join(root, 'home-link') }),
    path: () => join(root, 'home-link', 'a.txt'),
    outcome: () => readable('a.txt'),
  },
  {
    name: 'HOME set to a link to the home: a working directory given through the link, a ~/ path',
    env: () => ({ HOME: join(root, 'home-link') }),
    defaultCwd: () => join(root, 'home-link', 'deep'),
    path: () => '~/deep/er/still/a.txt',
    outcome: () => readable('er/still/a.txt', 'deep/er/still/a.txt'),
  },
  {
    name: 'HOME set to a link to the home: a working directory given through the link, a relative path',
    env: () => ({ HOME: join(root, 'home-link') }),
    defaultCwd: () => join(root, 'home-link', 'deep'),
    path: () => '../a.txt',
    outcome: () => readable('../a.txt', 'a.txt'),
  },
  {
    name: 'HOME set to a link to the home: a path outside is still outside',
    env: () => ({ HOME: join(root, 'home-link') }),
    path: () => '../outside/secret.txt',
    outcome: () => outsideError('../outside/secret.txt'),
  },
  {
    name: 'HOME set to a link to the home: the link\'s own name is not a way out',
    env: () => ({ HOME: join(root, 'home-link') }),
    path: () => '../home-link/../outside/secret.txt',
    outcome: () => outsideError('../home-link/../outside/secret.txt'),
  },
];

beforeAll(() => {
  sandbox = makeSandbox();
  ({ home, outside, root } = sandbox);
  layHome();
});
afterAll(() => {
  expect(processesMentioning(sandbox.root)).toEqual([]);
  // rm walks the tree past PATH_MAX step by step; fs.rmSync stops at ENAMETOOLONG.
  execFileSync('rm', ['-rf', sandbox.root]);
});

describe.each(PATH_OPS.map((pathOp) => [pathOp.op, pathOp] as const))('%s confines every path to the home', (_name, pathOp) => {
  it.concurrent.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_rowName, row) => {
    const request = { op: pathOp.op, args: pathOp.args(row.path()), run_id: 'r1', agent_id: 'a1', call_id: 'c1', default_cwd: row.defaultCwd?.() ?? '' };
    const run = await spawnBundle(sandbox, base64Request(request), row.env?.() ?? {});
    const envelope = expectOneEnvelope(run);
    const expected = pathOp.answer(row.outcome());
    if (envelope.ok) expect({ ok: true, text: envelope.text }).toEqual(expected);
    else expect({ ok: false, error: envelope.error }).toEqual(expected);
    expect(run.stdout + Buffer.from(run.stdout, 'base64').toString('utf8')).not.toContain(OUTSIDE_MARKER);
  });
});

describe('hard links (policy: a hard link inside the home is a file inside the home)', () => {
  it('reads a hard link to a file outside, under its name inside the home', async () => {
    const target = join(outside, 'shared.txt');
    writeFileSync(target, 'shared through a hard link\n');
    linkSync(target, inside('hard.txt'));
    const envelope = expectOneEnvelope(await spawnBundle(sandbox, base64Request({ op: 'file_read', args: { path: 'hard.txt' }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' })));
    expect(envelope).toMatchObject({ ok: true, text: 'hard.txt · lines 1–1 of 1\n1\tshared through a hard link', meta: { path: inside('hard.txt') } });
  });
});
