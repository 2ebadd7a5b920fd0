// The docker sandbox's long-lived execs (Sandbox.open, SPEC section 8's warm stream): an exec with
// stdin attached over the Engine's hijacked connection, writes held until it is attached, and its end
// told as whether its program ran at all. While any is open the container's events are followed:
// under gVisor a container that dies (its memory limit passed) can leave an exec's connection open,
// and a stream would wait on it until its calls' time ran out.
import { EngineError, type EngineClient, type ExecStream } from './engine.js';
import { DOCKER_INSPECT_TIMEOUT_MS } from './exec.js';
import type { OpenedExec, OpenHandlers } from '../../sandbox.js';

/** What runc and runsc answer for an exec whose program is missing (127) or cannot run (126). */
const NOT_RUN_EXIT_CODES: ReadonlySet<number> = new Set([126, 127]);
/** Through the shell, so that a missing program is its exit 127 and not the Engine's error on stdout. */
export const OPEN_WRAPPER = ['/bin/sh', '-c', 'exec "$@"', 'sh'] as const;

export class DockerOpenExecs {
  /** The execs still open, by exec id: each one's close, told whether it had run. */
  private readonly open = new Map<string, (started: boolean) => void>();
  /** The Engine's events for the container, followed while an exec is open. */
  private watch: { stop(): void } | undefined;

  constructor(
    private readonly engine: EngineClient,
    private readonly containerId: () => string,
    /** Creates the exec with stdin attached, starting the container again when it had stopped. */
    private readonly createExec: (cmd: readonly string[], env: Readonly<Record<string, string>>) => Promise<{ Id: string }>,
  ) {}

  /** Starts `argv` with `env` and reports its stdout and its end; `refused`: the sandbox is gone, nothing runs. */
  start(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers, refused: boolean): OpenedExec {
    let stream: ExecStream | undefined;
    const held: Uint8Array[] = [];
    let ending = false;
    let closed = false;
    let openId: string | undefined;
    const close = (started: boolean): void => {
      if (closed) return;
      closed = true;
      stream?.destroy();
      if (openId !== undefined) this.forget(openId);
      handlers.closed(started);
    };
    const attach = (execId: string): void => {
      openId = execId;
      this.open.set(execId, close);
      this.watchContainer();
      stream = this.engine.startExec(execId, {
        stdout: (chunk) => handlers.stdout(chunk),
        stderr: () => undefined,
        end: (error) => {
          // Refused before it started (the Engine's 4xx): nothing ran.
          if (error instanceof EngineError && error.status >= 400) close(false);
          else void this.ranAtAll(execId).then(close);
        },
      });
      stream.unref();
      for (const bytes of held.splice(0)) stream.write(bytes);
      if (ending) stream.end();
    };
    if (refused) queueMicrotask(() => close(false));
    else this.createExec([...OPEN_WRAPPER, ...argv], env).then((created) => (closed ? undefined : attach(created.Id)), () => close(false));
    return {
      write: (text) => {
        if (closed || ending) return;
        const bytes = Buffer.from(text, 'utf8');
        if (stream) stream.write(bytes);
        else held.push(bytes);
      },
      end: () => {
        if (closed || ending) return;
        ending = true;
        stream?.end();
      },
    };
  }

  /** The container's `die` ends every open exec; an `exec_die` ends its own. */
  private watchContainer(): void {
    if (this.watch !== undefined) return;
    this.watch = this.engine.events(
      { container: [this.containerId()], type: ['container'], event: ['die', 'exec_die'] },
      (event) => {
        if (event.Action === 'die') for (const close of [...this.open.values()]) close(true);
        else if (event.Action === 'exec_die') {
          const execId = event.Actor?.Attributes?.execID ?? '';
          const close = this.open.get(execId);
          if (close !== undefined) void this.ranAtAll(execId).then(close);
        }
      },
      () => (this.watch = undefined),
    );
  }

  private forget(execId: string): void {
    this.open.delete(execId);
    if (this.open.size > 0) return;
    this.watch?.stop();
    this.watch = undefined;
  }

  /** Whether an exec that ended had run its program: its exit code is not the runtime's "cannot run". */
  private async ranAtAll(execId: string): Promise<boolean> {
    const state = await this.engine.call<{ ExitCode: number | null }>('GET', `/exec/${execId}/json`, undefined, DOCKER_INSPECT_TIMEOUT_MS).catch(() => undefined);
    return state === undefined || state.ExitCode === null || !NOT_RUN_EXIT_CODES.has(state.ExitCode);
  }
}
