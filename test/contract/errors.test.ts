// The kinds an error envelope carries, and the shared failure sentences: golden.
import { describe, expect, it } from 'vitest';
import {
  ERROR_KINDS,
  interruptedBeforeAnswer,
  invalidArgument,
  invalidRequest,
  notARegularFile,
  outsideHome,
  pathFailure,
  pathHasNul,
  pathIsEmpty,
  ToolError,
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
    expect(pair(pathFailure('ENOTDIR', 'a.txt/b', 200))).toEqual(['not_found', 'no such file or folder: a.txt/b']);
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
    expect(pair(pathHasNul())).toEqual(['invalid_path', 'the path contains a NUL byte']);
    expect(pair(pathIsEmpty())).toEqual(['invalid_path', 'the path is empty']);
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
