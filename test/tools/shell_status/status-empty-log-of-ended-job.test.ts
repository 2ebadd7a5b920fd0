// Shell_status: an empty log of a job that is over reads (no output).
import { expect, it } from 'vitest';
import { formatDetail } from '../../../src/tools/shell_status/format.js';

it('an empty log reads (no output) once the job is over, and (no output yet) while it runs', () => {
  const view = { elapsedMs: 1000, logPath: '/h/.runs/r1/c1.log', tail: '' };
  expect(formatDetail({ ...view, state: { kind: 'exited', exitCode: 0 } }, 8192)).toBe(
    'state: exited 0\nelapsed: 1s\nlog: /h/.runs/r1/c1.log\n(no output)',
  );
  expect(formatDetail({ ...view, state: { kind: 'running' } }, 8192).endsWith('\n(no output yet)')).toBe(true);
});
