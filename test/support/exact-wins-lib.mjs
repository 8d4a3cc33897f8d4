// Shared by the forced-win checks against the tablebase (test/support/exact-wins.mjs, the long run, and
// test/reference/exact-wins.test.ts, the sample in `npm test`): random Bagh Chal movement-phase positions,
// sampled by their tablebase distance to mate, and the verdict on one search.

/** A seeded generator of non-negative 32-bit integers (mulberry32). */
export function seededRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A random movement-phase position string (docs/notation.md): 4 tigers and 20 - c goats on distinct
 * points, no goats in hand, c = 0 .. capturesToWin - 1 captured, either side to move.
 */
export function randomMovementPosition(rand, capturesToWin = 5) {
  const c = rand() % capturesToWin;
  const cells = Array(25).fill('.');
  const put = (ch, n) => {
    for (let k = 0; k < n; ) {
      const i = rand() % 25;
      if (cells[i] === '.') {
        cells[i] = ch;
        k++;
      }
    }
  };
  put('T', 4);
  put('G', 20 - c);
  const ranks = [4, 3, 2, 1, 0].map((y) =>
    cells
      .slice(y * 5, y * 5 + 5)
      .join('')
      .replace(/\.+/g, (m) => String(m.length)),
  );
  return `${ranks.join('/')} ${rand() % 2 ? 'T' : 'G'} - ${c ? `G${c}` : '-'}`;
}

/**
 * Samples `count` distinct positions stratified by the tablebase's verdict for the side to move: wins
 * in n = 1, 3, ..., maxN plies and losses in n = 2, 4, ..., maxN (the parity of a Bagh Chal result),
 * and one bucket for draws and results longer than maxN, `count / buckets` each. Long results are rare
 * at random, so two random positions along each decisive position's tablebase line are taken too (the
 * distance drops by one a ply along it). `oracle` is a Game with the tablebase loaded.
 * Returns [{ pos, n, tb }]: n = +dtm for a win, -dtm for a loss, null for draw or longer; tb = probe().
 */
export function sampleByDistance(oracle, { count, maxN, seed, capturesToWin = 5, maxTries = count * 5000 }) {
  const rand = seededRandom(seed);
  const keys = [];
  for (let n = 1; n <= maxN; n += 2) keys.push(String(n));
  for (let n = 2; n <= maxN; n += 2) keys.push(String(-n));
  keys.push('long');
  const perBucket = Math.ceil(count / keys.length);
  const buckets = new Map(keys.map((k) => [k, 0]));
  const picked = [];
  const seen = new Set();
  const consider = (pos) => {
    if (seen.has(pos)) return null;
    seen.add(pos);
    oracle.setPosition(pos);
    if (oracle.result()) return null;
    const p = oracle.probe();
    if (!p) return null;
    const n = p.dtm === null || p.dtm > maxN ? null : p.wdl === 'win' ? p.dtm : -p.dtm;
    const b = n === null ? 'long' : String(n);
    if (picked.length < count && (buckets.get(b) ?? perBucket) < perBucket) {
      buckets.set(b, buckets.get(b) + 1);
      picked.push({ pos, n, tb: p });
    }
    return p;
  };
  for (let tries = 0; picked.length < count && tries < maxTries; tries++) {
    const pos = randomMovementPosition(rand, capturesToWin);
    const p = consider(pos);
    if (p && p.dtm !== null && p.line.length > 1) {
      for (let k = 0; k < 2; k++) {
        const steps = 1 + (rand() % (p.line.length - 1));
        oracle.setPosition(pos);
        for (const m of p.line.slice(0, steps)) oracle.play(m);
        consider(oracle.position());
      }
    }
  }
  return { picked, buckets };
}

/**
 * The verdict on one search result `r` (Game.search) for a sampled position: a decisive n must be
 * reported exactly (mateIn === n); for draws and longer results, any mate reported must be on the
 * tablebase's side and no shorter than its distance. Returns true when they agree.
 */
export function agrees({ n, tb }, r) {
  if (n !== null) return r.mateIn === n;
  if (r.mateIn === null) return true;
  return tb.dtm !== null && Math.abs(r.mateIn) >= tb.dtm && r.mateIn > 0 === (tb.wdl === 'win');
}
