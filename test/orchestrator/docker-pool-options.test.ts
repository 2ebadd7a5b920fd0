// DockerSandboxPool's pure parts: its options checked in one line naming the option, what a claim may
// pass, how many containers it starts at once, and every line it says. A pool whose options are
// refused, or whose Engine cannot be reached, answers in one line and starts nothing.
import { describe, expect, it } from 'vitest';
import { SERVE_IDLE_EXIT_MS } from '../../src/limits.js';
import {
  claimRefusal,
  DOCKER_POOL_DEFAULT_MAX_STARTING,
  DOCKER_POOL_KEEPALIVE_MS,
  DOCKER_POOL_MAX_SIZE,
  DOCKER_POOL_MAX_STARTING,
  DOCKER_POOL_PROBE_TIMEOUT_MS,
  DOCKER_POOL_REFILL_DELAY_MS,
  DOCKER_POOL_RETRY_MAX_MS,
  DOCKER_POOL_RETRY_MIN_MS,
  DOCKER_POOL_WARM_UP_REMOVAL,
  dockerPoolSettings,
  poolSentences,
  poolStartsNow,
  sameOption,
  warmUpLines,
  type DockerSandboxPoolOptions,
} from '../../src/orchestrator/sandboxes/docker/pool-options.js';
import { DockerSandboxPool } from '../../src/orchestrator/sandboxes/docker/sandbox.js';

const POOL = { image: 'sandbox', size: 8 };

describe('the pool by default', () => {
  it('starts 4 containers at once, holds at most 256, replaces a claimed one a second after its claim, and probes a held helper every 5 minutes, inside its 15-minute idle exit', () => {
    expect([DOCKER_POOL_DEFAULT_MAX_STARTING, DOCKER_POOL_MAX_STARTING, DOCKER_POOL_MAX_SIZE, DOCKER_POOL_REFILL_DELAY_MS]).toEqual([4, 64, 256, 1_000]);
    expect([DOCKER_POOL_KEEPALIVE_MS, DOCKER_POOL_PROBE_TIMEOUT_MS, DOCKER_POOL_RETRY_MIN_MS, DOCKER_POOL_RETRY_MAX_MS]).toEqual([300_000, 5_000, 1_000, 30_000]);
    expect(DOCKER_POOL_KEEPALIVE_MS * 2).toBeLessThan(SERVE_IDLE_EXIT_MS);
  });

  it('starts each container with the options given, its own size and starts at once taken out', () => {
    expect(dockerPoolSettings({ ...POOL, runtime: 'runsc', labels: { team: 'a' } })).toEqual({
      size: 8,
      maxStarting: 4,
      sandbox: { image: 'sandbox', runtime: 'runsc', labels: { team: 'a' } },
    });
    expect(dockerPoolSettings({ ...POOL, maxStarting: 2, state: 'tmpfs' })).toEqual({ size: 8, maxStarting: 2, sandbox: { image: 'sandbox', state: 'tmpfs' } });
  });
});

describe("the pool's options", () => {
  const refused: [Partial<DockerSandboxPoolOptions>, string][] = [
    [{ size: 0 }, 'DockerSandboxPool.start: size must be a whole number of containers from 1 to 256 (got 0)'],
    [{ size: 257 }, 'DockerSandboxPool.start: size must be a whole number of containers from 1 to 256 (got 257)'],
    [{ size: 2.5 }, 'DockerSandboxPool.start: size must be a whole number of containers from 1 to 256 (got 2.5)'],
    [{ size: undefined }, 'DockerSandboxPool.start: size must be a whole number of containers from 1 to 256 (got undefined)'],
    [{ maxStarting: 0 }, 'DockerSandboxPool.start: maxStarting must be a whole number of starts from 1 to 64 (got 0)'],
    [
      { home: { volume: 'agent-home' } },
      'DockerSandboxPool.start: home cannot name a volume or folder: each container of a pool gets a new one, so that nothing passes from one claim to the next',
    ],
    [
      { home: { hostPath: '/srv/agents' } },
      'DockerSandboxPool.start: home cannot name a volume or folder: each container of a pool gets a new one, so that nothing passes from one claim to the next',
    ],
    [
      { state: { volume: 'agent-run' } },
      'DockerSandboxPool.start: state cannot name a volume or folder: each container of a pool gets a new one, so that nothing passes from one claim to the next',
    ],
    [{ memoryBytes: -1 }, "DockerSandboxPool.start: memoryBytes must be a whole number of bytes above 0, or 'unlimited' (got -1)"],
    [{ image: '' }, 'DockerSandboxPool.start: image must be an image\'s name (got "")'],
  ];
  it.each(refused)('is refused in one line naming it: %j', (options, line) => {
    expect(() => dockerPoolSettings({ ...POOL, ...options } as DockerSandboxPoolOptions)).toThrow(new Error(line));
  });

  it('refused, starts nothing: DockerSandboxPool.start rejects with the same line before any Engine call', async () => {
    await expect(DockerSandboxPool.start({ ...POOL, size: 0, docker: { socketPath: '/nonexistent/docker.sock' } })).rejects.toThrow(
      new Error('DockerSandboxPool.start: size must be a whole number of containers from 1 to 256 (got 0)'),
    );
  });

  it('with an Engine that cannot be reached, rejects with the start\'s own line', async () => {
    await expect(DockerSandboxPool.start({ ...POOL, size: 2, docker: { socketPath: '/nonexistent/docker.sock' } })).rejects.toThrow(
      new Error('docker cannot run here: the Docker Engine cannot be reached: connect ENOENT /nonexistent/docker.sock'),
    );
  });
});

describe('a claim', () => {
  const pool = { image: 'sandbox', size: 8, runtime: 'runsc', labels: { team: 'a' }, docker: { socketPath: '/run/docker.sock', ca: Buffer.from('ca') } };

  it('may pass nothing, or repeat the pool\'s options with the pool\'s values', () => {
    expect(claimRefusal(pool, undefined)).toBe(undefined);
    expect(claimRefusal(pool, {})).toBe(undefined);
    expect(claimRefusal(pool, { image: 'sandbox', runtime: 'runsc', labels: { team: 'a' }, size: 8, cpus: undefined })).toBe(undefined);
    expect(claimRefusal(pool, { docker: { ca: Buffer.from('ca'), socketPath: '/run/docker.sock' } })).toBe(undefined);
  });

  const refused: [unknown, string][] = [
    [{ image: 'other' }, "DockerSandboxPool.claim: the pool cannot honour image: its containers are started with the pool's options (a claim may repeat them, not change them)"],
    [{ memoryBytes: 1_073_741_824 }, "DockerSandboxPool.claim: the pool cannot honour memoryBytes: its containers are started with the pool's options (a claim may repeat them, not change them)"],
    [{ home: { volume: 'agent-42' } }, "DockerSandboxPool.claim: the pool cannot honour home: its containers are started with the pool's options (a claim may repeat them, not change them)"],
    [{ labels: { team: 'a', agent: '42' } }, "DockerSandboxPool.claim: the pool cannot honour labels: its containers are started with the pool's options (a claim may repeat them, not change them)"],
    [{ image: 'sandbox', runtime: 'runc' }, "DockerSandboxPool.claim: the pool cannot honour runtime: its containers are started with the pool's options (a claim may repeat them, not change them)"],
    ['sandbox', "DockerSandboxPool.claim: options must be an object of the pool's options (got string)"],
    [null, "DockerSandboxPool.claim: options must be an object of the pool's options (got null)"],
    [[], "DockerSandboxPool.claim: options must be an object of the pool's options (got a list)"],
  ];
  it.each(refused)('of %j is refused in one line naming the first option the pool cannot honour', (claim, line) => {
    expect(claimRefusal(pool, claim)).toBe(line);
  });
});

describe('options compared by value', () => {
  it('are the same data whatever the order of their keys, undefined being absent', () => {
    expect(sameOption({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameOption({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameOption(Buffer.from('key'), new Uint8Array(Buffer.from('key')))).toBe(true);
  });

  it('differ by a value, a key, a list and an object, or a byte', () => {
    expect(sameOption({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameOption({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameOption([], {})).toBe(false);
    expect(sameOption(Buffer.from('key'), Buffer.from('kez'))).toBe(false);
  });
});

describe("a held helper's warm-up", () => {
  it('is one call of each kind a model makes first, in a run of its own, whose folder is then removed with .runs when nothing else is in it', () => {
    expect(warmUpLines()).toEqual([
      { callId: 'w1', line: '{"op":"file_read","args":{"path":".profile","limit":1},"run_id":"guilds-pool-warm-up","agent_id":"pool","call_id":"w1","default_cwd":""}\n' },
      { callId: 'w2', line: '{"op":"shell","args":{"command":"true"},"run_id":"guilds-pool-warm-up","agent_id":"pool","call_id":"w2","default_cwd":""}\n' },
      { callId: 'w3', line: '{"op":"shell_status","args":{},"run_id":"guilds-pool-warm-up","agent_id":"pool","call_id":"w3","default_cwd":""}\n' },
      { callId: 'w4', line: '{"op":"code_search","args":{"pattern":"PATH","path":".profile"},"run_id":"guilds-pool-warm-up","agent_id":"pool","call_id":"w4","default_cwd":""}\n' },
      {
        callId: 'w5',
        line: '{"op":"code_search","args":{"pattern":"PATH","path":".profile","mode":"content"},"run_id":"guilds-pool-warm-up","agent_id":"pool","call_id":"w5","default_cwd":""}\n',
      },
    ]);
    expect(DOCKER_POOL_WARM_UP_REMOVAL).toBe('rm -rf -- "$HOME/.runs/guilds-pool-warm-up" && { rmdir -- "$HOME/.runs" 2>/dev/null; true; }');
  });
});

describe('how many containers the pool starts now', () => {
  const counts = { size: 8, maxStarting: 4, ready: 8, waiting: 0, starting: 0, deferred: 0, backingOff: false };

  it('none while it holds its size', () => {
    expect(poolStartsNow(counts)).toBe(0);
  });

  it('none for a claimed container whose replacement is not due yet, one once it is', () => {
    expect(poolStartsNow({ ...counts, ready: 7, deferred: 1 })).toBe(0);
    expect(poolStartsNow({ ...counts, ready: 7, deferred: 0 })).toBe(1);
  });

  it('one for a claim waiting, at once, whatever replacements are not due yet', () => {
    expect(poolStartsNow({ ...counts, ready: 0, waiting: 1, deferred: 8 })).toBe(1);
  });

  it('one for each container claimed, at most maxStarting at once', () => {
    expect(poolStartsNow({ ...counts, ready: 7 })).toBe(1);
    expect(poolStartsNow({ ...counts, ready: 0 })).toBe(4);
    expect(poolStartsNow({ ...counts, ready: 0, starting: 3 })).toBe(1);
    expect(poolStartsNow({ ...counts, ready: 0, starting: 4 })).toBe(0);
  });

  it('one for each claim waiting on an empty pool, counting the starts under way, at most maxStarting at once: a burst of 50 claims is no storm of 50 starts', () => {
    expect(poolStartsNow({ ...counts, ready: 0, waiting: 42, starting: 0 })).toBe(4);
    expect(poolStartsNow({ ...counts, ready: 0, waiting: 42, starting: 4 })).toBe(0);
    expect(poolStartsNow({ ...counts, size: 1, maxStarting: 4, ready: 0, waiting: 2, starting: 2 })).toBe(1);
  });

  it('while backing off after a failed start, only for the waiting claims no start under way serves', () => {
    expect(poolStartsNow({ ...counts, ready: 0, backingOff: true })).toBe(0);
    expect(poolStartsNow({ ...counts, ready: 0, waiting: 1, backingOff: true })).toBe(1);
    expect(poolStartsNow({ ...counts, ready: 0, waiting: 1, starting: 1, backingOff: true })).toBe(0);
  });
});

describe("the pool's lines", () => {
  it('are these, word for word', () => {
    expect(poolSentences.closed).toBe('DockerSandboxPool.claim: the pool is closed');
    expect(poolSentences.closedDuringClaim).toBe('DockerSandboxPool.claim: the pool was closed during the claim');
    expect(poolSentences.closedBeforeFilled).toBe('DockerSandboxPool.filled: the pool was closed before it was filled');
    expect(poolSentences.helperNoAnswer(30)).toBe("the pool's container's helper did not answer its warm stream within 30 s");
    expect(poolSentences.warmUpLeft('rm: cannot remove')).toBe("the pool's container kept its warm-up run: rm: cannot remove");
    expect(poolSentences.notRemoved(3)).toBe("DockerSandboxPool.close: the Docker Engine did not remove 3 of the pool's containers; close() again tries again");
  });
});
