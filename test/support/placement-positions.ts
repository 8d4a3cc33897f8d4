/**
 * Random Bagh Chal placement-phase positions for the placement tests (test/reference/placement.test.ts and
 * placement-tables.test.ts): any placement of 4 tigers and `placed - captured` goats (not all reachable in a game),
 * `placed` from `from` to 19, either side to move, at most `k - 1` goats captured (fewer than the captures-to-win
 * `k`; the tigers to move have captured at most placed - 1). Position text as RULES.md's notation. Deterministic
 * (an LCG seeded by `seed`).
 */
export function randomPlacementPositions(n: number, seed: number, from: number, k: number): string[] {
  let s = seed >>> 0;
  const rnd = (m: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % m;
  };
  const out: string[] = [];
  while (out.length < n) {
    const placed = from + rnd(20 - from);
    const side = rnd(2);
    const captured = rnd(Math.min(side === 0 ? placed : placed - 1, k - 1) + 1);
    const cells = Array.from({ length: 25 }, () => '.');
    const put = (ch: string, count: number) => {
      for (let i = 0; i < count; ) {
        const p = rnd(25);
        if (cells[p] === '.') {
          cells[p] = ch;
          i++;
        }
      }
    };
    put('T', 4);
    put('G', placed - captured);
    const ranks: string[] = [];
    for (let y = 4; y >= 0; y--)
      ranks.push(
        cells
          .slice(y * 5, y * 5 + 5)
          .join('')
          .replace(/\.+/g, (m) => `${m.length}`),
      );
    out.push(`${ranks.join('/')} ${side ? 'T' : 'G'} G${20 - placed} ${captured ? `G${captured}` : '-'}`);
  }
  return out;
}
