// A request checked and its arguments resolved, once. A module of its own, with types only beside one
// small function, so that a helper body that checks requests against its own table carries no other
// tool's contract.
import type { Request } from '../request.js';
import type { OpName } from '../registry.js';
import type { ToolArgs } from './index.js';
import type { ValidatedArgs } from './spec.js';

/**
 * A request checked against the contract and its arguments resolved (defaults and bounds applied):
 * what a runner answers, and what the answer step runs. `op` is the request's, at the top so that it
 * tells the arguments' type.
 */
export type CheckedRequest = { [Name in OpName]: { op: Name; request: Request; args: ToolArgs[Name] } }[OpName];

/** A checked request, its arguments resolved by `resolve` (the contract's, or a bundle's own table). */
export function checkedWith(request: Request, resolve: (op: OpName, args: ValidatedArgs) => unknown): CheckedRequest {
  return { op: request.op, request, args: resolve(request.op, request.args) } as CheckedRequest;
}
