/**
 * The gateway's first example, in the README and in `serve --help`, asks for a token the mock answers with
 * 200 (issue 47: it asked for `age000-governance-token`, the mock's `422 Token error`, so the first thing an
 * offline user saw was an error).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerFor, routeOf } from "../../src/mock/index.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { ROOT } from "../helpers/spec.js";

/** The paths of the `curl http://127.0.0.1:3999/…` lines of `text`. */
const gatewayPaths = (text: string) =>
  [...text.matchAll(/curl[^\n]*?http:\/\/127\.0\.0\.1:3999(\/[^\s'"]+)/g)].map((m) => m[1] ?? "");

/** The mock's status for `path`. */
function mockStatus(path: string): number {
  const url = new URL(path, "http://mock");
  const route = routeOf(url.pathname);
  if (!route) throw new Error(`${path} is no lookup`);
  return answerFor(route.operationId, { path: route.path, query: url.searchParams }).status;
}

describe("the gateway's examples", () => {
  it("the README's ask the mock for a 200", () => {
    const paths = gatewayPaths(readFileSync(join(ROOT, "README.md"), "utf8"));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.map((path) => [path, mockStatus(path)])).toEqual(paths.map((path) => [path, 200]));
  });

  it("serve --help's ask the mock for a 200", async () => {
    const help = await runCliInProcess(["serve", "--help"]);
    const paths = gatewayPaths(help.stdout);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.map((path) => [path, mockStatus(path)])).toEqual(paths.map((path) => [path, 200]));
  });
});
