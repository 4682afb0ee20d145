/**
 * The checks of `hiro-lookup verify` for the two paginated services, in the order they run. The documented bad requests go
 * first: they are also the probe that tells a Prism mock before any check a mock cannot show is judged.
 * Requests are prepared unchecked (verify-http.ts), so nothing of the lookups' input checking stands in the way.
 */

import type { OperationId } from "../../index.js";
import type { Exchange as Answer } from "../../internal.js";
import { parameterRules } from "../../spec-entry.js";
import type { Send } from "./verify-http.js";
import { judgeBadRequest, judgeEmptyPage, judgeSample, judgeSubject, judgeValid } from "./verify-judge.js";
import { pageMaximumCheck } from "./verify-page-maximum-check.js";
import { type Check, check, type ExtraHeaders, etagChecks, type ServiceState } from "./verify-state.js";

// The spec's own limits, one step outside them.
const NEGATIVE_OFFSET = parameterRules.offset.minimum - 1;
const ORDINAL_OUT_OF_RANGE = parameterRules.ordinal.exclusiveMaximum;
/** Sat 1 was mined in the genesis block, whose coinbase can never be spent: no inscription can sit on it. */
const UNKNOWN_SAT = 1;
/** No transaction has an all-zero id (it is what a coinbase input points at). */
const UNKNOWN_TX = "0".repeat(64);

type Paging = { limit?: number; offset?: number };

/** What differs between the two paginated services. */
interface PagedService<Id> {
  operationId: OperationId;
  schema: string;
  get(id: Id, paging?: Paging, headers?: ExtraHeaders): () => Promise<Answer>;
  sample: { id: Id; check: string };
  /** The lookup's parameters for `id` (the client's answer checks need the question). */
  params(id: Id): Record<string, unknown>;
  /** The parameter a 400 for too large a limit names (Fastify's `querystring/limit`; "" when it cannot). */
  limitParameter: string;
  /** What that 400 must be. */
  limitExpected: string;
  /** The bad requests, each with the parameter the 400 must name (Fastify's `<location>/<name>`). */
  bad: { check: string; id: Id; paging: Paging; parameter: string; expected: string }[];
  subject: { check: string; expected: string; field: string; asked: string; pick(item: unknown): unknown };
  unknown: { id: Id; check: string };
  etag: boolean;
}

/** Bad requests, the sample, its body and subject, ETag/304 if promised, an unknown id, past the end. */
function pagedChecks<Id>(s: PagedService<Id>, state: ServiceState, given: number | undefined): Check[] {
  const empty = "200, total 0, no results";
  return [
    pageMaximumCheck(state, given, (limit) => state.send(s.get(s.sample.id, { limit }))),
    check("limit above the maximum", s.limitExpected, async () =>
      judgeBadRequest(
        await state.send(
          s.get(s.sample.id, { limit: (state.pageMaximum ?? parameterRules.limit.maximum) + 1 }),
        ),
        s.operationId,
        s.limitParameter,
      ),
    ),
    ...s.bad.map((b) =>
      check(b.check, b.expected, async () =>
        judgeBadRequest(await state.send(s.get(b.id, b.paging)), s.operationId, b.parameter),
      ),
    ),
    check(s.sample.check, "200, 1+ results", async () =>
      judgeSample(await state.sendSample(s.get(s.sample.id)), true),
    ),
    // The client's answer checks too.
    check("sample body", `fits ${s.schema}, the client takes it`, async () =>
      judgeValid(state.sampleAnswer, s.operationId, {
        params: s.params(s.sample.id),
        maxLimit: state.pageMaximum,
      }),
    ),
    check(s.subject.check, s.subject.expected, async () =>
      judgeSubject(state.sampleAnswer, s.subject.pick, s.subject.asked, s.subject.field),
    ),
    ...(s.etag ? etagChecks(state, (headers) => s.get(s.sample.id, {}, headers)()) : []),
    check(s.unknown.check, empty, async () =>
      judgeEmptyPage(await state.send(s.get(s.unknown.id)), s.operationId, 0),
    ),
    check("page past the end", `${empty} at offset = total`, async () => {
      const offset = state.pastTheEnd;
      return judgeEmptyPage(await state.send(s.get(s.sample.id, { offset })), s.operationId, offset);
    }),
  ];
}

/** Inscriptions on a sat. No ETag on this route (the spec says so). */
export function ordinalsChecks(send: Send, ordinal: number, state: ServiceState, maxLimit?: number): Check[] {
  const documented = '400 {"error":"Invalid satoshi ordinal number"}';
  return pagedChecks<number>(
    {
      operationId: "getSatoshiInscriptions",
      schema: "PaginatedInscriptions",
      get: (id, query = {}, headers = undefined) =>
        send("getSatoshiInscriptions", { path: { ordinal: String(id) }, query }, headers),
      sample: { id: ordinal, check: `sample sat ${ordinal}` },
      params: (id) => ({ ordinal: id }),
      // Every 400 of this route has the same constant body: there is no parameter to name.
      bad: [
        {
          check: `offset ${NEGATIVE_OFFSET}`,
          id: ordinal,
          paging: { offset: NEGATIVE_OFFSET },
          parameter: "",
          expected: documented,
        },
        {
          check: `ordinal ${ORDINAL_OUT_OF_RANGE} (out of range)`,
          id: ORDINAL_OUT_OF_RANGE,
          paging: {},
          parameter: "",
          expected: documented,
        },
      ],
      subject: {
        check: "results are the sat asked",
        expected: `every sat_ordinal "${ordinal}"`,
        field: "sat_ordinal",
        asked: `${ordinal}`,
        pick: (item) => (item as { sat_ordinal?: unknown } | null)?.sat_ordinal,
      },
      unknown: { id: UNKNOWN_SAT, check: `unknown sat ${UNKNOWN_SAT}` },
      etag: false,
      limitParameter: "",
      limitExpected: documented,
    },
    state,
    maxLimit,
  );
}

/** Rune activity of a transaction. */
export function runesChecks(send: Send, txId: string, state: ServiceState, maxLimit?: number): Check[] {
  const validation = (parameter: string) => `400 ValidationError "${parameter} …"`;
  return pagedChecks<string>(
    {
      operationId: "getTransactionActivity",
      schema: "PaginatedRuneActivity",
      get: (id, query = {}, headers = undefined) =>
        send("getTransactionActivity", { path: { tx_id: id }, query }, headers),
      sample: { id: txId, check: "sample tx" },
      params: (id) => ({ tx_id: id }),
      bad: [
        {
          check: `offset ${NEGATIVE_OFFSET}`,
          id: txId,
          paging: { offset: NEGATIVE_OFFSET },
          parameter: "querystring/offset",
          expected: validation("querystring/offset"),
        },
        {
          check: "tx_id with 0x",
          id: `0x${txId}`,
          paging: {},
          parameter: "params/tx_id",
          expected: validation("params/tx_id"),
        },
      ],
      subject: {
        check: "results are the tx asked",
        expected: "every location.tx_id the sample's",
        field: "location.tx_id",
        asked: txId,
        pick: (item) => (item as { location?: { tx_id?: unknown } } | null)?.location?.tx_id,
      },
      unknown: { id: UNKNOWN_TX, check: "unknown tx 000…000" },
      etag: true,
      limitParameter: "querystring/limit",
      limitExpected: validation("querystring/limit"),
    },
    state,
    maxLimit,
  );
}
