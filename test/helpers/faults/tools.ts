// The code tools with faults injected into file_read, for tests alone: the bundles a test builds from
// the real hosts around this table (test/helpers/faults/build.ts) show how each host answers a
// fault. Nothing in src/ reaches this file; a model's request never selects a fault in a shipped
// bundle. file_read of a path named below faults as the name says; any other path reads as usual.
import type { ToolEntry, ToolRun } from '../../../src/tools/context.js';
import { CODE_TOOLS as REAL_CODE_TOOLS } from '../../../src/tools/all.js';

/** The path that makes file_read throw, reject, throw in an event handler, or reject unawaited. */
export const FAULT_PATHS = {
  throw: 'fault-throw',
  reject: 'fault-reject',
  eventHandler: 'fault-event-handler',
  unawaited: 'fault-unawaited',
} as const;

const realFileRead = REAL_CODE_TOOLS.file_read!;

const faultingRun: ToolRun<'file_read'> = (context, args) => {
  switch (args.path) {
    case FAULT_PATHS.throw:
      throw new Error('injected throw');
    case FAULT_PATHS.reject:
      return Promise.reject(new Error('injected rejection'));
    case FAULT_PATHS.eventHandler:
      // The call's own promise never settles: only the fault can answer it.
      return new Promise(() => {
        setImmediate(() => {
          throw new Error('injected throw in an event handler');
        });
      });
    case FAULT_PATHS.unawaited:
      return new Promise(() => {
        void Promise.reject(new Error('injected unawaited rejection'));
      });
    default:
      return realFileRead.run(context, args);
  }
};

const faultingFileRead: ToolEntry<'file_read'> = { ...realFileRead, run: faultingRun };

/** Every code tool, file_read with the faults above. */
export const CODE_TOOLS = { ...REAL_CODE_TOOLS, file_read: faultingFileRead };
