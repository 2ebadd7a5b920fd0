// What every tool is handed, what it gives back, and a bundle's table of the tools it runs.
import type { Io } from '../io/types.js';
import type { Meta } from '../contract/envelope.js';
import type { Request } from '../contract/request.js';
import type { SpecTable } from '../contract/request.js';
import type { OpName, ToolArgs, ToolMeta, ToolSpec, ValidatedArgs } from '../contract/tools/index.js';
import type { Stop } from '../io/stop.js';
import type { Progress } from '../io/progress-sink.js';
import type { ToolIo } from './io.generated.js';

/**
 * The world, the validated request, where the run stands, and the call's one stop. `Own` is the
 * tool's own I/O (src/tools/<tool>/io.ts), beside what every tool sees.
 */
export interface Context<Own extends object = object> {
  io: Io & Own;
  request: Request;
  /** The run's working directory: absolute. */
  cwd: string;
  /**
   * Whether the run's record of its working directory names `cwd` (false or absent: the default
   * stands in), so that a shell ending there has nothing to record.
   */
  cwdRecorded?: boolean;
  /**
   * Its signal aborts when the call is to stop (the helper's SIGTERM or SIGINT, a client's cancel): a
   * tool hands it to the processes it waits for, which take it, are stopped and answer with what they
   * had (src/io/stop.ts).
   */
  stop: Stop;
  /** Where the call's progress goes (SPEC section 9): NO_PROGRESS when nobody asked for it. */
  progress: Progress;
}

export interface OpResult<M = Meta> {
  text: string;
  meta: M;
}

/** A tool's run step: its own I/O and the resolved arguments in (defaults and bounds applied), text and meta out. */
export type ToolRun<Name extends OpName> = (
  context: Context<ToolIo[Name]>,
  args: ToolArgs[Name],
) => OpResult<ToolMeta[Name]> | Promise<OpResult<ToolMeta[Name]>>;

/** Run steps by name: a helper's (its warm stream runs them all), or one body's. */
export type ToolRuns = { [Name in OpName]?: ToolRun<Name> };

/** A tool as a bundle runs it: its spec (what validation checks), its resolver and its run step. */
export interface ToolEntry<Name extends OpName> {
  spec: ToolSpec;
  /** Defaults and bounds, applied once, here; nothing downstream applies them again. */
  resolve: (args: ValidatedArgs) => ToolArgs[Name];
  run: ToolRun<Name>;
}

/**
 * The tools one bundle runs, by name. Each bundle's entry hands its own table to the shared handle:
 * a request for a tool of the contract that this bundle does not run is refused as an unknown op, and
 * no other tool's spec or code reaches the bundle.
 */
export type OpTable = { readonly [Name in OpName]?: ToolEntry<Name> };

/** The specs of a table's tools, as request validation takes them. */
export function specsOf(ops: OpTable): SpecTable {
  const specs: { [Name in OpName]?: ToolSpec } = {};
  for (const name of Object.keys(ops) as OpName[]) specs[name] = ops[name]!.spec;
  return specs;
}
