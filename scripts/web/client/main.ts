/// <reference lib="dom" />
// The page: the run's flow and its running call from /api/live (Server-Sent Events), and the form
// that makes a new call.
import { WEB_LIVE_TICK_MS } from '../../../src/limits.js';
import type { FlowItem, ToolDeclaration } from '../../../src/orchestrator/index.js';
import type { CallResponse, LiveCall, PageState } from '../page-state.js';
import { el } from './dom.js';
import { formArguments, formFields, missingRequired, type FieldValue, type FormField } from './form.js';
import { endLive, showLive, tickLive } from './live.js';
import { flowItemElement } from './render.js';

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function fieldElement(field: FormField): HTMLElement {
  const id = `arg-${field.name}`;
  let control: HTMLElement;
  if (field.control === 'boolean') control = el('input', { type: 'checkbox', id, name: field.name });
  else if (field.control === 'choice') {
    control = el('select', { id, name: field.name }, el('option', { value: '' }, field.placeholder ? `(default: ${field.placeholder})` : '(none)'));
    for (const choice of field.choices ?? []) control.append(el('option', { value: choice }, choice));
  } else if (field.control === 'integer') {
    const attributes: Record<string, string> = { type: 'text', inputmode: 'numeric', id, name: field.name };
    if (field.placeholder) attributes.placeholder = field.placeholder;
    control = el('input', attributes);
  } else if (field.control === 'lines') {
    control = el('textarea', { id, name: field.name, rows: '2', spellcheck: 'false' });
  } else {
    control = el('input', { type: 'text', id, name: field.name, spellcheck: 'false', autocomplete: 'off' });
  }
  // The form is novalidate: the status line says what is missing, not a browser bubble.
  if (field.required) control.setAttribute('aria-required', 'true');
  const range = field.minimum !== undefined && field.maximum !== undefined ? ` (${field.minimum} to ${field.maximum})` : '';
  return el(
    'div',
    { class: `field ${field.control}` },
    el('label', { for: id }, field.name, field.required ? ' (required)' : '', range),
    control,
    el('p', { class: 'description' }, field.description),
  );
}

function formValues(fields: readonly FormField[]): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    const control = byId<HTMLInputElement>(`arg-${field.name}`);
    values[field.name] = field.control === 'boolean' ? control.checked : control.value;
  }
  return values;
}

/**
 * An answered call in the flow, in step order, where its running element was; once: the stream and
 * the form's answer both bring it, and a row the reader opened stays as it is.
 */
function showItem(flow: HTMLElement, live: HTMLElement, item: FlowItem): HTMLElement {
  endLive(live, item.call.seq);
  const shown = flow.querySelector<HTMLElement>(`:scope > [data-seq="${item.call.seq}"]`);
  if (shown !== null) return shown;
  const element = flowItemElement(item);
  const later = [...flow.querySelectorAll<HTMLElement>(':scope > [data-seq]')].find((other) => Number(other.dataset.seq) > item.call.seq);
  flow.insertBefore(element, later ?? null);
  return element;
}

function setUpForm(declarations: readonly ToolDeclaration[], flow: HTMLElement, live: HTMLElement): void {
  const select = byId<HTMLSelectElement>('tool');
  const fieldsBox = byId('fields');
  const status = byId('call-status');
  const button = byId<HTMLButtonElement>('run-call');
  for (const declaration of declarations) select.append(el('option', { value: declaration.name }, declaration.name));
  let fields: FormField[] = [];
  const showTool = (): void => {
    const declaration = declarations.find((candidate) => candidate.name === select.value)!;
    fields = formFields(declaration);
    byId('tool-description').textContent = declaration.description;
    fieldsBox.replaceChildren(...fields.map(fieldElement));
  };
  select.addEventListener('change', showTool);
  showTool();
  byId<HTMLFormElement>('new-call').addEventListener('submit', (event) => {
    event.preventDefault();
    const values = formValues(fields);
    const missing = missingRequired(fields, values);
    if (missing !== undefined) {
      status.textContent = missing;
      const first = fields.find((field) => field.required && missingRequired([field], values) !== undefined);
      if (first) byId(`arg-${first.name}`).focus();
      return;
    }
    button.disabled = true;
    status.textContent = 'running…';
    const body = JSON.stringify({ tool: select.value, args: formArguments(fields, values) });
    fetch('/api/call', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
      .then((response) => response.json() as Promise<CallResponse>)
      .then((answer) => {
        if ('error' in answer) throw new Error(answer.error);
        const element = showItem(flow, live, answer.item);
        element.scrollIntoView({ block: 'nearest' });
        status.textContent = `step ${answer.item.call.seq}: ${answer.item.call.summary}`;
      })
      .catch((error: unknown) => {
        status.textContent = `not run: ${error instanceof Error ? error.message : String(error)}`;
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** The run as the server streams it: its state at each (re)connection, then each change. */
function start(): void {
  const flow = byId('flow');
  const live = byId('live');
  const about = byId('about');
  let formMade = false;
  const source = new EventSource('/api/live');
  source.addEventListener('state', (event) => {
    const state = JSON.parse((event as MessageEvent<string>).data) as PageState;
    about.textContent = `sandbox: ${state.sandbox} · home: ${state.home} · run: ${state.runId}, starting in ${state.startsIn}`;
    for (const item of state.flow) showItem(flow, live, item);
    live.replaceChildren();
    for (const call of state.running) showLive(live, call);
    if (!formMade) setUpForm(state.declarations, flow, live);
    formMade = true;
  });
  source.addEventListener('live', (event) => showLive(live, JSON.parse((event as MessageEvent<string>).data) as LiveCall));
  source.addEventListener('item', (event) => void showItem(flow, live, JSON.parse((event as MessageEvent<string>).data) as FlowItem));
  source.addEventListener('error', () => {
    // The browser connects again by itself; until the first state, the page says why it is empty.
    if (!formMade) about.textContent = 'The page could not load the run: its server does not answer';
  });
  setInterval(() => tickLive(live), WEB_LIVE_TICK_MS);
}

start();
