// A running call as the page keeps it (scripts/web/live.ts): its latest lines, its steps through its
// view, the note; and the Server-Sent Events framing.
import { describe, expect, it } from 'vitest';
import { earlierStepsText, nextLiveCall, serverSentEvent, startLiveCall } from '../../scripts/web/live.js';
import { nextLiveView, startLiveView } from '../../src/orchestrator/index.js';
import { LIVE_LINE_MAX_CHARS } from '../../src/limits.js';

describe('a running call on the page', () => {
  it('keeps its latest lines, the latest last, each clipped as a live line is', () => {
    let call = startLiveCall(3, 'shell', 'Run make', false);
    expect(call).toEqual({ seq: 3, tool: 'shell', block: false, view: startLiveView('Run make'), lines: [], elapsedMs: 0 });
    let view = call.view;
    for (const text of ['a\nb\n', 'c\n\nd\n', `${'x'.repeat(LIVE_LINE_MAX_CHARS + 5)}\n`]) {
      const event = { type: 'output' as const, text, bytes: 1, elapsed_ms: 1 };
      view = nextLiveView(view, event);
      call = nextLiveCall(call, { event, view }, 4);
    }
    expect(call.lines).toEqual(['c', '', 'd', `${'x'.repeat(LIVE_LINE_MAX_CHARS - 1)}…`]);
    expect(call.view).toBe(view);
  });

  it("takes a step through the view, a heartbeat's time, and the note", () => {
    const start = startLiveCall(1, 'code_task', 'Code task: x', true);
    const event = { type: 'step' as const, kind: 'edit' as const, text: 'src/a.ts', elapsed_ms: 2000 };
    const stepped = nextLiveCall(start, { event, view: nextLiveView(start.view, event) });
    expect(stepped.view.steps).toEqual([{ kind: 'edit', text: 'src/a.ts', elapsed: '2s' }]);
    expect(stepped.lines).toEqual([]);
    expect(nextLiveCall(start, { event: null, view: start.view, note: 'no events' }).note).toBe('no events');
  });

  it("says a code task's earlier steps in these words", () => {
    expect(earlierStepsText(1)).toBe('… 1 earlier step');
    expect(earlierStepsText(12)).toBe('… 12 earlier steps');
  });

  it('travels as one Server-Sent Event: its name, its JSON on one data line', () => {
    expect(serverSentEvent('live', { a: 'x\ny' })).toBe('event: live\ndata: {"a":"x\\ny"}\n\n');
  });
});
