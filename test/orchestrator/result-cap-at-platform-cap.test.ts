// Orchestrator: lower CODE_RESULT_MAX_BYTES to the platform's 64 KiB cap.
import { expect, it } from 'vitest';
import { resultMaxBytes } from '../../src/orchestrator/request.js';
import { PLATFORM_RESULT_MAX_BYTES } from '../../src/limits.js';

it('a configured cap above the platform cap is the platform cap, so the helper shapes what the model gets', () => {
  expect(resultMaxBytes(1_000_000)).toBe(PLATFORM_RESULT_MAX_BYTES);
  expect(resultMaxBytes('200000')).toBe(PLATFORM_RESULT_MAX_BYTES);
});
