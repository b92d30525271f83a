/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps), case-sensitive.
 * Stops early and returns `max + 1` once the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The `count` names closest to `name` (case-insensitive), nearest first; ties keep their order. */
export function closestNames(name: string, names: Iterable<string>, count = 5): string[] {
  const lower = name.toLowerCase();
  const scored: Array<{ name: string; distance: number }> = [];
  for (const candidate of names) {
    const worst = scored.length >= count ? scored[scored.length - 1]!.distance : Infinity;
    const distance = editDistance(lower, candidate.toLowerCase(), worst);
    if (distance > worst) continue;
    scored.push({ name: candidate, distance });
    scored.sort((x, y) => x.distance - y.distance);
    if (scored.length > count) scored.pop();
  }
  return scored.map((s) => s.name);
}
