// Flips a name between inside and outside the home as fast as it can, until told to stop (stdin
// closes) or its count or time runs out, then prints how many flips it made.
//   link  <name> <targetA> <targetB>  the name is a link, atomically re-pointed by rename
//   swap  <name> <folder>  <target>   the name is a real folder, then a link to target, and back
import { renameSync, rmSync, symlinkSync } from 'node:fs';

const [mode, name, first, second, maxFlipsText, maxMsText] = process.argv.slice(2);
const maxFlips = Number(maxFlipsText);
const deadline = Date.now() + Number(maxMsText);

let stop = false;
process.stdin.on('end', () => (stop = true));
process.stdin.on('close', () => (stop = true));
process.stdin.resume();

let flips = 0;
const temp = `${name}.flip-${process.pid}`;

function step() {
  // Work in small bursts so that stdin's end is noticed between them.
  for (let i = 0; i < 200 && flips < maxFlips; i++) {
    if (mode === 'link') {
      rmSync(temp, { force: true });
      symlinkSync(flips % 2 === 0 ? second : first, temp);
      renameSync(temp, name);
    } else {
      // first: the parked real folder; second: the outside target.
      if (flips % 2 === 0) {
        renameSync(name, first);
        symlinkSync(second, temp);
        renameSync(temp, name);
      } else {
        renameSync(name, temp);
        rmSync(temp, { force: true });
        renameSync(first, name);
      }
    }
    flips++;
  }
  if (stop || flips >= maxFlips || Date.now() > deadline) finish();
  else setImmediate(step);
}

function finish() {
  // Leave the name as it started: a link to the first target, or the real folder.
  if (mode === 'swap' && flips % 2 === 1) {
    renameSync(name, temp);
    rmSync(temp, { force: true });
    renameSync(first, name);
  }
  process.stdout.write(`flips ${flips}\n`);
  process.exit(0);
}

// The reader starts racing only once flipping has begun.
process.stdout.write('ready\n');
step();
