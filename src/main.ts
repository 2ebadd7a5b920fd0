// The entry point: the only impure module besides src/io/node.ts. It gathers the process's world,
// hands it to the app, and writes exactly one envelope line to stdout, whatever happens.
// Named imports: a namespace import makes the bundle copy all of node:fs at every start.
import { realpathSync, statSync, writeSync } from 'node:fs';
import { handle } from './app.js';
import { nodeIo } from './io/node.js';
import { describeFailure, encodeEnvelope, errorEnvelope, type Envelope } from './protocol/envelope.js';
import { normalizeAbsolute } from './paths.js';

const DEFAULT_RUN_DIR = '/run/guilds';
const STDOUT_FD = 1;
const WRITE_RETRY_WAIT_MS = 1;

let answered = false;

/**
 * Write the whole line with blocking writes: process.stdout may still hold data when the process
 * exits, and a pipe in non-blocking mode answers EAGAIN, which is waited out here.
 */
function writeAll(line: string): void {
  const bytes = Buffer.from(line, 'utf8');
  let written = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (written < bytes.length) {
    try {
      written += writeSync(STDOUT_FD, bytes, written, bytes.length - written);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, WRITE_RETRY_WAIT_MS);
      else return; // EPIPE and the like: nobody is reading any more.
    }
  }
}

function answer(envelope: Envelope): never {
  if (!answered) {
    answered = true;
    writeAll(encodeEnvelope(envelope) + '\n');
  }
  process.exit(0);
}

function fail(error: unknown): never {
  answer(errorEnvelope(describeFailure(error)));
}

/**
 * Told to stop (SIGTERM, SIGINT) while no op is running a process of its own, the helper still answers
 * with one envelope. An op that runs a process listens too; it stops the process and answers itself.
 */
function onStopSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  answer(errorEnvelope(`the helper was interrupted (${signal}) before it could answer`));
}

function homeFolder(): string {
  const home = process.env.HOME;
  if (!home || !home.startsWith('/')) throw new Error('HOME is not set to an absolute path');
  let real: string;
  try {
    real = realpathSync.native(home);
  } catch {
    throw new Error(`the home folder ${home} does not exist`);
  }
  if (!statSync(real).isDirectory()) throw new Error(`the home ${home} is not a folder`);
  return real;
}

async function main(): Promise<void> {
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  process.on('SIGTERM', onStopSignal);
  process.on('SIGINT', onStopSignal);
  let home: string;
  try {
    home = homeFolder();
  } catch (error) {
    answer(errorEnvelope((error as Error).message));
  }
  const runDir = normalizeAbsolute(process.env.GUILDS_RUN_DIR || DEFAULT_RUN_DIR);
  const io = nodeIo(home, runDir, process.env);
  answer(await handle(io, process.argv[2]));
}

main().catch(fail);
