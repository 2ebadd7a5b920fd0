/// <reference lib="dom" />
// A running call on the page: a row (or a code task's block) under the flow that updates in place,
// its element kept while only its content changes: the time it has run, counted on each second; its
// latest output lines; a code task's steps as they come. The call's own row replaces it once it answers.
import { formatElapsed } from '../../../src/text/elapsed.js';
import { earlierStepsText } from '../live.js';
import type { LiveCall } from '../page-state.js';
import { el } from './dom.js';

function stepsElement(call: LiveCall): HTMLElement {
  const items = call.view.steps.map((step) =>
    el('li', { class: `step ${step.kind}` }, el('span', { class: 'step-time' }, step.elapsed), el('span', { class: 'step-kind' }, step.kind), el('span', { class: 'step-text' }, step.text)),
  );
  if (call.view.earlierSteps > 0) items.unshift(el('li', { class: 'earlier' }, earlierStepsText(call.view.earlierSteps)));
  return el('ol', { class: 'live-steps' }, ...items);
}

/** Fills `element` with the call as it is now; the element itself stays, so the row updates in place. */
function fill(element: HTMLElement, call: LiveCall): void {
  element.dataset.started = String(Date.now() - call.elapsedMs);
  const head = el(
    'div',
    { class: 'live-head' },
    el('span', { class: 'seq' }, String(call.seq)),
    el('span', { class: 'live-mark', 'aria-hidden': 'true' }, '⋯'),
    el('span', { class: 'summary' }, call.view.row),
    el('span', { class: 'elapsed' }, formatElapsed(call.elapsedMs)),
  );
  const parts: HTMLElement[] = [head];
  if (call.block) parts.push(stepsElement(call));
  if (call.lines.length > 0) parts.push(el('pre', { class: 'live-lines' }, call.lines.join('\n')));
  if (call.note !== undefined) parts.push(el('p', { class: 'note' }, call.note));
  element.replaceChildren(...parts);
}

/** The running call's element in `live`, made the first time, filled anew each time. */
export function showLive(live: HTMLElement, call: LiveCall): void {
  let element = live.querySelector<HTMLElement>(`:scope > [data-live-seq="${call.seq}"]`);
  if (element === null) {
    element = el('div', { class: `call running ${call.block ? 'code-task' : 'row'}`, 'data-live-seq': String(call.seq), 'aria-live': 'polite' });
    live.append(element);
  }
  fill(element, call);
}

/** The call has answered: its running element goes. */
export function endLive(live: HTMLElement, seq: number): void {
  live.querySelector(`:scope > [data-live-seq="${seq}"]`)?.remove();
}

/** Counts each running call's time on between its events. */
export function tickLive(live: HTMLElement): void {
  for (const element of live.querySelectorAll<HTMLElement>(':scope > [data-started]')) {
    const elapsed = element.querySelector('.elapsed');
    if (elapsed) elapsed.textContent = formatElapsed(Date.now() - Number(element.dataset.started));
  }
}
