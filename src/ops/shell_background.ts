// shell with background: true. Kept apart from the foreground op so that it can be built on its own.
import { ToolError } from '../protocol/envelope.js';
import type { Context, OpResult } from './context.js';

export function startBackgroundCommand(_context: Context): OpResult | Promise<OpResult> {
  throw new ToolError('background commands are not available yet');
}
