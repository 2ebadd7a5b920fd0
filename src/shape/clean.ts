// Terminal output as a person would see it: ANSI escapes removed, carriage-return redraws applied.
// A first whole-text version; the shell op brings the streaming cleaner with the same result.
import stripAnsi from 'strip-ansi';

export function cleanTerminalOutput(text: string): string {
  return stripAnsi(text)
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => {
      const parts = line.split('\r');
      let shown = '';
      for (const part of parts) shown = part + shown.slice(part.length);
      return shown;
    })
    .join('\n');
}
