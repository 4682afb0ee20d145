/**
 * What the checks of one service share in `hiro-lookup verify`: the sample's answer, whether the service
 * is down (so its other checks fail at once instead of each waiting through retries), and whether it
 * answered with Prism's `sl-violations` header (a note: a deployment that sends it is graded in full).
 */
import type { ServiceName } from "../../index.js";
import type { Exchange as Answer } from "../../internal.js";
import { describe, type Exchange, exchange, failed } from "./verify-http.js";
import { judgeEtag, judgeNotModified, type Outcome, resultsOf } from "./verify-judge.js";

/** One check: what it expects, and how to run it. */
export interface Check {
  check: string;
  expected: string;
  run(): Promise<Outcome>;
}

const NOT_SENT = failed("the sample was not sent");

/** The state of one service's checks. */
export class ServiceState {
  sample: Exchange | undefined;
  /** Why the service is taken as down (no answer, or a 5xx after the client's retries), once it is. */
  down: string | undefined;
  /** Whether an answer carried Prism's `sl-violations` header (a note only: it never changes a verdict). */
  prismHeader = false;
  /** The largest `limit` the service accepts, once the "page maximum" check found it. */
  pageMaximum: number | undefined;
  /** The metadata indexer's last processed block, once the status check read it (`null`: none yet). */
  chainTip: { block_height: number; index_block_hash: string } | null | undefined;
  constructor(readonly service: ServiceName) {}

  /**
   * Sends one request, unless the service is down: then the check fails at once with that cause. No
   * answer, or a 5xx after the client's retries, marks it down (a database that is down, a dead host).
   */
  async send(request: () => Promise<Answer>): Promise<Exchange> {
    if (this.down !== undefined) return failed(`${this.down} (down: not sent again)`);
    const answer = await exchange(request);
    if (answer.prismViolations) this.prismHeader = true;
    if (answer.status === 0 || answer.status >= 500) this.down = describe(answer, 80);
    return answer;
  }

  /** Sends the sample request and keeps its answer for the checks that follow. */
  async sendSample(request: () => Promise<Answer>): Promise<Exchange> {
    this.sample = await this.send(request);
    return this.sample;
  }

  /** The sample's answer (a stand-in failure when the sample check has not run). */
  get sampleAnswer(): Exchange {
    return this.sample ?? NOT_SENT;
  }

  /** A conditional request with the sample's ETag; undefined when it had none. */
  async revalidate(request: (etag: string) => Promise<Answer>): Promise<Exchange | undefined> {
    const etag = this.sample?.headers.get("etag");
    return etag ? this.send(() => request(etag)) : undefined;
  }

  /** An offset past the end of the sample's results: its `total` (1 000 000 when that is unusable). */
  get pastTheEnd(): number {
    const body = this.sampleAnswer.body as { total?: unknown } | undefined;
    const total = body?.total;
    const count = resultsOf(body)?.length ?? 0;
    return typeof total === "number" && Number.isSafeInteger(total) && total >= count && total > 0
      ? total
      : 1_000_000;
  }
}

/** Extra request headers of one request. */
export type ExtraHeaders = Record<string, string> | undefined;

/** A check, positionally. */
export const check = (name: string, expected: string, run: () => Promise<Outcome>): Check => ({
  check: name,
  expected,
  run,
});

/** The sample's `ETag` and a conditional request with it (where the spec promises both). */
export function etagChecks(state: ServiceState, get: (headers: ExtraHeaders) => Promise<Answer>): Check[] {
  return [
    check("ETag", "ETag on the 200", async () => judgeEtag(state.sampleAnswer)),
    check("If-None-Match", "304, no body", async () =>
      judgeNotModified(await state.revalidate((etag) => get({ "If-None-Match": etag })), state.sampleAnswer),
    ),
  ];
}
