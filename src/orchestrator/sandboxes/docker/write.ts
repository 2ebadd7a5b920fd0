// Writing a file into the container through an exec's stdin: the scripts that write it (refusing a
// link the agent planted) and the feeding of the bytes, for DockerSandbox's writeFile and the helpers'
// tokens file.
import { createHash, randomBytes } from 'node:crypto';
import { REPO_TOKENS_FILE_VARIABLE, REPO_TOKENS_VARIABLE } from '../../../contract/environment.js';
import { DOCKER_EXEC_POLL_MS, type ExecInspect } from './exec.js';
import type { EngineClient } from './engine.js';

/**
 * Writes stdin to `$2` in folder `$1` as the agent: the folder entered by its physical path (a link
 * in place of it is refused), the bytes into a new file that O_EXCL will not open through a link
 * (noclobber), renamed over the name (a link there is replaced, not followed).
 */
export const WRITE_SCRIPT =
  'cd -P -- "$1" 2>/dev/null || { echo "$1 is not a folder" >&2; exit 2; }; ' +
  '[ "$(pwd -P)" = "$1" ] || { echo "$1 passes through a link" >&2; exit 3; }; ' +
  'umask 077; set -C; t=".$2.$$.tmp"; cat > "$t" || exit 4; ' +
  'mv -fT -- "$t" "$2" || { rm -f -- "$t"; exit 5; }';
/**
 * WRITE_SCRIPT as root into the request folder of a helper started as root: it and the folder holding
 * it must be root's (the agent can then neither swap them nor plant a file), the file root's alone,
 * which the helper takes as root before it acts as the agent (src/io/node/request-file.ts).
 */
export const REQUEST_ROOT_WRITE_SCRIPT =
  'cd -P -- "$1" 2>/dev/null || { echo "$1 is not a folder" >&2; exit 2; }; ' +
  '[ "$(pwd -P)" = "$1" ] || { echo "$1 passes through a link" >&2; exit 3; }; ' +
  '[ -O . ] && [ -O .. ] || { echo "$1 is not root\'s alone" >&2; exit 2; }; ' +
  'umask 077; set -C; t=".$2.$$.tmp"; cat > "$t" || exit 4; ' +
  'mv -fT -- "$t" "$2" || { rm -f -- "$t"; exit 5; }';
/**
 * WRITE_SCRIPT as root into a folder of root's own under /tmp (sticky: the agent can neither replace
 * nor enter it), made when missing: a folder of that name the agent made first is refused.
 */
export const ROOT_WRITE_SCRIPT =
  '{ [ -d "$1" ] || mkdir -m 700 -- "$1"; } 2>/dev/null; [ -O "$1" ] && [ ! -L "$1" ] || { echo "$1 is not root\'s own" >&2; exit 2; }; ' + WRITE_SCRIPT;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Feeds `bytes` to the created exec's stdin and waits for it to end; throws with the first line it said about `path`. */
export async function feedExec(engine: EngineClient, execId: string, bytes: Uint8Array, path: string): Promise<void> {
  const stderr: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const stream = engine.startExec(execId, {
      stdout: () => {},
      stderr: (chunk) => stderr.push(chunk),
      end: (error) => (error ? reject(error) : resolve()),
    });
    stream.end(bytes);
  });
  let state = await engine.call<ExecInspect>('GET', `/exec/${execId}/json`);
  for (let tries = 0; state.Running && tries < 20; tries++) {
    await sleep(DOCKER_EXEC_POLL_MS / 10);
    state = await engine.call<ExecInspect>('GET', `/exec/${execId}/json`);
  }
  if (state.ExitCode !== 0) {
    const said = Buffer.concat(stderr).toString('utf8').trim().split('\n')[0];
    throw new Error(`cannot write ${path} in the sandbox: ${said || `exit status ${state.ExitCode}`}`);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The repository tokens of a helper run as root, handed over in a file only root may read, named in
 * its environment, never the tokens themselves: under gVisor a process of the agent can read the
 * environment of a helper acting as the agent (docs/reliability.md). One file for each set of tokens
 * the sandbox is given, written once through `write` (as root, ROOT_WRITE_SCRIPT) into a folder of
 * root's own under /tmp, named at random.
 */
export class RootTokensFiles {
  private readonly folder = `/tmp/.guilds-tokens-${randomBytes(8).toString('hex')}`;
  /** The files written, by their content's digest. */
  private readonly files = new Map<string, Promise<string>>();

  constructor(private readonly write: (folder: string, name: string, bytes: Uint8Array) => Promise<void>) {}

  /** `env` with its tokens swapped for the file that holds them. */
  async handOver(env: Readonly<Record<string, string>>): Promise<Record<string, string>> {
    const tokens = env[REPO_TOKENS_VARIABLE];
    const { [REPO_TOKENS_VARIABLE]: _, ...rest } = env;
    if (tokens === undefined) return { ...env };
    return { ...rest, [REPO_TOKENS_FILE_VARIABLE]: await this.fileOf(tokens) };
  }

  private fileOf(tokens: string): Promise<string> {
    const name = `${createHash('sha256').update(tokens).digest('hex').slice(0, 32)}.json`;
    let written = this.files.get(name);
    if (written === undefined) {
      written = this.write(this.folder, name, Buffer.from(tokens, 'utf8')).then(
        () => `${this.folder}/${name}`,
        (error: unknown) => {
          this.files.delete(name);
          throw new Error(`cannot hand the repository tokens to the helper: ${message(error)}`);
        },
      );
      this.files.set(name, written);
    }
    return written;
  }
}
