/** The error of `waitForMetadata`'s own deadline, kept apart from the transport's timeouts. */
import { type HiroApiErrorOf, HiroError } from "./errors.js";

/**
 * Raised by `waitForMetadata` when `deadlineMs` passed and the service still answered that the
 * token's metadata is being fetched. Not a network failure: every request got an answer. `lastError`
 * (also `cause`) is that last `metadata_pending` answer.
 */
export class HiroWaitTimeoutError extends HiroError {
  override name = "HiroWaitTimeoutError";
  declare readonly cause: HiroApiErrorOf<"metadata_pending">;
  constructor(
    /** The wait's `deadlineMs`, in ms. */
    readonly deadlineMs: number,
    /** The last answer: the metadata was still being fetched. */
    readonly lastError: HiroApiErrorOf<"metadata_pending">,
  ) {
    super(
      `${lastError.operationId}: the token's metadata was still being fetched after ${deadlineMs} ms (waitForMetadata deadlineMs)`,
      { cause: lastError },
    );
  }
}
