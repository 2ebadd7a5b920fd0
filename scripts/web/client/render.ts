/// <reference lib="dom" />
// The run's flow drawn from the view model: a row per call, a block per answered code_task, and
// the three views a row shows when opened (drawn then, so a long flow costs nothing until read).
import type { CallView, CodeTaskBlock, FlowItem, JsonNode, MetadataField, ResultPart, ResultView, TimingBar } from '../../../src/orchestrator/index.js';
import { el } from './dom.js';
import { renderMarkdown } from './markdown.js';

function containerLabel(node: JsonNode): string {
  const count = (node.children?.length ?? 0) + (node.omitted ?? 0);
  return node.type === 'array' ? `[ ${count} ${count === 1 ? 'item' : 'items'} ]` : `{ ${count} ${count === 1 ? 'key' : 'keys'} }`;
}

/** A JSON value as nested <details>: each object or array folds and unfolds on its own. */
export function jsonTreeElement(node: JsonNode): HTMLElement {
  const key = node.key === undefined ? null : el('span', { class: 'json-key' }, node.key, ': ');
  if (node.children === undefined) {
    return el('div', { class: 'json-leaf' }, key, el('span', { class: `json-${node.type}` }, node.text ?? ''));
  }
  const items = node.children.map((child) => el('li', {}, jsonTreeElement(child)));
  if (node.omitted) items.push(el('li', { class: 'json-omitted' }, `… ${node.omitted} more`));
  return el(
    'details',
    { class: 'json-node', open: '' },
    el('summary', {}, key, el('span', { class: 'json-size' }, containerLabel(node))),
    el('ul', {}, ...items),
  );
}

/**
 * A part of the Markdown view: code as text nodes in <pre><code>, so that no character of it can
 * become anything else; Markdown as markdown-it renders it with raw HTML off.
 */
function partElement(part: ResultPart): HTMLElement {
  if (part.type === 'code') return el('pre', { class: 'code' }, el('code', {}, part.text));
  const prose = el('div', { class: 'prose' });
  // markdown-it's output with raw HTML off: one of the two places HTML is set, behind the page's CSP.
  prose.innerHTML = renderMarkdown(part.text);
  return prose;
}

/**
 * What a code_task's Result view shows until Raw is pressed: its text is the block above, drawn, and
 * drawing it again would show the diffstat and the final message twice.
 */
export const CODE_TASK_RESULT_NOTE = 'The block above is this result: its status line, diffstat, final message and log. Raw shows the text as returned.';

/** `drawnAbove`: a code_task's result, which its block already draws. */
function resultSection(result: ResultView, ok: boolean, drawnAbove: boolean): HTMLElement {
  const renderedName = drawnAbove ? 'Block' : result.kind === 'json' ? 'Tree' : 'Markdown';
  const rendered = el('div', { class: drawnAbove ? 'rendered drawn-above' : `rendered ${result.kind}` });
  if (drawnAbove) rendered.append(el('p', { class: 'note' }, CODE_TASK_RESULT_NOTE));
  else if (result.kind === 'json' && result.tree) rendered.append(jsonTreeElement(result.tree));
  else rendered.append(...result.parts.map(partElement));
  const raw = el('pre', { class: 'raw', hidden: '' }, result.text);
  const renderedButton = el('button', { type: 'button', class: 'mode', 'aria-pressed': 'true' }, renderedName);
  const rawButton = el('button', { type: 'button', class: 'mode', 'aria-pressed': 'false' }, 'Raw');
  const show = (showRaw: boolean): void => {
    raw.hidden = !showRaw;
    rendered.hidden = showRaw;
    rawButton.setAttribute('aria-pressed', String(showRaw));
    renderedButton.setAttribute('aria-pressed', String(!showRaw));
  };
  renderedButton.addEventListener('click', () => show(false));
  rawButton.addEventListener('click', () => show(true));
  return el(
    'section',
    { class: 'view result' },
    el('h3', {}, ok ? 'Result' : 'Result (failed)'),
    el('div', { class: 'modes', role: 'group', 'aria-label': 'Result as' }, renderedButton, rawButton),
    result.cut ? el('p', { class: 'note' }, 'The text was cut to stay under the cap.') : null,
    rendered,
    raw,
  );
}

/**
 * Where the call's time went, as a small waterfall: a row per part, its bar placed in the call's
 * time. Widths are set through the CSSOM, which the page's CSP allows where a style attribute is not.
 */
function waterfallElement(bars: readonly TimingBar[]): HTMLElement {
  const rows = bars.map((bar) => {
    const fill = el('span', { class: 'bar' });
    fill.style.marginLeft = `${bar.offsetPercent}%`;
    fill.style.width = `${bar.widthPercent}%`;
    return el(
      'li',
      { class: `timing-part depth-${bar.depth}` },
      el('span', { class: 'timing-label' }, bar.label),
      el('span', { class: 'track' }, fill),
      el('span', { class: 'timing-duration' }, bar.duration),
    );
  });
  return el('ol', { class: 'waterfall', 'aria-label': 'Where the time went' }, ...rows);
}

function metadataSection(fields: readonly MetadataField[], timing: readonly TimingBar[] | undefined): HTMLElement {
  const list = el('dl', {});
  for (const field of fields) list.append(el('dt', {}, field.label), el('dd', {}, field.value));
  return el('section', { class: 'view metadata' }, el('h3', {}, 'Metadata'), list, timing === undefined ? null : waterfallElement(timing));
}

export function viewsElement(call: CallView, drawnAbove = false): HTMLElement {
  return el(
    'div',
    { class: 'views' },
    el('section', { class: 'view arguments' }, el('h3', {}, 'Arguments'), jsonTreeElement(call.arguments.tree)),
    resultSection(call.result, call.ok, drawnAbove),
    metadataSection(call.metadata, call.timing),
  );
}

function blockElement(block: CodeTaskBlock): HTMLElement {
  const message = el('div', { class: 'final-message markdown' });
  message.innerHTML = renderMarkdown(block.finalMessage || '(no final message)');
  return el(
    'div',
    { class: 'block-body' },
    el('pre', { class: 'diffstat' }, block.diffstat.join('\n')),
    message,
    el('p', { class: 'log' }, 'log: ', el('code', {}, block.log)),
  );
}

/** Appends the call's views to `details` the first time it is opened. */
function drawViewsOnOpen(details: HTMLDetailsElement, call: CallView, drawnAbove = false): HTMLDetailsElement {
  details.addEventListener('toggle', () => {
    if (details.open && !details.querySelector(':scope > .views')) details.append(viewsElement(call, drawnAbove));
  });
  return details;
}

/**
 * A row that opens on its views; or a code_task's block, shown open (its diffstat, final message and
 * log are what the app shows of it), with the views one click further.
 */
export function flowItemElement(item: FlowItem): HTMLElement {
  const { call } = item;
  const seq = el('span', { class: 'seq' }, String(call.seq));
  const attributes = { 'data-seq': String(call.seq), 'data-tool': call.tool };
  if (item.type === 'block') {
    const views = drawViewsOnOpen(el('details', { class: 'call-views' }, el('summary', {}, 'Arguments · Result · Metadata')), call, true);
    return el(
      'details',
      { class: `call code-task ${call.ok ? 'ok' : 'failed'}`, open: '', ...attributes },
      el('summary', {}, seq, el('span', { class: 'title' }, `Code task: ${item.block.title}`), el('span', { class: 'headline' }, item.block.headline)),
      blockElement(item.block),
      views,
    );
  }
  const summary = el(
    'summary',
    {},
    seq,
    call.ok ? null : el('span', { class: 'failed-mark', title: call.kind ?? 'failed' }, '✗'),
    el('span', { class: 'summary' }, call.summary),
  );
  return drawViewsOnOpen(el('details', { class: `call row ${call.ok ? 'ok' : 'failed'}`, ...attributes }, summary), call);
}
