// The shape every harness fits: how to start it for a new task and for a resume, the environment that
// keeps it quiet and offline, and a pure parser of what it prints.
import { HARNESS_FINAL_MESSAGE_MAX_BYTES, HARNESS_REASON_MAX_CHARS } from '../../../limits.js';
import type { HarnessName } from '../contract.js';
import type { HeadTail } from '../../../text/head-tail.js';
import type { StepDeriver, StepLimits } from './steps.js';

export interface HarnessUsage {
  turns?: number;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
}

/** What a harness's output told about its run. */
export interface HarnessEvents {
  sessionId: string | null;
  /** Its last assistant message; null when it gave none. */
  finalMessage: HeadTail | null;
  /** The error it reported, as it said it (possibly several lines; the format makes it one). */
  error: string | null;
  /** The last line of its output that was no event (a CLI's own error message on stderr, say). */
  lastPlainLine: string | null;
  usage: HarnessUsage;
}

export interface HarnessParserLimits {
  /** The final message is kept up to this size (head and tail). */
  finalMessageMaxBytes: number;
  /** A reason or a plain line is kept up to this many characters. */
  reasonMaxChars: number;
}

/** The tool's own parser limits, which every adapter's parser takes. */
export const HARNESS_PARSER_LIMITS: HarnessParserLimits = {
  finalMessageMaxBytes: HARNESS_FINAL_MESSAGE_MAX_BYTES,
  reasonMaxChars: HARNESS_REASON_MAX_CHARS,
};

/** Lines in (in order, any number), what they told out. Memory stays bounded by the limits. */
export interface EventParser {
  line(text: string, clipped: boolean): void;
  result(): HarnessEvents;
}

export interface LaunchRequest {
  /** The repository: absolute; the harness runs there. */
  repo: string;
  /** The session to resume; null for a new one. */
  resumeId: string | null;
  /** For a new session of a harness that takes its id from the caller. */
  newSessionId: string | null;
  /** GUILDS_HARNESS_MODEL, when given. */
  model: string | null;
  /** GUILDS_HARNESS_COMMAND, for the command harness. */
  command: string | null;
}

export interface Launch {
  /** The program and its arguments; the brief is never among them (it goes to stdin). */
  argv: string[];
  /** Set on top of the command environment. */
  env: Record<string, string>;
}

export interface HarnessAdapter {
  name: HarnessName;
  /** The program looked for on PATH; null for the command harness, which runs through bash. */
  program: string | null;
  /** Whether the caller picks a new session's id (a UUID) and passes it in. */
  choosesSessionId: boolean;
  launch(request: LaunchRequest): Launch;
  parser(limits: HarnessParserLimits): EventParser;
  /** The progress steps of its JSON events (SPEC section 9); null for a harness whose output is shown as output. */
  steps: ((limits: StepLimits) => StepDeriver) | null;
}
