// A helper started as root that acts as the agent (uid and gid 1000), as the sandbox image runs it,
// then signals `target` (a pid, or a group's id with `group`) through the helper's own signal
// functions, and says whether the signal went out.
import { actAs } from '../../../../src/io/node/identity.js';
import { signalProcess, signalProcessGroup } from '../../../../src/io/node/process.js';

const [how, target] = process.argv.slice(2);
actAs({ uid: 1000, gid: 1000 });
const sent = how === 'group' ? signalProcessGroup(Number(target), 'SIGTERM') : signalProcess(Number(target), 'SIGTERM');
process.stdout.write(sent ? 'sent\n' : 'refused\n');
