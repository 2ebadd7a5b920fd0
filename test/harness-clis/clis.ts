// How each harness CLI is run headless against the scripted model server: its command lines for a new
// task and a resume, its environment, the config files it reads from its own home, and a small reader
// of its events (enough to check a run; the adapters' parsers are the real ones).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HARNESSES } from '../../src/tools/code_task/harnesses/index.js';

export type CliName = 'claude' | 'codex' | 'gemini' | 'opencode';
export const CLI_NAMES: readonly CliName[] = ['claude', 'codex', 'gemini', 'opencode'];

/** The folders one CLI keeps its state in; each run of a test gets its own. */
export interface CliHome {
  readonly home: string;
}

export interface Invocation {
  readonly args: readonly string[];
  /** What the adapter sets on top of the caller's environment. */
  readonly env: Readonly<Record<string, string>>;
  /** Where the CLI runs (the repository). */
  readonly cwd: string;
  /** The session id known before the run (chosen up front), if the CLI lets the caller choose it. */
  readonly presetSessionId: string | null;
}

export interface RunSummary {
  readonly sessionId: string | null;
  readonly finalMessage: string | null;
  readonly errorReason: string | null;
}

export interface CliProfile {
  readonly name: CliName;
  /** Writes the CLI's config files into its home, pointing it at the model server. */
  configure(home: string, modelServerUrl: string): void;
  environment(home: string, modelServerUrl: string): Record<string, string>;
  /** GUILDS_HARNESS_MODEL for the runs, or null for the CLI's default. */
  readonly model: string | null;
  newTask(repo: string): Invocation;
  resume(repo: string, sessionId: string): Invocation;
  summarize(stdoutLines: readonly string[]): RunSummary;
}

/** The adapter's own command line and environment, so that a drive checks exactly what code_task runs. */
function adapterInvocation(name: CliName, repo: string, resumeId: string | null, model: string | null): Invocation {
  const adapter = HARNESSES[name];
  const newSessionId = resumeId === null && adapter.choosesSessionId ? randomUUID() : null;
  const launch = adapter.launch({ repo, resumeId, newSessionId, model, command: null });
  return { args: launch.argv.slice(1), env: launch.env, cwd: repo, presetSessionId: resumeId ?? newSessionId };
}

function parseLines(lines: readonly string[]): Array<Record<string, any>> {
  const events: Array<Record<string, any>> = [];
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      events.push(JSON.parse(line) as Record<string, any>);
    } catch {
      // Not an event: a line of plain output.
    }
  }
  return events;
}

function findLast(events: ReadonlyArray<Record<string, any>>, matches: (event: Record<string, any>) => boolean): Record<string, any> | undefined {
  for (let index = events.length - 1; index >= 0; index--) if (matches(events[index]!)) return events[index];
  return undefined;
}

/** The environment every CLI gets: its own home and XDG folders, nothing from the caller's. */
export function baseEnvironment(home: string, path: string): Record<string, string> {
  return {
    PATH: path,
    HOME: home,
    USER: 'agent',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: join(home, 'tmp'),
  };
}

export const claude: CliProfile = {
  name: 'claude',
  configure() {},
  environment(_home, url) {
    return {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: 'sk-ant-fake',
      CLAUDE_CODE_MAX_RETRIES: '0',
    };
  },
  model: null,
  newTask(repo) {
    return adapterInvocation('claude', repo, null, this.model);
  },
  resume(repo, sessionId) {
    return adapterInvocation('claude', repo, sessionId, this.model);
  },
  summarize(lines) {
    const events = parseLines(lines);
    const init = events.find((event) => event.type === 'system' && event.subtype === 'init');
    const result = findLast(events, (event) => event.type === 'result');
    const sessionId = (result?.session_id ?? init?.session_id ?? null) as string | null;
    if (!result) return { sessionId, finalMessage: null, errorReason: null };
    return result.is_error
      ? { sessionId, finalMessage: null, errorReason: `${result.result ?? ''} (api_error_status ${result.api_error_status}, terminal_reason ${result.terminal_reason})` }
      : { sessionId, finalMessage: result.result ?? null, errorReason: null };
  },
};

// Codex knows each model's tools by name; an unknown model name gets only exec_command, no apply_patch.
export const CODEX_MODEL = 'gpt-5.5';

export const codex: CliProfile = {
  name: 'codex',
  configure(home, url) {
    const codexHome = join(home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(
      join(codexHome, 'config.toml'),
      [
        'model_provider = "fake"',
        '',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${url}/v1"`,
        'env_key = "FAKE_OPENAI_API_KEY"',
        'wire_api = "responses"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
  },
  environment(home) {
    return { CODEX_HOME: join(home, '.codex'), FAKE_OPENAI_API_KEY: 'sk-fake' };
  },
  model: CODEX_MODEL,
  newTask(repo) {
    return adapterInvocation('codex', repo, null, this.model);
  },
  resume(repo, sessionId) {
    // `exec resume` has no -C: it runs in the repository.
    return { ...adapterInvocation('codex', repo, sessionId, this.model), presetSessionId: null };
  },
  summarize(lines) {
    const events = parseLines(lines);
    const sessionId = (events.find((event) => event.type === 'thread.started')?.thread_id ?? null) as string | null;
    const message = findLast(events, (event) => event.type === 'item.completed' && event.item?.type === 'agent_message');
    const failed = findLast(events, (event) => event.type === 'turn.failed');
    const error = findLast(events, (event) => event.type === 'error');
    return {
      sessionId,
      finalMessage: (message?.item?.text ?? null) as string | null,
      errorReason: failed ? String(failed.error?.message) : error ? String(error.message) : null,
    };
  },
};

export const gemini: CliProfile = {
  name: 'gemini',
  configure(home) {
    const dir = join(home, '.gemini');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify(
        {
          security: { auth: { selectedType: 'gemini-api-key' } },
          privacy: { usageStatisticsEnabled: false },
          telemetry: { enabled: false },
          general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, maxAttempts: 1 },
        },
        null,
        2,
      ),
    );
  },
  environment(_home, url) {
    return { GEMINI_API_KEY: 'fake-gemini-key', GOOGLE_GEMINI_BASE_URL: url };
  },
  model: null,
  newTask(repo) {
    return adapterInvocation('gemini', repo, null, this.model);
  },
  resume(repo, sessionId) {
    return adapterInvocation('gemini', repo, sessionId, this.model);
  },
  summarize(lines) {
    const events = parseLines(lines);
    const sessionId = (events.find((event) => event.type === 'init')?.session_id ?? null) as string | null;
    let lastTool = -1;
    events.forEach((event, index) => {
      if (event.type === 'tool_use' || event.type === 'tool_result') lastTool = index;
    });
    const deltas = events.slice(lastTool + 1).filter((event) => event.type === 'message' && event.role === 'assistant');
    const result = findLast(events, (event) => event.type === 'result');
    return {
      sessionId,
      finalMessage: deltas.length > 0 ? deltas.map((event) => event.content).join('') : null,
      errorReason: result?.status === 'error' ? String(result.error?.message ?? 'error') : null,
    };
  },
};

export const OPENCODE_MODEL = 'fake/fake-model';

/**
 * OpenCode installs @opencode-ai/plugin into each config folder in the background at every start,
 * with an embedded npm, unless the folder already has a node_modules folder and a package-lock.json
 * whose root lists the package. A home prepared that way never reaches for the registry, and nothing
 * changes the environment that the agent's own npm commands inherit through OpenCode's shell tool.
 */
export function markOpenCodePluginInstalled(configFolder: string): void {
  mkdirSync(join(configFolder, 'node_modules'), { recursive: true });
  writeFileSync(
    join(configFolder, 'package-lock.json'),
    JSON.stringify({ lockfileVersion: 3, requires: true, packages: { '': { dependencies: { '@opencode-ai/plugin': '*' } } } }, null, 2) + '\n',
  );
}

export const opencode: CliProfile = {
  name: 'opencode',
  configure(home) {
    markOpenCodePluginInstalled(join(home, '.config', 'opencode'));
  },
  environment(_home, url) {
    return {
      OPENCODE_CONFIG_CONTENT: JSON.stringify({
        $schema: 'https://opencode.ai/config.json',
        provider: {
          fake: {
            npm: '@ai-sdk/openai-compatible',
            name: 'Scripted model server',
            options: { baseURL: `${url}/v1`, apiKey: 'sk-fake' },
            models: { 'fake-model': { name: 'fake-model' } },
          },
        },
        model: OPENCODE_MODEL,
        autoupdate: false,
        share: 'disabled',
      }),
    };
  },
  model: OPENCODE_MODEL,
  newTask(repo) {
    return adapterInvocation('opencode', repo, null, this.model);
  },
  resume(repo, sessionId) {
    return { ...adapterInvocation('opencode', repo, sessionId, this.model), presetSessionId: null };
  },
  summarize(lines) {
    const events = parseLines(lines);
    const sessionId = (events.find((event) => typeof event.sessionID === 'string')?.sessionID ?? null) as string | null;
    const text = findLast(events, (event) => event.type === 'text');
    const error = findLast(events, (event) => event.type === 'error');
    return {
      sessionId,
      finalMessage: (text?.part?.text ?? null) as string | null,
      errorReason: error ? String(error.error?.data?.message ?? error.error?.name ?? 'error') : null,
    };
  },
};

export const PROFILES: Readonly<Record<CliName, CliProfile>> = { claude, codex, gemini, opencode };
