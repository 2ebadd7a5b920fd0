// What a shell command learns of its time and of a world with nobody to answer a prompt: meta's
// elapsed_ms, and the headless git/gh environment, through the built helper with a real git.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.cleanup());

const shell = (command: string, env: Record<string, string> = {}) => callHelper(sandbox, { op: 'shell', args: { command } }, env);

it('git commit without -m fails at once with git\'s own message, in a real repository', () => {
  const envelope = shell(
    'git init -q repo && cd repo && git config user.name t && git config user.email t@example.com && ' +
      'git config core.editor vi && echo a > a.txt && git add a.txt && git commit',
  );
  expect(envelope.text).toBe(
    "error: There was a problem with the editor 'false'.\nPlease supply the message using either -m or -F option.\nexit_code: 1",
  );
});

it('an agent\'s own editor is left to git', () => {
  expect(shell('echo "${GIT_EDITOR-unset} $EDITOR"', { EDITOR: 'nano' }).text).toBe('unset nano');
});

it('prompts are off and askpass programs fail at once', () => {
  expect(shell('echo $GH_PROMPT_DISABLED $GCM_INTERACTIVE; $GIT_ASKPASS "Username:"; echo $?; $SSH_ASKPASS; echo $?').text).toBe('1 never\n1\n1');
});

it('meta says how long the command ran, in milliseconds, and a quick command says nothing of it', () => {
  const envelope = shell('sleep 0.2');
  expect(envelope.text).toBe('(no output)');
  expect(envelope.meta!.elapsed_ms).toBeGreaterThanOrEqual(200);
});
