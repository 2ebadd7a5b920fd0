// Random and mutated requests for the fuzzers: mostly near-valid, so that they get past the first
// check and reach the deeper ones, with every field now and then replaced by anything at all.
import fc from 'fast-check';

export const INTERESTING_PATHS = [
  'a.txt',
  'sub/b.txt',
  '~/a.txt',
  '~',
  '.',
  '..',
  '../outside/secret.txt',
  'out/secret.txt',
  'leak.txt',
  'loop',
  'pipe',
  'bin.dat',
  'a..b',
  '/etc/passwd',
  '/proc/self/environ',
  '/proc/self/root/etc/passwd',
  '/dev/zero',
  '/dev/stdin',
  '/proc/self/fd/0',
  'a.txt/',
  'a.txt\u0000.png',
  '',
  'x'.repeat(300),
  'gone/'.repeat(900),
  '😀'.repeat(150),
];

/** Files the fuzzers' home holds, as seen from the home. */
export const READABLE_PATHS = ['a.txt', 'sub/b.txt', '~/a.txt', 'wide.txt', 'a..b', 'bin.dat', '~/sub/b.txt', 'sub/../a.txt'];

const validId = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/).filter((id) => id !== '.' && id !== '..');

export const idArb = fc.oneof(
  { weight: 8, arbitrary: validId },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom('', '.', '..', '../x', 'a/b', '/abs', 'x'.repeat(129), 'x'.repeat(128), 'é', 'a b', 'a\u0000b', '-', '.hidden'),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.anything({ maxDepth: 1 }),
    ),
  },
);

const integerishArb = fc.oneof(
  fc.integer({ min: -5, max: 700 }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e300, 1.5, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.anything({ maxDepth: 1 }),
);

const pathArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INTERESTING_PATHS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('..', '.', 'sub', 'out', 'a.txt', '', '~', 'loop'), { maxLength: 8 }).map((parts) => parts.join('/')) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);

export const argsArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      { path: pathArb, offset: integerishArb, limit: integerishArb },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

export const opArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('file_read') },
  // shell and code_search land on other branches; until then they answer "not available".
  { weight: 1, arbitrary: fc.constantFrom('shell', 'shell_status', 'code_search', 'FILE_READ', 'file_read ', '') },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);

export const maxBytesArb = fc.oneof(
  fc.integer({ min: 0, max: 70_000 }),
  fc.constantFrom(1023, 1024, 1025, 8192, 1_048_576, 1_048_577, -1, 1e300, 0.5, '8192', null),
);

/** A request that passes validation: it reaches the op, the paths and the shaping. */
export const validRequestArb = fc
  .record(
    {
      op: fc.constant('file_read'),
      args: fc.record(
        {
          path: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...READABLE_PATHS) },
            { weight: 3, arbitrary: fc.constantFrom(...INTERESTING_PATHS) },
            { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
          ),
          offset: fc.oneof(fc.integer({ min: -3, max: 700 }), fc.constant(2 ** 53)),
          limit: fc.integer({ min: -3, max: 700 }),
        },
        { requiredKeys: ['path'] },
      ),
      run_id: validId,
      agent_id: validId,
      call_id: validId,
      default_cwd: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('sub', '~', '/', '..', 'loop', 'a.txt', 'nope') }),
      max_bytes: fc.oneof(fc.integer({ min: 0, max: 70_000 }), fc.constantFrom(1024, 8192, 1_048_576, 2 ** 40)),
    },
    { requiredKeys: ['op', 'args', 'run_id', 'agent_id', 'call_id'] },
  )
  .map((fields) => fields as Record<string, unknown>);

/** A request with any field, or several, replaced by something random. */
export const mutatedRequestArb = fc
  .record(
    {
      op: opArb,
      args: argsArb,
      run_id: idArb,
      agent_id: idArb,
      call_id: idArb,
      default_cwd: fc.oneof(fc.constantFrom('', 'sub', '~', '~/sub', '/', '..', 'loop', 'a.txt', 'nope', 'a\u0000b'), fc.anything({ maxDepth: 0 })),
      max_bytes: maxBytesArb,
      extra: fc.anything({ maxDepth: 1 }),
    },
    { requiredKeys: ['op', 'args', 'run_id', 'agent_id', 'call_id'] },
  )
  .map((fields) => fields as Record<string, unknown>);

export const requestValueArb = fc.oneof({ weight: 2, arbitrary: validRequestArb }, { weight: 1, arbitrary: mutatedRequestArb });
