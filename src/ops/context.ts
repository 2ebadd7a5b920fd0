import type { Io } from '../io/types.js';
import type { Meta } from '../protocol/envelope.js';
import type { Request } from '../protocol/request.js';

/** What every op is handed: the world, the validated request, and where the run stands. */
export interface Context {
  io: Io;
  request: Request;
  /** The run's working directory: absolute. */
  cwd: string;
}

export interface OpResult {
  text: string;
  meta: Meta;
}

export type Op = (context: Context) => OpResult | Promise<OpResult>;
