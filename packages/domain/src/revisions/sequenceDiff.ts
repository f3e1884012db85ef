/** One step of a diff between two sequences: an item both keep, or one only `before` or only `after` has. */
export type SequenceStep = { op: 'same'; before: number; after: number } | { op: 'removed'; before: number } | { op: 'added'; after: number };

/**
 * The shortest edit script between two sequences of keys (Myers' O((n+m)·d) algorithm), in order: fast when the two
 * differ little, which is the case of two revisions of one text or one story.
 */
export function diffSequences(before: readonly string[], after: readonly string[]): SequenceStep[] {
  const n = before.length;
  const m = after.length;
  const max = n + m;
  const offset = max + 1;
  const frontier = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(frontier.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (frontier[offset + k - 1] ?? 0) < (frontier[offset + k + 1] ?? 0));
      let x = down ? (frontier[offset + k + 1] ?? 0) : (frontier[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && before[x] === after[y]) {
        x++;
        y++;
      }
      frontier[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace back from the end to recover the steps.
  const steps: SequenceStep[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const previousK = down ? k + 1 : k - 1;
    const previousX = v[offset + previousK] ?? 0;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      steps.push({ op: 'same', before: x, after: y });
    }
    if (down) steps.push({ op: 'added', after: --y });
    else steps.push({ op: 'removed', before: --x });
  }
  // What is left is the opening run both share.
  while (x > 0 && y > 0) {
    x--;
    y--;
    steps.push({ op: 'same', before: x, after: y });
  }
  return steps.toReversed();
}
