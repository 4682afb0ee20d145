/**
 * The bench server's data, from the upstream fixtures: inscription records with ids that encode
 * their index (see `indexOfId` in shared.ts), and the small token object.
 */
import { readFileSync } from "node:fs";
import type { Inscription } from "../src/index.js";

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../test/fixtures/upstream/${name}`, import.meta.url), "utf8"));

/** The two upstream inscription records, used as templates. */
const TEMPLATES = (fixture("ordinals-sat-inscriptions-200.fixture.json") as { results: Inscription[] })
  .results;

/** The small token object (SIP-013 metadata, about 0.5 kB). */
export const TOKEN = fixture("tma-sft-200-valid-metadata.fixture.json");

/**
 * Record `index` on sat `sat`: an upstream record with its ids, number and locations made unique, and
 * its `sat_ordinal` the sat asked for (a client may check that answers are about the sat it asked).
 */
export function record(index: number, sat: number): Inscription {
  const template = TEMPLATES[index % TEMPLATES.length] as Inscription;
  const tx = index.toString(16).padStart(64, "0");
  return {
    ...template,
    id: `${tx}i0`,
    number: index,
    sat_ordinal: String(sat),
    tx_id: tx,
    genesis_tx_id: tx,
    location: `${tx}:0:0`,
    output: `${tx}:0`,
    genesis_block_height: template.genesis_block_height + (index % 1000),
  };
}
