// The new-call form comes from the declarations' JSON Schemas, so it can never offer what a tool
// does not take.
import { describe, expect, it } from 'vitest';
import { CODE_TOOL_DECLARATIONS } from '../../src/orchestrator/index.js';
import { formArguments, formFields, missingRequired } from '../../scripts/web/client/form.js';

const declaration = (name: string) => CODE_TOOL_DECLARATIONS.find((candidate) => candidate.name === name)!;

describe('the form of a tool', () => {
  it('has one field per property of every declaration, in order, required as declared', () => {
    for (const tool of CODE_TOOL_DECLARATIONS) {
      const fields = formFields(tool);
      expect(fields.map((field) => field.name)).toEqual(Object.keys(tool.parameters.properties));
      expect(fields.filter((field) => field.required).map((field) => field.name)).toEqual(tool.parameters.required);
      expect(fields.map((field) => field.description)).toEqual(Object.values(tool.parameters.properties).map((schema) => schema.description));
    }
  });

  it("is shell's: a required command, a bounded timeout with its default, a background box", () => {
    expect(formFields(declaration('shell'))).toEqual([
      { name: 'command', control: 'lines', required: true, description: 'The bash command to run.' },
      {
        name: 'timeout_seconds',
        control: 'integer',
        required: false,
        description: 'Seconds before the command is stopped (default 120, 1 to 600).',
        minimum: 1,
        maximum: 600,
        placeholder: '120',
      },
      {
        name: 'background',
        control: 'boolean',
        required: false,
        description: 'Start the command in the background and return at once with its id (b1, b2, …) and log.',
        placeholder: 'false',
      },
    ]);
  });

  it('gives a path, a pattern, a glob, an id, a repository and a session one-line inputs, and a command, a brief and notes text areas', () => {
    const controls = Object.fromEntries(
      CODE_TOOL_DECLARATIONS.flatMap((tool) => formFields(tool).filter((field) => field.control === 'text' || field.control === 'lines').map((field) => [`${tool.name}.${field.name}`, field.control])),
    );
    expect(controls).toEqual({
      'shell.command': 'lines',
      'shell_status.id': 'text',
      'file_read.path': 'text',
      'code_search.pattern': 'text',
      'code_search.path': 'text',
      'code_search.glob': 'text',
      'code_task.brief': 'lines',
      'code_task.repo': 'text',
      'code_task.session_id': 'text',
      'code_task.notes': 'lines',
    });
  });

  it("offers code_search's modes as the enum lists them", () => {
    expect(formFields(declaration('code_search')).find((field) => field.name === 'mode')).toMatchObject({ control: 'choice', choices: ['files', 'content'] });
  });
});

describe('the arguments a form sends', () => {
  const fields = formFields(declaration('file_read'));

  it('leaves empty fields out, for the tool to apply its defaults', () => {
    expect(formArguments(fields, { path: 'src/a.ts', offset: '', limit: '' })).toEqual({ path: 'src/a.ts' });
  });

  it('sends a whole number as a number', () => {
    expect(formArguments(fields, { path: 'a', offset: ' 3 ', limit: '-2' })).toEqual({ path: 'a', offset: 3, limit: -2 });
  });

  it('sends any other text as typed, for the call to say what is wrong', () => {
    expect(formArguments(fields, { path: 'a', limit: '2.5' })).toEqual({ path: 'a', limit: '2.5' });
  });

  it('sends a ticked box as true and leaves an unticked one out', () => {
    const shell = formFields(declaration('shell'));
    expect(formArguments(shell, { command: 'ls', background: true })).toEqual({ command: 'ls', background: true });
    expect(formArguments(shell, { command: 'ls', background: false })).toEqual({ command: 'ls' });
  });

  it('keeps a multi-line text whole', () => {
    expect(formArguments(formFields(declaration('code_task')), { brief: 'a\r\nb\n' })).toEqual({ brief: 'a\r\nb\n' });
  });
});

describe('a required field left empty', () => {
  const shell = formFields(declaration('shell'));

  it('is said in the status line, and the call is not sent', () => {
    expect(missingRequired(shell, { command: '', background: true })).toBe('not run: command is required');
  });

  it('lets a blank text go, for the tool to say what is wrong with it', () => {
    expect(missingRequired(shell, { command: ' \n ' })).toBeUndefined();
  });

  it('names every empty required field', () => {
    const fields = [...shell, { name: 'brief', control: 'lines' as const, required: true, description: '' }];
    expect(missingRequired(fields, {})).toBe('not run: command and brief are required');
  });

  it('says nothing when every required field holds something', () => {
    expect(missingRequired(shell, { command: 'ls' })).toBeUndefined();
    expect(missingRequired(formFields(declaration('shell_status')), {})).toBeUndefined();
  });
});
