/**
 * The gateway's shared pace: the one pacing rule's store in Redis. One hash per key holds the rule's nine
 * numbers (shared/pace-policy.ts's `PaceState`, its fields by name), and each step is one script, the
 * exact twin of `paceTake` and `paceLearn`, so a step reads and writes the state at once whatever the
 * instances do (test/faults/pace-twin.test.ts runs one table of steps through both stores). The scripts
 * run on Redis's clock, so the instances' clocks do not matter; a test may give its own. When Redis
 * fails, a step runs on this instance's memory store instead (its tickets told apart by their sign).
 */
import { HOLD_REASONS, PACE_FIELDS, type PaceTake } from "../shared/pace-policy.js";
import { createMemoryPace, type PaceStore } from "../shared/pace-store.js";

/** The state's fields as the scripts read them: each a finite number, else its start value. */
const READ = `
local function num(v, d)
  local n = tonumber(v)
  if n == nil or n ~= n or n == math.huge or n == -math.huge then return d end
  return n
end
local now
if ARGV[#ARGV] ~= '' then now = tonumber(ARGV[#ARGV]) else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local f = redis.call('HMGET', KEYS[1], ${PACE_FIELDS.map((field) => `'${field}'`).join(", ")})
local epoch, learning, probeUntil, inFlight = num(f[1], 0), num(f[2], 1), num(f[3], 0), num(f[4], 0)
local pausedUntil, tokens, resetAt, nextAt, farUntil = num(f[5], 0), num(f[6], 0), num(f[7], 0), num(f[8], 0), num(f[9], 0)
local function save()
  redis.call('HSET', KEYS[1], 'epoch', epoch, 'learning', learning, 'probeUntil', probeUntil,
    'inFlight', inFlight, 'pausedUntil', pausedUntil, 'tokens', tokens, 'resetAt', resetAt,
    'nextAt', nextAt, 'farUntil', farUntil)
  redis.call('PEXPIRE', KEYS[1], 3600000)
end
local function learnAgain()
  epoch = epoch + 1
  learning = 1
  probeUntil, inFlight, tokens, resetAt = 0, 0, 0, 0
end
`;

/**
 * `paceTake`: ARGV intervalMs, ceilingMs, probeHoldMs, reserveMs, now (or '': Redis's). Replies
 * {0, waitMs, ticket} go; {1, waitMs, why} wait; {2, waitMs, why} a probe is out; {3, waitMs, why} refused.
 */
const TAKE = `${READ}
local interval, ceiling, probeHold = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local reserveUntil = now + tonumber(ARGV[4])
local changed = false
if resetAt > 0 and now >= resetAt then
  learnAgain()
  if now >= pausedUntil then farUntil = 0 end
  changed = true
end
local function held(kind, waitMs)
  if changed then save() end
  local why = 5
  if pausedUntil > now then why = 0
  elseif learning == 1 and probeUntil > now then why = 1
  elseif resetAt > 0 then if tokens > 0 then why = 2 else why = 3 end
  elseif interval > 0 then why = 4 end
  return {kind, waitMs, why}
end
if learning == 1 and probeUntil > now then return held(2, probeUntil - now) end
local blockedUntil = pausedUntil
if resetAt > 0 and tokens <= 0 then blockedUntil = math.max(blockedUntil, resetAt) end
if blockedUntil > now and farUntil - now > ceiling then return held(3, farUntil - now) end
local at = math.min(math.max(blockedUntil, nextAt), now + ceiling)
if at <= now then at = now
elseif not (nextAt >= blockedUntil and at <= reserveUntil and (resetAt == 0 or at < resetAt)) then
  return held(1, at - now)
end
local spread = 0
if resetAt > 0 and tokens > 0 then spread = math.floor((resetAt - at) / tokens) end
local ticket = epoch * 2 + learning
if learning == 1 then probeUntil = at + probeHold end
inFlight = inFlight + 1
if resetAt > 0 then tokens = tokens - 1 else tokens = 0 end
nextAt = at + math.min(math.max(spread, interval), ceiling)
save()
return {0, at - now, ticket}
`;

/**
 * `paceLearn`: ARGV ticket, ceilingMs, unsaidPauseMs, then the answer's status, remaining, resetMs and
 * retryAfterMs ('' each when absent; a status of '' is no answer), now (or '').
 */
const LEARN = `${READ}
local ticket, ceiling, unsaid = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local status, remaining, resetMs, retryAfter = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local current = math.floor(ticket / 2) == epoch
if current then inFlight = math.max(0, inFlight - 1) end
if current and ticket % 2 == 1 then
  probeUntil = 0
  if status ~= nil then learning = 0 end
end
if status == 429 then
  local waitMs = retryAfter
  if waitMs == nil and remaining == 0 then waitMs = resetMs end
  if waitMs == nil then waitMs = unsaid end
  if waitMs > ceiling then farUntil = math.max(farUntil, now + waitMs)
  elseif now >= pausedUntil then farUntil = 0 end
  pausedUntil = math.max(pausedUntil, now + math.min(waitMs, ceiling))
  learnAgain()
elseif status ~= nil and current and remaining ~= nil and resetMs ~= nil then
  local announced = now + math.min(resetMs, ceiling)
  local left = math.max(0, remaining - inFlight)
  if left <= 0 and resetMs > ceiling then farUntil = now + resetMs
  elseif now >= pausedUntil then farUntil = 0 end
  if resetAt == 0 or announced - 1000 > resetAt then
    tokens, resetAt = left, announced
  else
    tokens, resetAt = math.min(tokens, left), math.min(resetAt, announced)
  end
end
save()
return 1
`;

/** Sends one command about `key` (a cluster routes by it). */
export type PaceSend = (key: string, args: string[]) => Promise<unknown>;

/** A number as a script's argument, or '' when there is none. */
const arg = (value: number | undefined) => (value === undefined ? "" : String(value));

/** A script's reply as the rule's decision; throws on anything else (then the memory store answers). */
function takeOf(reply: unknown): PaceTake {
  const [kind, waitMs, third] = Array.isArray(reply) ? reply.map(Number) : [];
  if (waitMs === undefined || third === undefined || !Number.isFinite(waitMs) || waitMs < 0)
    throw new Error("an unexpected reply from the pace script");
  if (kind === 0) return { go: true, waitMs, ticket: third };
  const hold = kind === 1 ? "wait" : kind === 2 ? "answer" : kind === 3 ? "refused" : undefined;
  const why = HOLD_REASONS[third];
  if (hold === undefined || why === undefined) throw new Error("an unexpected reply from the pace script");
  return { go: false, waitMs, hold, why };
}

/** A ticket of the memory store, told apart from Redis's (never negative) by its sign. */
const local = (ticket: number) => -1 - ticket;

/**
 * The pace store in Redis: `send` runs a command, `keyOf` names a budget's hash. `callerClock` (for
 * tests that step a clock) runs the scripts on the `now` each step is given instead of Redis's clock.
 */
export function createRedisPace(
  send: PaceSend,
  keyOf: (key: string) => string,
  options: { callerClock?: boolean } = {},
): PaceStore {
  const fallback = createMemoryPace();
  const nowArg = (now: number) => (options.callerClock ? String(now) : "");
  return {
    async take(key, now, rules, reserveMs) {
      const hash = keyOf(key);
      try {
        const args = [rules.intervalMs, rules.ceilingMs, rules.probeHoldMs, reserveMs].map(String);
        return takeOf(await send(hash, ["EVAL", TAKE, "1", hash, ...args, nowArg(now)]));
      } catch {
        const take = fallback.take(key, now, rules, reserveMs);
        return take.go ? { ...take, ticket: local(take.ticket) } : take;
      }
    },
    async learn(key, ticket, now, rules, status, rateLimit) {
      if (ticket < 0) return fallback.learn(key, local(ticket), now, rules, status, rateLimit);
      const hash = keyOf(key);
      const answer =
        status === undefined || rateLimit === undefined
          ? ["", "", "", ""]
          : [status, rateLimit.remaining, rateLimit.resetMs, rateLimit.retryAfterMs].map(arg);
      const args = [String(ticket), String(rules.ceilingMs), String(rules.unsaidPauseMs), ...answer];
      await send(hash, ["EVAL", LEARN, "1", hash, ...args, nowArg(now)]).catch(() => undefined);
    },
  };
}
