/**
 * The bound on upstream requests in flight, per origin, in one instance: the pace spaces requests by
 * what upstream announces, and an upstream that announces nothing (no `ratelimit-*`) would otherwise get
 * every distinct miss at once (100 slow misses were 100 concurrent upstream requests). A request past the
 * bound waits its turn, in order, until its deadline; then it is refused.
 */

/** The slots of every origin. */
export interface OriginSlots {
  /**
   * Takes a slot of `origin`, waiting until `deadline` (ms since the epoch, the gateway's clock) at most:
   * the function that gives it back, or undefined when none came in time.
   */
  take(origin: string, deadline: number): Promise<(() => void) | undefined>;
}

/** Slots of at most `perOrigin` requests in flight per origin; `now` is the gateway's clock. */
export function createOriginSlots(perOrigin: number, now: () => number): OriginSlots {
  const busy = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const release = (origin: string) => {
    const next = waiting.get(origin)?.shift();
    if (next) return next(); // the slot passes to the next in line
    const count = (busy.get(origin) ?? 1) - 1;
    if (count > 0) busy.set(origin, count);
    else busy.delete(origin);
  };
  const slot = (origin: string) => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release(origin);
    };
  };
  return {
    async take(origin, deadline) {
      const count = busy.get(origin) ?? 0;
      if (count < perOrigin) {
        busy.set(origin, count + 1);
        return slot(origin);
      }
      const left = deadline - now();
      if (left <= 0) return undefined;
      return new Promise((resolve) => {
        const line = waiting.get(origin) ?? [];
        waiting.set(origin, line);
        const turn = () => {
          clearTimeout(timer);
          resolve(slot(origin));
        };
        const timer = setTimeout(() => {
          const at = line.indexOf(turn);
          if (at >= 0) line.splice(at, 1);
          if (line.length === 0) waiting.delete(origin);
          resolve(undefined);
        }, left);
        line.push(turn);
      });
    },
  };
}
