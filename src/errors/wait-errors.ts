/** The error of `waitForMetadata`'s own deadline, kept apart from the transport's timeouts. */
import type { OperationId } from "../spec/types.js";
import { type HiroApiErrorOf, HiroError, operationMessage } from "./errors.js";

/**
 * Raised by `waitForMetadata` when `deadlineMs` passed and the service still answered that the
 * token's metadata is being fetched. Not a network failure: every request got an answer. `lastError`
 * (also `cause`) is that last `metadata_pending` answer.
 */
export class HiroWaitTimeoutError extends HiroError {
  override name = "HiroWaitTimeoutError";
  declare readonly cause: HiroApiErrorOf<"metadata_pending">;
  /** The lookup that was asked again and again (the last answer's). */
  declare readonly operationId: OperationId;
  /** What happened, without the operation (the message is `operationId: summary`). */
  declare readonly summary: string;
  constructor(
    /** The wait's `deadlineMs`, in ms. */
    readonly deadlineMs: number,
    /** The last answer: the metadata was still being fetched. */
    readonly lastError: HiroApiErrorOf<"metadata_pending">,
  ) {
    const summary = `the token's metadata was still being fetched after ${deadlineMs} ms (waitForMetadata deadlineMs)`;
    super(operationMessage(lastError.operationId, summary), { cause: lastError });
    this.operationId = lastError.operationId;
    this.summary = summary;
  }
}
