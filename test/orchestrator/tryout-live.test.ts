// The try-out's live lines (scripts/try-live.ts): every sentence, the terminal's frames as pure
// functions, and what a pipe gets from a call's updates, line for line.
import { describe, expect, it } from 'vitest';
import { nextLiveView, startLiveView, type LiveUpdate } from '../../src/orchestrator/index.js';
import type { ProgressEvent } from '../../src/contract/live-calls.js';
import {
  ERASE_LINE,
  eventLines,
  heartbeatLine,
  liveHeading,
  LivePrinter,
  noteLine,
  outputLine,
  skippedLine,
  statusLine,
  stepLine,
  terminalFrame,
} from '../../scripts/try-live.js';

function updates(row: string, events: ProgressEvent[]): LiveUpdate[] {
  let view = startLiveView(row);
  return events.map((event) => {
    view = nextLiveView(view, event);
    return { event, view };
  });
}

describe("the try-out's live sentences", () => {
  it('are these words', () => {
    expect(liveHeading('Run make')).toBe('▸ Run make');
    expect(outputLine('compiling a.c')).toBe('  │ compiling a.c');
    expect(skippedLine(4096)).toBe('  │ … 4096 bytes of output skipped');
    expect(stepLine({ kind: 'edit', text: 'src/greet.js', elapsed: '1m04s' })).toBe('  · 1m04s edit: src/greet.js');
    expect(heartbeatLine('15s')).toBe('  … still running (15s)');
    expect(noteLine('no events')).toBe('  (no events)');
  });

  it("give an output event's every line, what it skipped first; a step; a heartbeat only off a terminal", () => {
    const [output, skipped, step, heartbeat] = updates('Run make', [
      { type: 'output', text: 'a\n\nb\n', bytes: 5, elapsed_ms: 300 },
      { type: 'output', text: 'z\n', bytes: 9000, skipped_bytes: 8000, elapsed_ms: 600 },
      { type: 'step', kind: 'command', text: 'npm test', elapsed_ms: 64_000 },
      { type: 'heartbeat', elapsed_ms: 80_000 },
    ]);
    expect(eventLines(output!.event!, output!.view, true)).toEqual(['  │ a', '  │ ', '  │ b']);
    expect(eventLines(skipped!.event!, skipped!.view, false)).toEqual(['  │ … 8000 bytes of output skipped', '  │ z']);
    expect(eventLines(step!.event!, step!.view, true)).toEqual(['  · 1m04s command: npm test']);
    expect(eventLines(heartbeat!.event!, heartbeat!.view, false)).toEqual(['  … still running (1m20s)']);
    expect(eventLines(heartbeat!.event!, heartbeat!.view, true)).toEqual([]);
  });
});

describe("the terminal's status line, redrawn in place", () => {
  it('says the time run, the output so far and the row, cut under the width', () => {
    const view = { ...startLiveView('Run npm test'), outputBytes: 2048 };
    expect(statusLine(view, 74_500, 80)).toBe('  ⋯ running 1m14s · 2048 bytes of output · Run npm test');
    expect(statusLine(startLiveView('Run npm test'), 3_000, 80)).toBe('  ⋯ running 3s · Run npm test');
    expect(statusLine(view, 74_500, 24)).toBe('  ⋯ running 1m14s · 20…');
    expect([...statusLine(view, 74_500, 24)]).toHaveLength(23);
  });

  it('erases the status, prints the lines above it and draws it again; at the end leaves the line empty', () => {
    expect(ERASE_LINE).toBe('\r\u001b[2K');
    expect(terminalFrame(['  │ 1', '  │ 2'], '  ⋯ running 1s · Run x')).toBe('\r\u001b[2K  │ 1\n  │ 2\n  ⋯ running 1s · Run x');
    expect(terminalFrame([], '  ⋯ running 2s · Run x')).toBe('\r\u001b[2K  ⋯ running 2s · Run x');
    expect(terminalFrame([], null)).toBe('\r\u001b[2K');
  });
});

describe('a call printed live to a pipe', () => {
  it('is its heading, then each line as it comes, plain, and a blank line at the end', () => {
    const written: string[] = [];
    const printer = new LivePrinter({ write: (text) => void written.push(text), isTTY: false }, startLiveView('Run for i in 1 2'));
    for (const update of updates('Run for i in 1 2', [
      { type: 'output', text: '1\n', bytes: 2, elapsed_ms: 10 },
      { type: 'heartbeat', elapsed_ms: 15_010 },
      { type: 'output', text: '2\n', bytes: 4, elapsed_ms: 15_300 },
    ])) {
      printer.update(update);
    }
    printer.end();
    expect(written).toEqual(['▸ Run for i in 1 2\n  │ 1\n', '  … still running (15s)\n', '  │ 2\n', '\n']);
    expect(written.join('')).not.toMatch(/[\r\u001b]/);
  });

  it('prints nothing for a call that reported nothing', () => {
    const written: string[] = [];
    const printer = new LivePrinter({ write: (text) => void written.push(text), isTTY: false }, startLiveView('Read a.txt'));
    printer.end();
    expect(written).toEqual([]);
  });
});
