/**
 * Where the one pacing rule (pace-policy.ts) keeps its state: the store contract, and the store in
 * memory, which the client's pacer (one key per origin) and a gateway alone use. The gateway's shared
 * pace keeps the same state in Redis (server/redis-pace.ts), on Redis's clock.
 */
import {
  PACE_START,
  type PaceRules,
  type PaceState,
  type PaceTake,
  type PaceTicket,
  paceLearn,
  paceTake,
} from "./pace-policy.js";
import type { RateLimitInfo } from "./rate-limit.js";

export type { HoldReason, PaceRules, PaceTake, PaceTicket } from "./pace-policy.js";

/**
 * One budget per key, paced by the one rule. A store may answer at once or in a promise; its clock is its
 * own (`now` is the caller's, which a store on another clock ignores), so its decisions are in ms from now.
 */
export interface PaceStore {
  /**
   * Whether a request to the budget of `key` may go: now, or in `waitMs` when only the spacing of
   * requests holds it and its slot comes within `reserveMs` (0: go now or not at all).
   */
  take(key: string, now: number, rules: PaceRules, reserveMs: number): PaceTake | Promise<PaceTake>;
  /**
   * The request of `ticket` ended: with its answer's `status` and rate limit (as the exchange read
   * them), or with neither when no answer came.
   */
  learn(
    key: string,
    ticket: PaceTicket,
    now: number,
    rules: PaceRules,
    status?: number,
    rateLimit?: RateLimitInfo,
  ): void | Promise<void>;
}

/** The store in memory: it answers at once. */
export interface MemoryPaceStore extends PaceStore {
  take(key: string, now: number, rules: PaceRules, reserveMs: number): PaceTake;
  learn(
    key: string,
    ticket: PaceTicket,
    now: number,
    rules: PaceRules,
    status?: number,
    rateLimit?: RateLimitInfo,
  ): void;
}

/** A store in this process's memory, on the caller's clock. */
export function createMemoryPace(): MemoryPaceStore {
  const states = new Map<string, PaceState>();
  return {
    take(key, now, rules, reserveMs) {
      const before = states.get(key) ?? PACE_START;
      const { take, state } = paceTake(before, now, rules, now + reserveMs);
      if (state !== before) states.set(key, state);
      return take;
    },
    learn(key, ticket, now, rules, status, rateLimit) {
      states.set(key, paceLearn(states.get(key) ?? PACE_START, ticket, now, rules, status, rateLimit));
    },
  };
}
