/**
 * The rendered API reference's Servers box names the mock where it really runs (issue 47: it said
 * `http://127.0.0.1:4010` when `HIRO_MOCK_PORT` put the mock elsewhere, so "Try it" and the copied URL
 * missed it). `npm start` builds the page from a copy of the spec with the mock's URL in its place.
 */
import { describe, expect, it } from "vitest";
import { withMockUrl } from "../../scripts/lib/docs-site.js";
import { loadSpec } from "../helpers/spec.js";

/** Every server URL of `spec`, top-level and per path. */
function serverUrls(spec: unknown): string[] {
  const { servers = [], paths = {} } = spec as {
    servers?: { url: string }[];
    paths?: Record<string, { servers?: { url: string }[] }>;
  };
  return [...servers, ...Object.values(paths).flatMap((item) => item.servers ?? [])].map((s) => s.url);
}

describe("the docs' Servers box and the mock's port", () => {
  it("names the mock's real URL wherever the spec names the local mock, and nothing else changes", () => {
    const spec = loadSpec();
    const before = serverUrls(spec);
    expect(before).toContain("http://127.0.0.1:4010");
    const after = serverUrls(withMockUrl(spec, "http://127.0.0.1:4020"));
    expect(after).toEqual(
      before.map((url) => (url === "http://127.0.0.1:4010" ? "http://127.0.0.1:4020" : url)),
    );
    // The spec itself (shipped) keeps its own.
    expect(serverUrls(spec)).toEqual(before);
  });
});
