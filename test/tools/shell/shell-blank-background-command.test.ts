// Shell: refuse a blank background command as the foreground one is.
import { expect, it } from 'vitest';
import { ToolError } from '../../../src/contract/errors.js';
import { shell } from '../../../src/tools/shell/run.js';
import type { Context } from '../../../src/tools/context.js';
import type { ShellIo } from '../../../src/tools/shell/io.js';

it('a blank command is refused before anything starts, in the background too', async () => {
  // Nothing of the world is touched before the refusal: a context without I/O proves it.
  const context = { io: {}, request: {}, cwd: '/h' } as unknown as Context<ShellIo>;
  await expect(shell(context, { command: '  \n ', timeoutSeconds: 120, background: true })).rejects.toEqual(
    new ToolError('invalid_request', 'shell: command is empty'),
  );
  await expect(shell(context, { command: 'echo a\0b', timeoutSeconds: 120, background: true })).rejects.toThrow(
    'shell: the command contains a NUL byte',
  );
});
