// The types of skip-reasons.mjs, which CI's summary runs as plain JavaScript.
export function skipReasonLines(skippedNames: readonly string[]): string[];
