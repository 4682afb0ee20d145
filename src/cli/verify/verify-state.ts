/**
 * What the checks of one service share in `hiro-lookup verify`: the sample's answer, and whether the
 * service turned out to be a mock (Prism flags an invalid request with an `sl-violations` header).
 */
import { type Exchange, exchange, type RawAnswer } from "./verify-http.js";
import { judgeEtag, judgeNotModified, type Outcome, resultsOf } from "./verify-judge.js";

/** One check: what it expects, whether a fixed-example mock can show it, and how to run it. */
export interface Check {
  check: string;
  expected: string;
  /** A mock answering a fixed example cannot show this (a `total: 0`, a 304, a parameter's own 400). */
  mockLimited: boolean;
  run(): Promise<Outcome>;
}

const NOT_SENT: Exchange = {
  status: 0,
  headers: new Headers(),
  body: undefined,
  failure: "the sample was not sent",
  prismViolations: false,
};

/** The state of one service's checks. */
export class ServiceState {
  sample: Exchange | undefined;
  constructor(public mock: boolean) {}

  /** Sends one request; an answer flagged by Prism marks the service as a mock. */
  async send(request: () => Promise<RawAnswer>): Promise<Exchange> {
    const answer = await exchange(request);
    if (answer.prismViolations) this.mock = true;
    return answer;
  }

  /** Sends the sample request and keeps its answer for the checks that follow. */
  async sendSample(request: () => Promise<RawAnswer>): Promise<Exchange> {
    this.sample = await this.send(request);
    return this.sample;
  }

  /** The sample's answer (a stand-in failure when the sample check has not run). */
  get sampleAnswer(): Exchange {
    return this.sample ?? NOT_SENT;
  }

  /** A conditional request with the sample's ETag; undefined when it had none. */
  async revalidate(request: (etag: string) => Promise<RawAnswer>): Promise<Exchange | undefined> {
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
export const check = (
  name: string,
  expected: string,
  mockLimited: boolean,
  run: () => Promise<Outcome>,
): Check => ({ check: name, expected, mockLimited, run });

/** The sample's `ETag` and a conditional request with it (where the spec promises both). */
export function etagChecks(state: ServiceState, get: (headers: ExtraHeaders) => Promise<RawAnswer>): Check[] {
  return [
    check("ETag", "ETag on the 200", false, async () => judgeEtag(state.sampleAnswer)),
    check("If-None-Match", "304, no body", true, async () =>
      judgeNotModified(await state.revalidate((etag) => get({ "If-None-Match": etag }))),
    ),
  ];
}
