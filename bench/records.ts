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

const TOKEN_FIXTURE = fixture("tma-sft-200-valid-metadata.fixture.json") as {
  metadata: { description: string; attributes: unknown[] };
};

/**
 * The token object of issue 11's budget, about 1 kB: the upstream fixture (0.5 kB) with a real-sized
 * description and more attributes, as a typical SIP-016 metadata document has.
 */
export const TOKEN = {
  ...TOKEN_FIXTURE,
  metadata: {
    ...TOKEN_FIXTURE.metadata,
    description:
      "Auto-compounding ALEX staking position: a semi-fungible token whose id is the reward cycle it was minted in.",
    attributes: [
      ...TOKEN_FIXTURE.metadata.attributes,
      ...["cycle", "apy_bps", "lock_blocks", "compounding", "pool", "tier"].map((trait, i) => ({
        display_type: "number",
        trait_type: trait,
        value: 1000 + i * 37,
      })),
    ],
  },
};

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
