// How a checked request gets its answer: one interface, one implementation per way of reaching the
// helper's code. CodeToolRun checks and resolves a call once and hands the result to its runner;
// a runner never checks again, and never throws: whatever goes wrong is an envelope.
//
// - SandboxRunner: the cold helper, one process per call, through a Sandbox's exec (and writeFile
//   for a request too long for argv). The platform's way, and the local and bubblewrap sandboxes'.
// - InProcessRunner (src/mcp/in-process-runner.ts): the MCP server's, which hosts the call as a
//   helper does (src/call/host.ts) in its own process; code_task goes to a SandboxRunner.
// - A warm stream over one long-lived exec (SPEC section 8) is one more implementation: a request
//   line out per call, the envelope line back, a cancel line when `signal` aborts.
import { SANDBOX_GRACE_MS } from '../limits.js';
import type { Envelope } from '../contract/envelope.js';
import type { ProgressEvent } from '../contract/live-calls.js';
import type { CheckedRequest } from '../contract/tools/index.js';
import { wireRequest } from './request.js';
import type { Sandbox } from './sandbox.js';
import type { CallTimeline } from './telemetry/timeline.js';
import { runHelper } from './transport.js';

/** One call for a runner: the checked request and what its run needs. */
export interface HelperCall {
  checked: CheckedRequest;
  /** The helper's environment: the agent's, its tokens, NODE_EXTRA_CA_CERTS moved aside (helperEnvironment). */
  env: Readonly<Record<string, string>>;
  /** How long the answer may take (helperTimeoutMs): past it, the call fails as the helper's. */
  timeoutMs: number;
  /** Aborted when the call is no longer wanted: the helper stops what it runs and answers with what it had. */
  signal?: AbortSignal | undefined;
  /**
   * The call's progress events as they come (SPEC section 9), as the helper sent them: given only
   * when the request asks for progress. A runner that runs the call cold sends none.
   */
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  /**
   * Where the runner times the call's parts (the request file, the exec or the stream's round trip)
   * and notes a cold fallback or a stream opened again: given only when the call's telemetry or its
   * caller reads them (src/orchestrator/telemetry/).
   */
  timeline?: CallTimeline | undefined;
}

export interface HelperRunner {
  /** The helper's envelope for one checked call. Never throws. */
  answer(call: HelperCall): Promise<Envelope>;
  /** Whether this runner can hand on the call's progress while it runs; absent: it cannot. */
  streamsProgress?(checked: CheckedRequest): boolean;
}

/** The cold helper through a sandbox: the request on argv (or in a request file), the envelope on stdout. */
export class SandboxRunner implements HelperRunner {
  constructor(
    readonly sandbox: Sandbox,
    /** How long past `timeoutMs` a sandbox that does not answer either is waited on. */
    private readonly graceMs: number = SANDBOX_GRACE_MS,
  ) {}

  answer(call: HelperCall): Promise<Envelope> {
    return runHelper(this.sandbox, wireRequest(call.checked.request), call.env, call.timeoutMs, this.graceMs, call.signal, call.timeline);
  }
}
