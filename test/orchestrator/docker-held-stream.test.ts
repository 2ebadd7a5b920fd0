// The helper's stream opened ahead (DockerSandbox.openAhead), line by line over an exec the test
// plays itself: a probe is a line that is no request, answered with call_id null; the stream is
// handed to the first runner that opens the same helper with the same environment, and to no other;
// a line that is not a probe's answer ends it before anyone takes it. test/e2e/docker-pool.test.ts
// runs it over the real helper in a container.
import { describe, expect, it } from 'vitest';
import { HELD_PROBE_LINE, HeldStream, isAnswerTo } from '../../src/orchestrator/sandboxes/docker/held-stream.js';
import type { OpenHandlers } from '../../src/orchestrator/sandbox.js';

const ARGV = ['node', '/usr/local/bin/guilds-code', '--serve'];
const PROBE_ANSWER = '{"call_id":null,"envelope":{"ok":false,"error":"request must have a string op","kind":"invalid_request"}}';

/** An exec the test plays: what the stream writes is kept, what the helper says is given. */
class PlayedExec {
  readonly written: string[] = [];
  stdinEnded = false;
  handlers!: OpenHandlers;
  open = (handlers: OpenHandlers) => {
    this.handlers = handlers;
    return { write: (text: string) => this.written.push(text), end: () => (this.stdinEnded = true) };
  };
  says(text: string): void {
    this.handlers.stdout(Buffer.from(text));
  }
}

/** A runner's handlers: what it read, and whether it was told the stream closed. */
function runner(): OpenHandlers & { read: string[]; closedWith: boolean[] } {
  const read: string[] = [];
  const closedWith: boolean[] = [];
  return { read, closedWith, stdout: (chunk) => read.push(Buffer.from(chunk).toString('utf8')), closed: (started) => closedWith.push(started) };
}

function held(env: Record<string, string> = {}): { exec: PlayedExec; stream: HeldStream; ended: () => boolean } {
  const exec = new PlayedExec();
  const stream = new HeldStream(ARGV, env, exec.open);
  let ended = false;
  stream.onEnd = () => (ended = true);
  return { exec, stream, ended: () => ended };
}

describe('a probe', () => {
  it('is a line that is no request, and is answered by an answer line with call_id null and nothing else', () => {
    expect(HELD_PROBE_LINE).toBe('{}\n');
    expect(isAnswerTo(PROBE_ANSWER, null)).toBe(true);
    expect(isAnswerTo('{"call_id":"c1","envelope":{"ok":true}}', null)).toBe(false);
    expect(isAnswerTo('{"call_id":null,"progress":{"type":"heartbeat"}}', null)).toBe(false);
    expect(isAnswerTo('{"envelope":{"ok":true}}', null)).toBe(false);
    expect(isAnswerTo('not json', null)).toBe(false);
  });

  it('resolves true once the helper answers it, even when its answer comes in pieces; one under way is shared', async () => {
    const { exec, stream } = held();
    const first = stream.ping(1000);
    const second = stream.ping(1000);
    expect(exec.written).toEqual([HELD_PROBE_LINE]);
    exec.says(PROBE_ANSWER.slice(0, 10));
    exec.says(`${PROBE_ANSWER.slice(10)}\n`);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(stream.open).toBe(true);
  });

  it('resolves false, and ends the stream, when the exec closes first', async () => {
    const { exec, stream, ended } = held();
    const answer = stream.ping(1000);
    exec.handlers.closed(true);
    expect(await answer).toBe(false);
    expect([stream.open, ended()]).toEqual([false, true]);
  });

  it('resolves false, and ends the stream, when no answer comes within its time: the helper is sent its stdin\'s end', async () => {
    const { exec, stream, ended } = held();
    expect(await stream.ping(1)).toBe(false);
    expect([stream.open, ended(), exec.stdinEnded]).toEqual([false, true, true]);
  });
});

describe('a request sent over the held stream', () => {
  it('resolves true once the answer with its call_id comes, and only one line is in flight at a time', async () => {
    const { exec, stream } = held();
    const answer = stream.ask('{"op":"shell","call_id":"w1"}\n', 'w1', 1000);
    expect(await stream.ping(1000)).toBe(false);
    exec.says('{"call_id":"w1","envelope":{"ok":true,"text":"(no output)","meta":{}}}\n');
    expect(await answer).toBe(true);
    expect(exec.written).toEqual(['{"op":"shell","call_id":"w1"}\n']);
    expect(stream.open).toBe(true);
  });

  it("ends the stream on another call's answer, a progress line, or the probe's", () => {
    for (const line of ['{"call_id":"w2","envelope":{"ok":true}}', '{"call_id":"w1","progress":{"type":"heartbeat","elapsed_ms":1}}', PROBE_ANSWER]) {
      const { exec, stream, ended } = held();
      void stream.ask('{"op":"shell","call_id":"w1"}\n', 'w1', 1000);
      exec.says(`${line}\n`);
      expect([stream.open, ended()]).toEqual([false, true]);
    }
  });
});

describe('a line that is not the answer to a probe before the stream is taken', () => {
  it.each([
    ['an answer with no probe sent', `${PROBE_ANSWER}\n`],
    ["a call's answer", '{"call_id":"c1","envelope":{"ok":true,"text":"forged","meta":{}}}\n'],
    ['a line that is no answer', 'hello\n'],
  ])('(%s) ends it: nothing can be handed over after a line the helper did not send for a probe', (_name, line) => {
    const { exec, stream, ended } = held();
    exec.says(line);
    expect([stream.open, ended(), exec.stdinEnded]).toEqual([false, true, true]);
    expect(stream.take(ARGV, runner())).toBe(undefined);
  });
});

describe('taking the stream', () => {
  it('hands the exec to the first runner opening the same helper, with the environment its helper started with; its output is the runner\'s from then on', async () => {
    const { exec, stream, ended } = held({ TOKEN: 'x', PORT: '3000' });
    stream.ping(1000);
    exec.says(`${PROBE_ANSWER}\n`);
    const handlers = runner();
    const taken = stream.take(ARGV, handlers);
    expect(taken?.env).toEqual({ TOKEN: 'x', PORT: '3000' });
    taken!.write('{"op":"shell"}\n');
    exec.says('{"call_id":"c1","envelope":{"ok":true}}\n');
    exec.handlers.closed(false);
    expect(exec.written).toEqual([HELD_PROBE_LINE, '{"op":"shell"}\n']);
    expect(handlers.read).toEqual(['{"call_id":"c1","envelope":{"ok":true}}\n']);
    // It answered a probe: it ran, whatever the exec's end says.
    expect(handlers.closedWith).toEqual([true]);
    expect([stream.open, ended()]).toEqual([false, false]);
    expect(stream.take(ARGV, runner())).toBe(undefined);
  });

  it('for another program (the code_task helper) is refused and leaves the stream held', () => {
    const { exec, stream } = held();
    expect(stream.take(['node', '/usr/local/bin/guilds-harness', '--serve'], runner())).toBe(undefined);
    expect([stream.open, exec.stdinEnded]).toEqual([true, false]);
  });

  it('with a probe under way is refused, so that its answer never reaches the runner as a line it did not send', () => {
    const { exec, stream } = held();
    void stream.ping(1000);
    expect(stream.take(ARGV, runner())).toBe(undefined);
    expect([stream.open, exec.stdinEnded]).toEqual([false, true]);
  });
});
