/**
 * The upstream fixtures (test/fixtures/upstream/*.fixture.json: recorded answers of the real services,
 * byte-identical copies of the shared reference; see that folder's README), read by name. The one loader
 * the tests use: `upstreamFixture("tma-sft-200-valid-metadata")` is a fresh parse each call, so a test may
 * mutate what it gets.
 */
import { readFileSync } from "node:fs";

/** Every fixture, by name (the file name without `.fixture.json`). */
export const UPSTREAM_FIXTURES = [
  "ordinals-sat-inscriptions-200",
  "runes-transaction-activity-200",
  "tma-sft-200-no-metadata-locales",
  "tma-sft-200-valid-metadata",
  "tma-sft-422-fetch-in-progress",
  "tma-sft-422-locale-not-found",
] as const;
export type UpstreamFixtureName = (typeof UPSTREAM_FIXTURES)[number];

/** The folder of the fixtures. */
export const UPSTREAM_FIXTURE_DIR = new URL("../fixtures/upstream/", import.meta.url);

/** The fixture's file name (`<name>.fixture.json`). */
export const upstreamFixtureFile = (name: UpstreamFixtureName): string => `${name}.fixture.json`;

/** The fixture's text, as stored. */
export function upstreamFixtureText(name: UpstreamFixtureName): string {
  return readFileSync(new URL(upstreamFixtureFile(name), UPSTREAM_FIXTURE_DIR), "utf8");
}

/** The fixture, parsed afresh (`T` is the caller's view of it; nothing is checked here). */
export function upstreamFixture<T = unknown>(name: UpstreamFixtureName): T {
  return JSON.parse(upstreamFixtureText(name)) as T;
}
