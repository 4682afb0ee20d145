import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("prismUrl");
const sat = "/ordinals/v1/sats/1252201400444387/inscriptions";
const sft = "/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1/35";

// Mock-only behaviour (Prefer headers, sl-violations): the global setup starts Prism on every run.
describe("Prism mock (global setup) smoke", () => {
  it("provides a loopback base URL", () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("serves the first named 200 example of getSatoshiInscriptions", async () => {
    const res = await fetch(`${baseUrl}${sat}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { results?: unknown };
    expect(Array.isArray(body.results)).toBe(true);
  });

  it("serves all three paths, also those with path-level servers (ordinals, runes)", async () => {
    const tx =
      "/runes/v1/transactions/2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e/activity";
    for (const path of [sft, sat, tx]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("sl-violations"), path).toBeNull();
    }
  });

  it("serves a named non-2xx example chosen with Prefer: code=422, example=localeNotFound", async () => {
    const res = await fetch(`${baseUrl}${sft}`, { headers: { Prefer: "code=422, example=localeNotFound" } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: "Locale not found" });
  });

  it("looks up Prefer: example= alone only in the 200 response (Prism 5.14 quirk)", async () => {
    const res = await fetch(`${baseUrl}${sft}`, { headers: { Prefer: "example=localeNotFound" } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { type: string }).type).toMatch(/#NOT_FOUND$/);
  });

  it("answers an invalid limit with the spec's 400 and an sl-violations header", async () => {
    const res = await fetch(`${baseUrl}${sat}?limit=61`);
    expect(res.status).toBe(400);
    const violations = JSON.parse(res.headers.get("sl-violations") ?? "[]") as Array<{ message: string }>;
    expect(violations.length).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: "Invalid satoshi ordinal number" });
  });

  it("generates a dynamic body with Prefer: dynamic=true", async () => {
    const res = await fetch(`${baseUrl}${sat}`, { headers: { Prefer: "dynamic=true" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results?: unknown };
    expect(Array.isArray(body.results)).toBe(true);
  });
});
