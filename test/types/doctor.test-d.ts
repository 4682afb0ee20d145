/** Types of `diagnoseToken` (hiro-lookup/doctor): a LookupClient is the service, kinds and codes are literal unions. */
import { describe, expectTypeOf, it } from "vitest";
import { type Diagnosis, diagnoseToken, type FindingCode, type Verdict } from "../../src/doctor/index.js";
import { createLookupClient } from "../../src/index.js";

const client = createLookupClient();
const principal = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";

describe("diagnoseToken", () => {
  it("takes a LookupClient and a target, and resolves with a Diagnosis", () => {
    expectTypeOf(
      diagnoseToken(client, { kind: "nft", principal, token_id: 1n }),
    ).resolves.toEqualTypeOf<Diagnosis>();
    expectTypeOf<Diagnosis["verdict"]>().toEqualTypeOf<Verdict>();
    expectTypeOf<Diagnosis["findings"][number]["code"]>().toEqualTypeOf<FindingCode>();
    expectTypeOf<Verdict>().toEqualTypeOf<"ok" | "pending" | "problem" | "unchecked">();
    void diagnoseToken(client, { kind: "sft", principal, token_id: 1 }, { allowPrivateNetwork: true });
    // @ts-expect-error allowPrivateNetwork is a boolean.
    void diagnoseToken(client, { kind: "sft", principal, token_id: 1 }, { allowPrivateNetwork: "yes" });
    // @ts-expect-error "sip13" is not a kind.
    void diagnoseToken(client, { kind: "sip13", principal });
    // @ts-expect-error the service must have the three single-token lookups.
    void diagnoseToken({ getSftMetadata: client.getSftMetadata }, { kind: "sft", principal, token_id: 1 });
  });
});
