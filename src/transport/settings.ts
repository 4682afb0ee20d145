/**
 * The shapes the transport is configured with: the limits a call may override, the pacer slot, and what
 * `onRetry` is told. Types only; the defaults live in `shared/defaults.ts`.
 */

import type { OperationId } from "../spec/types.js";
import type { RateLimitInfo } from "./pacer/rate-limit-headers.js";

/** What {@link LookupClientOptions.onRetry} is told before each retry. */
export interface RetryEvent {
  /** The request being retried (without the API key). */
  request: Request;
  /** Retries made so far, this one included (1 for the first retry). */
  retry: number;
  /** How long the client waits before sending it again, in ms. */
  delayMs: number;
  /** Why it is retried, e.g. `rate limited` or `server error 503`. */
  reason: string;
  /** The status that caused it, when there was an answer. */
  status?: number | undefined;
}

/**
 * Called when an attempt the pacer let through has ended: with the answer when one came and the rate-limit
 * facts the attempt loop read of it (the pacer learns from them; read of the answer when not given), with
 * nothing when none came. Calls after the first are ignored.
 */
export type PacerSettle = (answer?: Response, rateLimit?: RateLimitInfo) => void;

/** A request the pacer held, let through: its settle function, and what held it, in order, in words (for the log). */
export interface HeldRelease {
  settle: PacerSettle;
  heldFor: string;
}

/** Holds requests back before a service refuses them (rate limits). A slot the attempt loop calls per attempt. */
export interface Pacer {
  /**
   * Lets a request to `url` go: at once (the settle function), or after a hold (a promise of the settle
   * function and what held the request last); rejects with the signal's reason when it aborts, or with
   * `rate_limited` when the service's pause is too long to wait or ends after `deadline` (ms on the
   * client's `now()` clock; none for raw calls). `operationId` names the request's operation in that error.
   */
  wait(
    url: URL,
    signal: AbortSignal,
    deadline?: number,
    operationId?: OperationId,
  ): PacerSettle | Promise<HeldRelease>;
}

/** Limits that a call may override. */
export interface AttemptLimits {
  timeoutMs: number;
  maxRetries: number;
}

/** When a whole call must end, on the client's `now()` clock, and the `totalTimeoutMs` it was given. */
export interface Deadline {
  at: number;
  totalMs: number;
}

/**
 * One lookup's call as the transport runs it, made by the lookup and passed down (never written to): its
 * operation, the URL it built (a request still at it is not matched to an operation again), its limits
 * and its deadline. A raw call has none.
 */
export interface LookupCall {
  readonly operationId: OperationId;
  readonly href: string;
  readonly limits: AttemptLimits;
  readonly deadline: Deadline;
}

/** What a call ended with, returned up: its final answer and the attempts that took (none when a middleware answered). */
export interface CallAnswer {
  readonly response: Response;
  readonly attempts: number | undefined;
}

/** What the pipeline returns for a call: its answer, the rate-limit facts read of it, and its body's text. */
export interface SentAnswer extends CallAnswer {
  readonly attempts: number;
  readonly rateLimit: RateLimitInfo;
  /** The text of the body handed on (decoded when asked: openapi-fetch reads it itself). */
  text(): string;
}
