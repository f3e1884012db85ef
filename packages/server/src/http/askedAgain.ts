/** How many keys asked once are remembered at most, in each of two generations. */
const MAX_ASKED = 20_000;

/**
 * Which requests came again lately: a cache's doorkeeper, for caches that keep an answer only from its second ask.
 * Varied requests (a different slug, a different list each) mostly come once, and keeping each answer cost more than
 * computing it: the answers lived long enough to be moved to the heap's old generation and churned it
 * (docs/decisions.md, "Answers kept from the second ask"). A key counts as asked again when it was asked in the current
 * generation of `windowMs` or the one before, so within one to two `windowMs`.
 */
export function createAskedAgain(options: { windowMs: number; now: () => number }): (key: string) => boolean {
  const { windowMs, now } = options;
  let asked = new Set<string>();
  let askedBefore = new Set<string>();
  let askedSince = now();
  return (key) => {
    const at = now();
    if (at - askedSince >= windowMs || asked.size >= MAX_ASKED) {
      // Asked more than two windows ago: remembered no longer.
      askedBefore = at - askedSince >= 2 * windowMs ? new Set() : asked;
      asked = new Set();
      askedSince = at;
    }
    if (asked.has(key) || askedBefore.has(key)) return true;
    asked.add(key);
    return false;
  };
}
