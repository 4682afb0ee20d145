/** The examples table of `npm run generate` refuses examples that would make the mock contradict itself. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { mockExampleTable } from "../../scripts/lib/mock-examples.js";
import { ROOT } from "../helpers/spec.js";

type Doc = { components: { examples: Record<string, Record<string, unknown>> } };
const spec = (): Doc => parse(readFileSync(join(ROOT, "openapi.yaml"), "utf8")) as Doc;
const page2 = (edit: (example: Record<string, unknown>) => void) => {
  const doc = spec();
  edit(doc.components.examples.ReinscribedSatPage2 as Record<string, unknown>);
  return doc;
};

describe("mockExampleTable", () => {
  it("ties the spec's examples to their requests, the query's defaults filled in", () => {
    const table = mockExampleTable(spec());
    expect(table.getSatoshiInscriptions?.find((e) => e.name === "inscriptions")?.request).toEqual({
      path: { ordinal: "1252201400444387" },
      query: { offset: "0", limit: "20" },
    });
    expect(table.getSftMetadata?.find((e) => e.name === "tokenNotFound")?.request).toBeUndefined();
  });

  it.each([
    [
      "a parameter the operation lacks",
      (e: Record<string, unknown>) => {
        e["x-request"] = { path: { ordinal: "257418248345364", sat: "1" } };
      },
      /names no parameter: sat/,
    ],
    [
      "the same request as another example",
      (e: Record<string, unknown>) => {
        e["x-request"] = { path: { ordinal: "257418248345364" }, query: { limit: 2 } };
      },
      /two examples answer the same request/,
    ],
    [
      "an envelope that is not its request's",
      (e: Record<string, unknown>) => {
        (e.value as { offset: number }).offset = 1;
      },
      /offset and limit are its request's/,
    ],
    [
      "a total another page of the id contradicts",
      (e: Record<string, unknown>) => {
        (e.value as { total: number }).total = 4;
      },
      /total differs/,
    ],
    [
      "a gap between the pages of an id",
      (e: Record<string, unknown>) => {
        e["x-request"] = { path: { ordinal: "257418248345364" }, query: { offset: 3, limit: 2 } };
        (e.value as { offset: number }).offset = 3;
      },
      /must cover results 0 to 2 \(missing 2\)/,
    ],
  ])("refuses %s", (_, edit, message) => {
    expect(() => mockExampleTable(page2(edit))).toThrow(message);
  });
});
