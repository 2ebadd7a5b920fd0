// Shell: the cd carries over also when the command sets its own EXIT trap or ends with exec.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callHelper, makeSandbox, type Sandbox } from '../../helpers/helper.js';

let sandbox: Sandbox;
let call = 0;
beforeEach(() => {
  sandbox = makeSandbox();
  mkdirSync(join(sandbox.home, 'sub'));
});
afterEach(() => sandbox.cleanup());

function shell(command: string, runId = 'r1') {
  return callHelper(sandbox, { op: 'shell', args: { command }, run_id: runId, call_id: `c${++call}` });
}
/** Where the run's next call starts. */
const nextFolder = (runId = 'r1') => shell('pwd', runId).text;

it('a command that sets its own EXIT trap: its trap runs, and the next call starts in the folder it left', () => {
  expect(shell("trap 'echo cleanup $?' EXIT; cd sub; false").text).toBe('cleanup 1\nexit_code: 1');
  expect(nextFolder()).toBe(join(sandbox.home, 'sub'));
});

it('a command that ends with exec: exec replaces the shell, and the next call starts in the folder it left', () => {
  expect(shell('cd sub; exec bash -c \'echo "replaced $PPID"\'').text).toMatch(/^replaced \d+$/);
  expect(nextFolder()).toBe(join(sandbox.home, 'sub'));
});

it('exec with only redirections still redirects the shell', () => {
  expect(shell('cd sub; exec 3>kept.txt; echo kept >&3; cat kept.txt; exec true').text).toBe('kept');
  expect(nextFolder()).toBe(join(sandbox.home, 'sub'));
});

it('a cd in a subshell or a pipeline does not count, even past exec', () => {
  expect(shell('(cd sub); cd sub | cat; echo "$(cd sub; pwd)"; exec true', 'r2').text).toBe(join(sandbox.home, 'sub'));
  expect(nextFolder('r2')).toBe(sandbox.home);
});

it('a failing cd reads as bash\'s own, with its line, and set -x shows the command alone', () => {
  expect(shell('echo a\ncd nope\npushd nope2', 'r3').text).toBe(
    'a\nbash: line 2: cd: nope: No such file or directory\nbash: line 3: pushd: nope2: No such file or directory\nexit_code: 1',
  );
  expect(shell('set -x; cd sub; trap "echo bye" EXIT', 'r3').text).toBe("+ cd sub\n+ trap 'echo bye' EXIT\n+ echo bye\nbye");
});

it(`a failing cd in a sourced file, or a popd in a function, reads as bash's own does (bash calls a function's file "environment" under -c)`, () => {
  mkdirSync(join(sandbox.home, 'lib'));
  expect(shell("printf 'true\\ncd nope\\n' > lib/steps.sh\n. lib/steps.sh\nf() {\n  popd\n}\nf", 'r4').text).toBe(
    'lib/steps.sh: line 2: cd: nope: No such file or directory\nenvironment: line 4: popd: directory stack empty\nexit_code: 1',
  );
});
