// The independent Tibetan reference's 105-point board (test/reference/tibetan.ts, built from RULES.md
// §0/§2) against the host's board geometry data (src/lattice alquerque(9, four dens)): same points
// in the same order, same drawn lines, same neighbours and short jumps per point, by name. Geometry
// only: no move generation of the host is used. The reference's own hand-derived board tests are in
// test/reference/tibetan.test.ts.
import { describe, expect, it } from 'vitest';
import { alquerque } from '../../src/board/index.js';
import { boardOf, pointName } from './tibetan.js';

describe('tibetan-4 board: reference = host geometry', () => {
  const host = alquerque(9, { dens: ['south', 'north', 'west', 'east'] });
  const ref = boardOf('tibetan-4');
  const refName = (i: number) => pointName(ref, i);

  it('points, in index order', () => {
    expect(ref.points.map((_, i) => refName(i))).toEqual(host.points.map((p) => p.name));
    expect([ref.width, ref.height]).toEqual([host.width, host.height]);
  });

  it('drawn lines', () => {
    const norm = (l: string[]) => [l.join(' '), l.slice().reverse().join(' ')].sort()[0];
    const h = host.lines.map((l) => norm(l.map((i) => host.points[i].name))).sort();
    const r = ref.lines.map((l) => norm(l.map(refName))).sort();
    expect(r).toEqual(h);
  });

  it('neighbours and short jumps of every point', () => {
    for (let i = 0; i < host.points.length; i++) {
      const name = host.points[i].name;
      const hn: string[] = [],
        hj: string[] = [];
      for (let d = 0; d < 8; d++) {
        const n = host.neighbours[i * 8 + d];
        if (n >= 0) hn.push(host.points[n].name);
        const l = host.jumps[i * 8 + d];
        if (l >= 0) hj.push(`${host.points[n].name}>${host.points[l].name}`);
      }
      const r = ref.points.findIndex((_, k) => refName(k) === name);
      expect([name, ref.neighbours[r].map(refName).sort()]).toEqual([name, hn.sort()]);
      expect([name, ref.jumps[r].map((j) => `${refName(j.over)}>${refName(j.to)}`).sort()]).toEqual([name, hj.sort()]);
    }
  });
});
