/**
 * `ft-list --all` over a Token Metadata API whose FT list repeats tied tokens across pages (issue 47):
 * the walk's page of repeats is no "service is not paging" (exit 5); the walk makes its second pass, then
 * prints every token, or ends short with exit 9 and what came printed.
 */
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { fakeFetch, json } from "../helpers/fake-fetch.js";

const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM";
const token = (n: number) => ({ contract_principal: `${FT}.t${n}`, asset_identifier: `${FT}.t${n}::t` });

/** Nine nameless (tied) tokens; the page at offset 3 holds tokens 0-2 again on the calls `repeats` names. */
function tiedList(repeats: (call: number) => boolean) {
  return fakeFetch((request, call) => {
    const offset = Number(new URL(request.url).searchParams.get("offset") ?? 0);
    const order = offset === 3 && repeats(call) ? [2, 1, 0] : [offset, offset + 1, offset + 2];
    return json({ limit: 3, offset, total: 9, results: order.map(token) });
  });
}

const lines = (stdout: string) => stdout.split("\n").filter((line) => line !== "");

describe("hiro-lookup ft-list --all over tied tokens", () => {
  it("a page of repeats: the second pass completes the list, exit 0", async () => {
    const { fetch } = tiedList((call) => call === 2);
    const run = await runCliInProcess(["ft-list", "--all", "--limit", "3"], {}, { fetch });
    expect(run.stderr).not.toMatch(/not paging/);
    expect(run.code).toBe(EXIT.ok);
    expect(new Set(lines(run.stdout)).size).toBe(9);
  });

  it("repeats the second pass cannot mend: exit 9 (incomplete), what came printed", async () => {
    const { fetch } = tiedList(() => true);
    const run = await runCliInProcess(["ft-list", "--all", "--limit", "3"], {}, { fetch });
    expect(run.stderr).not.toMatch(/not paging/);
    expect(run.code).toBe(EXIT.incomplete);
    expect(lines(run.stdout)).toHaveLength(6);
  });
});
