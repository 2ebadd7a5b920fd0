// The sandbox the try-out command and the web page run the helper in, and the name they show for it.
// One place decides, so that both always say which one they use: bubblewrap's when bwrap works on
// this machine, else the local one, with the reason; or, with `--sandbox docker`, a container of the
// sandbox image, seeded here with the tour's repository and its scripted harness.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { chooseSandbox as chooseMachineSandbox, type ChooseSandboxOptions } from '../src/orchestrator/sandboxes/choose.js';
import { DOCKER_AGENT_HOME, DockerSandbox, EngineClient, engineAddressFrom } from '../src/orchestrator/sandboxes/docker/sandbox.js';
import { execRequest, type Sandbox } from '../src/orchestrator/sandbox.js';

export interface TrySandbox extends Sandbox {
  /** The agent's home as its calls see it. */
  readonly home: string;
}

export interface ChosenSandbox {
  sandbox: TrySandbox;
  /** As the tour and the page print it: `bubblewrap`, or `local (bubblewrap cannot run here: …)`. */
  name: string;
}

export async function chooseSandbox(options: ChooseSandboxOptions): Promise<ChosenSandbox> {
  const chosen = await chooseMachineSandbox(options);
  return { sandbox: chosen.sandbox, name: chosen.why === undefined ? chosen.name : `${chosen.name} (${chosen.why})` };
}

/** Where the tour's scripted harness goes in a container's home, out of the repository it edits. */
export const CONTAINER_SCRIPTED_HARNESS = `${DOCKER_AGENT_HOME}/.tour/scripted-harness.mjs`;
const SEED_WAIT_MS = 60_000;
/** A container's id as `docker ps` shows it. */
const CONTAINER_ID_SHOWN_CHARS = 12;

/** Thrown with the one line the try-out prints when the container cannot be had. */
export class DockerTourError extends Error {}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A container of `image` under `runtime`, its home a new volume holding `repository` (committed once,
 * so that code_task's diffstat shows what the harness changed) at `repos/<name>` and the scripted harness.
 */
export async function startDockerTour(options: { image: string; runtime: 'runc' | 'runsc'; repository: { from: string; name: string }; scriptedHarness: string }): Promise<ChosenSandbox> {
  const docker = engineAddressFrom(process.env);
  try {
    await new EngineClient(docker).call('GET', `/images/${encodeURIComponent(options.image)}/json`);
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    if (!/no such image/i.test(said)) throw new DockerTourError(`docker cannot run here: ${said}`);
    throw new DockerTourError(
      `no image ${options.image} on the Docker Engine: build it with npm run image (-- --base debian where no image registry is reachable), or name another with --image`,
    );
  }
  let sandbox: DockerSandbox;
  try {
    sandbox = await DockerSandbox.start({ image: options.image, runtime: options.runtime, docker });
  } catch (error) {
    throw new DockerTourError(error instanceof Error ? error.message : String(error));
  }
  try {
    const repo = `${DOCKER_AGENT_HOME}/repos/${options.repository.name}`;
    const files = filesUnder(options.repository.from).map((file) => ({ from: file, to: `${repo}/${relative(options.repository.from, file)}` }));
    files.push({ from: options.scriptedHarness, to: CONTAINER_SCRIPTED_HARNESS });
    // writeFile makes the file alone: its folders first, as the agent.
    const folders = [...new Set(files.map((file) => posix.dirname(file.to)))];
    const made = await sandbox.exec(execRequest(['mkdir', '-p', '--', ...folders], {}, SEED_WAIT_MS));
    if (made.exitCode !== 0) throw new DockerTourError(`the tour's folders could not be made in the container: ${made.stderr.trim()}`);
    for (const file of files) await sandbox.writeFile(file.to, readFileSync(file.from));
    const commit =
      'git init -q && git add -A && git -c user.name=Tour -c user.email=tour@example.com -c commit.gpgsign=false commit -qm "$1"';
    const committed = await sandbox.exec(execRequest(['sh', '-c', `cd "$2" && ${commit}`, 'sh', options.repository.name, repo], { GIT_CONFIG_NOSYSTEM: '1' }, SEED_WAIT_MS));
    if (committed.exitCode !== 0) throw new DockerTourError(`the tour's repository could not be made in the container: ${committed.stderr.trim()}`);
  } catch (error) {
    await sandbox.cleanup();
    throw error instanceof DockerTourError ? error : new DockerTourError(error instanceof Error ? error.message : String(error));
  }
  return { sandbox, name: `docker (${options.runtime}, ${options.image}, container ${sandbox.containerId.slice(0, CONTAINER_ID_SHOWN_CHARS)})` };
}
