/**
 * Memory hits as prepared answers: a kept answer's body encoded to UTF-8 once (the writer sends the
 * bytes, with their length, instead of measuring and encoding the text on every hit), and its hit
 * answer built once while what it says holds: the same `Age` and freshness left in whole seconds, and
 * the same validator outcome (a 200 or a 304). A hit in the same second is then one lookup here. The
 * answers are frozen, so a caller that changes one makes a copy (gateway.ts copies for CORS and HEAD).
 * Kept beside each entry (weakly): gone with it when the memory tier lets it go.
 */
import { entryAnswer, type GatewayAnswer } from "./answers.js";
import type { CachedAnswer } from "./cache-policy.js";

/** An entry's hit answer, and the seconds and outcome it was built for. */
interface PreparedHit {
  age: number;
  left: number;
  notModified: boolean;
  answer: GatewayAnswer;
}

const encoder = new TextEncoder();
const bodies = new WeakMap<CachedAnswer, Uint8Array>();
const hits = new WeakMap<CachedAnswer, PreparedHit>();

/** `entry`'s body as UTF-8, encoded once. */
export function bodyBytesOf(entry: CachedAnswer): Uint8Array {
  let bytes = bodies.get(entry);
  if (bytes === undefined) {
    bytes = encoder.encode(entry.body);
    bodies.set(entry, bytes);
  }
  return bytes;
}

/** The answer of a memory hit on `entry` at `now` (`notModified`: the caller's tag matches), as entryAnswer words it. */
export function hitAnswer(entry: CachedAnswer, now: number, notModified: boolean): GatewayAnswer {
  // What the headers say that changes with time: Age and the freshness left (Cache-Control, Cache-Status).
  const age = Math.max(0, Math.floor((now - entry.storedAt) / 1000));
  const left = Math.floor((entry.storedAt + entry.freshMs - now) / 1000);
  const held = hits.get(entry);
  if (held && held.age === age && held.left === left && held.notModified === notModified) return held.answer;
  const built = entryAnswer(entry, now, notModified);
  const answer = Object.freeze({
    ...built,
    headers: Object.freeze(built.headers),
    ...(notModified ? {} : { bytes: bodyBytesOf(entry) }),
  });
  hits.set(entry, { age, left, notModified, answer });
  return answer;
}
