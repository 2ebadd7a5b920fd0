// An elapsed time as the model reads it, in shell_status and in a slow shell command's last line.
const SECOND_MS = 1000;
const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 3600;
const DAY_SECONDS = 86_400;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `45s`, `3m04s`, `2h05m`, `3d04h`: two units at most, the larger one first; whole units, rounded down. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / SECOND_MS));
  if (seconds < MINUTE_SECONDS) return `${seconds}s`;
  if (seconds < HOUR_SECONDS) return `${Math.floor(seconds / MINUTE_SECONDS)}m${twoDigits(seconds % MINUTE_SECONDS)}s`;
  if (seconds < DAY_SECONDS) {
    return `${Math.floor(seconds / HOUR_SECONDS)}h${twoDigits(Math.floor((seconds % HOUR_SECONDS) / MINUTE_SECONDS))}m`;
  }
  return `${Math.floor(seconds / DAY_SECONDS)}d${twoDigits(Math.floor((seconds % DAY_SECONDS) / HOUR_SECONDS))}h`;
}
