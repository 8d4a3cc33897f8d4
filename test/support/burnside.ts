// Counting positions up to the board's symmetries independently of the tablebase index.

/** Orbits of (4 tigers, g goats) placements on 5x5 under the square's 8 symmetries, by Burnside's lemma. */
export function burnside(goats: number): number {
  const perms: number[][] = [];
  for (let k = 0; k < 8; k++) {
    perms.push(
      Array.from({ length: 25 }, (_, p) => {
        let x = p % 5,
          y = Math.floor(p / 5);
        for (let r = 0; r < k % 4; r++) [x, y] = [4 - y, x];
        if (k >= 4) x = 4 - x;
        return y * 5 + x;
      }),
    );
  }
  let sum = 0;
  for (const perm of perms) {
    const seen = new Set<number>();
    const cycles: number[] = [];
    for (let i = 0; i < 25; i++) {
      if (seen.has(i)) continue;
      let n = 0;
      for (let j = i; !seen.has(j); j = perm[j]) {
        seen.add(j);
        n++;
      }
      cycles.push(n);
    }
    const memo = new Map<string, number>();
    const ways = (i: number, t: number, g: number): number => {
      if (i === cycles.length) return t === 0 && g === 0 ? 1 : 0;
      const k = `${i},${t},${g}`;
      if (memo.has(k)) return memo.get(k)!;
      const l = cycles[i];
      const r = ways(i + 1, t, g) + (t >= l ? ways(i + 1, t - l, g) : 0) + (g >= l ? ways(i + 1, t, g - l) : 0);
      memo.set(k, r);
      return r;
    };
    sum += ways(0, 4, goats);
  }
  return sum / 8;
}
