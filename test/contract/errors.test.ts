// The kinds an error envelope carries, and the shared failure sentences: golden.
import { describe, expect, it } from 'vitest';
import {
  ERROR_KINDS,
  homeMissing,
  homeNotAbsolute,
  homeNotAFolder,
  interruptedBeforeAnswer,
  kindWords,
  invalidArgument,
  invalidRequest,
  notAFolder,
  notARegularFile,
  outsideHome,
  pathFailure,
  pathHasNul,
  pathIsEmpty,
  noSuchPath,
  requestReasons as reasons,
  ToolError,
  workingDirectoryNotRecorded,
  workingDirectoryOutsideHome,
} from '../../src/contract/errors.js';
import { describeFailure, errorEnvelope, failureEnvelope } from '../../src/contract/envelope.js';

const pair = (error: ToolError) => [error.kind, error.message];

describe('the kinds', () => {
  it('are the documented list, in order; kinds are only ever added', () => {
    expect(ERROR_KINDS).toEqual([
      'invalid_request',
      'not_found',
      'outside_home',
      'not_a_file',
      'not_a_folder',
      'invalid_path',
      'invalid_pattern',
      'unavailable',
      'busy',
      'io',
      'interrupted',
      'internal',
    ]);
  });
});

describe('the shared sentences', () => {
  it('name what is wrong with the request and its arguments', () => {
    expect(pair(invalidRequest('not JSON'))).toEqual(['invalid_request', 'invalid request: not JSON']);
    expect(pair(invalidArgument('shell', 'command is required'))).toEqual(['invalid_request', 'shell: command is required']);
    expect(pair(interruptedBeforeAnswer('SIGTERM'))).toEqual(['interrupted', 'the helper was interrupted (SIGTERM) before it could answer']);
  });

  it('name a path by its errno, with the kind a program can act on', () => {
    expect(pair(pathFailure('ENOENT', 'a.txt', 200))).toEqual(['not_found', 'no such file or folder: a.txt']);
    // The shell's `Not a directory`: a file's name followed by more of the path.
    expect(pair(pathFailure('ENOTDIR', 'a.txt/b', 200))).toEqual(['not_a_folder', 'a.txt/b is not a folder']);
    expect(pair(notAFolder('src/index.js'))).toEqual(['not_a_folder', 'src/index.js is not a folder']);
    expect(pair(pathFailure('ELOOP', 'loop', 200))).toEqual(['invalid_path', 'too many levels of links: loop']);
    expect(pair(pathFailure('EACCES', 'secret', 200))).toEqual(['io', 'permission denied: secret']);
    expect(pair(pathFailure('EPERM', 'secret', 200))).toEqual(['io', 'permission denied: secret']);
    expect(pair(pathFailure('EIO', 'disk', 200))).toEqual(['io', 'cannot open disk: EIO']);
    expect(pair(pathFailure(undefined, 'disk', 200))).toEqual(['io', 'cannot open disk: unknown error']);
  });

  it('name an over-long path by its first characters, never half of one', () => {
    expect(pair(pathFailure('ENAMETOOLONG', '😀'.repeat(5), 3))).toEqual(['invalid_path', 'path too long: 😀😀😀…']);
    // Named so even when nothing is cut: the kernel's limit is in bytes, the clip in characters.
    expect(pair(pathFailure('ENAMETOOLONG', 'ab', 3))).toEqual(['invalid_path', 'path too long: ab…']);
  });

  it('say where a path leads and what it is', () => {
    expect(pair(outsideHome('/etc/passwd'))).toEqual(['outside_home', '/etc/passwd is outside the home; only paths inside it can be read']);
    expect(pair(workingDirectoryOutsideHome('/srv'))).toEqual([
      'outside_home',
      'the working directory /srv is outside the home; give a path inside it',
    ]);
    expect(pair(notARegularFile('src', 'a folder'))).toEqual(['not_a_file', 'src is a folder, not a regular file']);
    expect(['file', 'folder', 'fifo', 'socket', 'device', 'link', 'other'].map((kind) => kindWords(kind as never))).toEqual([
      'a file',
      'a folder',
      'a FIFO',
      'a socket',
      'a device',
      'a link',
      'not a regular file',
    ]);
    expect(pair(pathHasNul())).toEqual(['invalid_path', 'the path contains a NUL byte']);
    expect(pair(pathIsEmpty())).toEqual(['invalid_path', 'the path is empty']);
  });
});

describe('the sentences of the helper itself', () => {
  it('say what is wrong with the home', () => {
    expect(pair(homeNotAbsolute())).toEqual(['invalid_request', 'HOME is not set to an absolute path']);
    expect(pair(homeMissing('/home/x'))).toEqual(['not_found', 'the home folder /home/x does not exist']);
    expect(pair(homeNotAFolder('/home/x'))).toEqual(['not_a_folder', 'the home /home/x is not a folder']);
  });

  it('name a missing path once, whoever finds it missing', () => {
    expect(pair(noSuchPath('src/x'))).toEqual(['not_found', 'no such file or folder: src/x']);
    expect(pair(pathFailure('ENOENT', 'src/x', 200))).toEqual(pair(noSuchPath('src/x')));
  });

  it('say where the working directory could not be recorded, and why', () => {
    expect(pair(workingDirectoryNotRecorded('/run/r/cwd', 'the disk is full'))).toEqual([
      'io',
      'cannot record the working directory in /run/r/cwd: the disk is full',
    ]);
  });
});

describe('the reasons a request is refused', () => {
  it('the argument and its bytes', () => {
    expect(reasons.noArgument).toBe('no argument (expected base64 JSON or a request file)');
    expect(reasons.emptyArgument).toBe('the argument is empty');
    expect(reasons.notBase64).toBe('the argument is not standard base64');
    expect(reasons.notUtf8).toBe('not UTF-8');
    expect(reasons.notJson).toBe('not JSON');
    expect(reasons.notObject).toBe('not a JSON object');
  });

  it('its fields', () => {
    expect(reasons.notString('op')).toBe('op must be a string');
    expect(reasons.notId('run_id')).toBe('run_id must be 1 to 128 of A-Z a-z 0-9 _ . - (not . or ..)');
    expect(reasons.hasNul('default_cwd')).toBe('default_cwd contains a NUL byte');
    expect(reasons.notWholeNumber('max_bytes')).toBe('max_bytes must be a whole number');
    expect(reasons.notJsonObject('args')).toBe('args must be a JSON object');
    expect(reasons.notBoolean('background')).toBe('background must be true or false');
    expect(reasons.notOneOf('mode', ['content', 'files'])).toBe('mode must be "content" or "files"');
    expect(reasons.required('command')).toBe('command is required');
  });

  it('echo an unknown name only when it looks like one', () => {
    expect(reasons.unknownOp('frob', ['shell', 'file_read'])).toBe("unknown op 'frob' (one of shell, file_read)");
    expect(reasons.unknownOp('rm -rf /', ['shell'])).toBe('unknown op (one of shell)');
    expect(reasons.unknownOp('a'.repeat(65), ['shell'])).toBe('unknown op (one of shell)');
    expect(reasons.unknownArgument('cwd2', ['command', 'cwd'])).toBe("unknown argument 'cwd2' (it takes command, cwd)");
    expect(reasons.unknownArgument('', ['command'])).toBe('unknown argument (it takes command)');
  });

  it('a request file', () => {
    expect(reasons.requestFileOutside('/run/g/requests')).toBe('a request file must lie directly in /run/g/requests/');
    expect(reasons.requestFileMisnamed('/run/g/requests/.a.json.tmp')).toBe(
      'a request file is named <run_id>-<call_id>.json; /run/g/requests/.a.json.tmp is not',
    );
    expect(reasons.noRequestFile('/run/g/requests/a.json')).toBe('no request file at /run/g/requests/a.json');
    expect(reasons.requestFileNotRegular('/run/g/requests/a.json')).toBe('/run/g/requests/a.json is not a regular file');
    expect(reasons.requestFileTooLarge(1048576)).toBe('the request file passes 1048576 bytes');
    expect(reasons.requestFileUnreadable('/r/a.json', 'EIO')).toBe('cannot read /r/a.json: EIO');
    expect(reasons.requestFileUnreadable('/r/a.json', undefined)).toBe('cannot read /r/a.json: unknown error');
  });
});

describe('the error envelope', () => {
  it('carries the message on one line and its kind', () => {
    expect(errorEnvelope('two\nlines', 'io')).toEqual({ ok: false, error: 'two lines', kind: 'io' });
  });

  it('of anything else thrown is an internal error that keeps its code', () => {
    const error = Object.assign(new Error('boom'), { code: 'EIO' });
    expect(describeFailure(error)).toEqual({ message: 'internal error: EIO: boom', kind: 'internal' });
    expect(failureEnvelope('text')).toEqual({ ok: false, error: 'internal error: text', kind: 'internal' });
    expect(failureEnvelope(new ToolError('busy', 'taken'))).toEqual({ ok: false, error: 'taken', kind: 'busy' });
  });
});
