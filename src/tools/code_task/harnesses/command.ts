// The command harness: a platform's own program, run by bash from GUILDS_HARNESS_COMMAND. It reads the
// brief on stdin, gets GUILDS_SESSION_ID (empty for a new session) and GUILDS_REPO, and may print
// JSON lines {"type":"session","id":…}, {"type":"final","text":…}, {"type":"error","message":…};
// everything else is log. With no final line, its last paragraph of plain output is the final message.
import { HeadTailBuilder, type HeadTail } from '../../../text/head-tail.js';
import { jsonObjectOf, ParserState, stringAt } from './events.js';
import type { EventParser, HarnessAdapter, HarnessParserLimits, LaunchRequest } from './types.js';

export const SESSION_ID_VARIABLE = 'GUILDS_SESSION_ID';
export const REPO_VARIABLE = 'GUILDS_REPO';

function launch(request: LaunchRequest) {
  return {
    argv: ['bash', '-c', request.command ?? ''],
    env: { [SESSION_ID_VARIABLE]: request.resumeId ?? '', [REPO_VARIABLE]: request.repo },
  };
}

class CommandParser implements EventParser {
  private readonly state: ParserState;
  private final: HeadTail | null = null;
  // The paragraph being read, and the last one finished: a blank line ends a paragraph.
  private paragraph: HeadTailBuilder;
  private lastParagraph: HeadTail | null = null;

  constructor(private readonly limits: HarnessParserLimits) {
    this.state = new ParserState(limits);
    this.paragraph = new HeadTailBuilder(limits.finalMessageMaxBytes);
  }

  line(text: string, clipped: boolean): void {
    const event = jsonObjectOf(text, clipped);
    if (event !== null) {
      if (event.type === 'session' && typeof event.id === 'string') return this.state.session(event.id);
      if (event.type === 'final' && typeof event.text === 'string') {
        this.final = this.state.message(event.text);
        return;
      }
      if (event.type === 'error' && typeof event.message === 'string') return this.state.reportError(stringAt(event, 'message'));
    }
    this.state.plain(text);
    if (text.trim() === '') {
      this.closeParagraph();
      return;
    }
    if (!this.paragraph.isEmpty()) this.paragraph.append('\n');
    this.paragraph.append(text);
  }

  private closeParagraph(): void {
    if (this.paragraph.isEmpty()) return;
    this.lastParagraph = this.paragraph.value();
    this.paragraph = new HeadTailBuilder(this.limits.finalMessageMaxBytes);
  }

  result() {
    this.closeParagraph();
    return this.state.events(this.final ?? this.lastParagraph, {});
  }
}

export const commandHarness: HarnessAdapter = {
  name: 'command',
  program: null,
  choosesSessionId: false,
  launch,
  parser: (limits) => new CommandParser(limits),
  // Its output is shown as a shell command's is: as output events, not steps.
  steps: null,
};
