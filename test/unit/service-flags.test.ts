/**
 * The CLI's per-service flags are made from the spec's services (SERVICE_NAMES): a URL flag and variable
 * for each, a page-maximum flag for each service whose page maximum the client takes (`maxLimit`).
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { cliNameOf } from "../../src/cli/option-names.js";
import {
  maxLimitOf,
  maxLimitOptions,
  PAGED_SERVICES,
  serviceUrlOptions,
  urlVariable,
} from "../../src/cli/service-flags.js";
import { SERVICE_NAMES } from "../../src/spec-entry.js";

describe("the per-service flags", () => {
  it("one URL flag per service of the spec, in its order, naming its variable", () => {
    const options = serviceUrlOptions(new Command()).options;
    expect(options.map((o) => o.long)).toEqual(SERVICE_NAMES.map((s) => `--${s}-url`));
    expect(options.map((o) => o.attributeName())).toEqual(SERVICE_NAMES.map((s) => `${s}Url`));
    options.forEach((option, i) => {
      expect(option.description).toContain(`env ${urlVariable(SERVICE_NAMES[i] ?? "metadata")}`);
    });
    expect(SERVICE_NAMES.map(urlVariable)).toEqual([
      "HIRO_METADATA_URL",
      "HIRO_ORDINALS_URL",
      "HIRO_RUNES_URL",
    ]);
  });

  it("a page-maximum flag for each service the client's maxLimit takes, read back into maxLimit", () => {
    expect(PAGED_SERVICES).toEqual(["ordinals", "runes"]);
    const program = maxLimitOptions(new Command()).exitOverride();
    program.parse(["--runes-max-limit", "500"], { from: "user" });
    expect(maxLimitOf(program.opts())).toEqual({ runes: 500 });
    expect(maxLimitOf({})).toBeUndefined();
  });

  it("the name map names the client's maxLimit parameters by those flags", () => {
    expect(cliNameOf("maxLimit.runes")).toBe("--runes-max-limit");
    expect(cliNameOf("maxLimit")).toBe("--ordinals-max-limit / --runes-max-limit");
    expect(cliNameOf("baseUrl.ordinals", { ordinals: { url: "http://x", from: "HIRO_ORDINALS_URL" } })).toBe(
      "HIRO_ORDINALS_URL",
    );
    expect(cliNameOf("baseUrl.runes")).toBe("--base-url");
    expect(cliNameOf("nothing")).toBeUndefined();
  });
});
