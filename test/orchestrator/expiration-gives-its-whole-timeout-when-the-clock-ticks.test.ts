import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExecExpiration } from '../../src/orchestrator/expiration.js';

// CI once saw a 120 s exec arrive as 119,999 ms: the expiration read the clock twice, once for its
// deadline and once for the time it gives, and a millisecond ticked between the two reads.
describe('an expiration made while the clock ticks', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives exactly the timeout it was made with, and its deadline is that far from the one clock read', () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock++);
    const expiration = ExecExpiration.after(120_000);
    expect(expiration.timeoutMs).toBe(120_000);
    expect(expiration.deadline).toBe(1_120_000);
    expiration.dispose();
  });

  it('gives what is left of its deadline once the abort is set aside', () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock++);
    const expiration = ExecExpiration.after(120_000);
    clock = 1_050_000;
    const rest = expiration.deadlineOnly();
    expect(rest.deadline).toBe(1_120_000);
    expect(rest.timeoutMs).toBe(70_000);
    expiration.dispose();
    rest.dispose();
  });

  it('gives nothing, not a negative time, once its deadline has passed', () => {
    const expiration = new ExecExpiration(5_000, undefined, 9_000);
    expect(expiration.timeoutMs).toBe(0);
    expiration.dispose();
  });
});
