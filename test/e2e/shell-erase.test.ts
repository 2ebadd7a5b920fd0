// Erase-line escapes through the built helper: the foreground result and the background log view.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killSandboxJobs, pollUntil, start, status } from '../helpers/background.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

const PROGRESS = "printf 'downloading 10%%\\r\\033[Kdone\\n'; printf 'progress 99%%\\033[2K\\rok\\n'; printf 'a\\033[2K\\033[1Gb\\r\\n'";

describe('erase-line escapes are applied before they are removed', () => {
  it('a foreground command shows each line as a terminal leaves it', () => {
    expect(callHelper(sandbox, { op: 'shell', args: { command: PROGRESS } }).text).toBe('done\nok\nb');
  });

  it('a redraw streamed over time, erase split between writes, shows the last state', () => {
    const command = "for i in 1 2 3; do printf 'step %s of 3\\r\\033' $i; sleep 0.05; printf '[K'; done; echo finished";
    expect(callHelper(sandbox, { op: 'shell', args: { command } }).text).toBe('finished');
  });

  it('the background log view shows the same', async () => {
    const started = start(sandbox, PROGRESS);
    expect(started.ok).toBe(true);
    const view = await pollUntil(
      () => status(sandbox, { id: 'b1' }),
      (envelope) => /^state: exited 0$/m.test(envelope.text ?? ''),
    );
    expect(view.text!.split('\n').slice(3).join('\n')).toBe('done\nok\nb');
  });
});

describe("the terminal's screen through the built helper", () => {
  it('wide characters, backspace, a saved cursor and a move up show as a terminal shows them', () => {
    const command =
      "printf '全本\\rab\\n'; printf 'spin |\\b/\\b-\\bok\\n'; printf 'progress 10%%\\0337 50%%\\0338100%%\\n'; " +
      "printf 'layer: waiting\\nDigest: ok\\033[1A\\r\\033[2Klayer: done\\033[1B\\n'; printf 'bell\\007\\n'";
    expect(callHelper(sandbox, { op: 'shell', args: { command } }).text).toBe('ab本\nspin ok\nprogress 10%100%\nlayer: done\nDigest: ok\nbell');
  });
});
