/** The switch of `npm test` to a live contract run reads only its own HIRO_LIVE_* variables. */
import { describe, expect, it } from "vitest";
import { liveServices, liveTargetOf } from "../helpers/live-run.js";

const CLI_ENV = {
  HIRO_BASE_URL: "http://127.0.0.1:3000",
  HIRO_METADATA_URL: "https://api.hiro.so",
  HIRO_ORDINALS_URL: "http://127.0.0.1:3000",
  HIRO_RUNES_URL: "http://127.0.0.1:3001",
  HIRO_API_KEY: "k",
};

describe("liveTargetOf", () => {
  it("stays on the mock when only the CLI's variables are exported (HIRO_BASE_URL is not the switch)", () => {
    expect(liveTargetOf(CLI_ENV)).toBeNull();
    expect(liveTargetOf({})).toBeNull();
    expect(liveTargetOf({ HIRO_LIVE_BASE_URL: "" })).toBeNull();
  });

  it("HIRO_LIVE_BASE_URL: one URL for all three services", () => {
    const target = liveTargetOf({ ...CLI_ENV, HIRO_LIVE_BASE_URL: "http://proxy.test" });
    expect(target).toBe("http://proxy.test");
    expect(target && liveServices(target)).toEqual(["metadata", "ordinals", "runes"]);
  });

  it("per service: only the services named are called, HIRO_LIVE_BASE_URL filling the rest", () => {
    const split = liveTargetOf({
      HIRO_LIVE_METADATA_URL: "https://api.hiro.so",
      HIRO_LIVE_ORDINALS_URL: "http://127.0.0.1:3000",
    });
    expect(split).toEqual({ metadata: "https://api.hiro.so", ordinals: "http://127.0.0.1:3000" });
    expect(split && liveServices(split)).toEqual(["metadata", "ordinals"]);
    expect(
      liveTargetOf({ HIRO_LIVE_BASE_URL: "http://a.test", HIRO_LIVE_RUNES_URL: "http://b.test" }),
    ).toEqual({
      metadata: "http://a.test",
      ordinals: "http://a.test",
      runes: "http://b.test",
    });
  });
});
