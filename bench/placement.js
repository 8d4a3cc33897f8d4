// Bagh Chal placement phase solved backwards (lattice solve): time, positions per second and resident
// memory per layer on every core. By default only the layers from 19 down to 16 goats placed (about a
// minute; the movement-phase tablebases are built first, in a temp dir); --whole runs the whole game
// and compares it with the native C solver's figure the issue cites (about 11 minutes, OpenMP on this
// 2-core machine). A rate from the partial run is not the whole game's: the layers with fewer goats
// placed have more moves per position (see README, "The whole game").
//
//   node bench/placement.js [--whole] [--stop-at N] [--json]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveGame } from '../dist/src/solve/placement.js';

const NATIVE_SECONDS = 11 * 60;
const JSON_OUT = process.argv.includes('--json');
const whole = process.argv.includes('--whole');
const stopArg = process.argv.indexOf('--stop-at');
const stopAt = whole ? 0 : stopArg > 0 ? Number(process.argv[stopArg + 1]) : 16;
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

const dir = mkdtempSync(join(tmpdir(), 'lattice-solve-bench-'));
const threads = availableParallelism();
const layers = [];
try {
  const t0 = performance.now();
  const r = await solveGame('bagh-chal', {
    dir,
    threads,
    stopAt,
    onLayer: (l) => {
      if (l.placed === 20) return;
      const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
      layers.push({
        placed: l.placed,
        captured: l.captured,
        side: l.side,
        positions: l.positions,
        seconds: l.ms / 1000,
        perSecond: l.ms > 0 ? l.positions / (l.ms / 1000) : null,
        rssMB: rss,
      });
      note(
        `  ${l.placed} placed ${l.captured} captured ${l.side} to move: ${l.positions} positions in ${(l.ms / 1000).toFixed(1)} s (${l.ms > 0 ? (l.positions / l.ms / 1000).toFixed(1) : '-'} M/s), rss ${rss} MB`,
      );
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const summary = {
    threads,
    stopAt,
    positions: r.positions,
    placementSeconds: r.placementMs / 1000,
    seconds,
    perSecond: r.positions / (r.placementMs / 1000),
    peakRssMB: r.peakRssMB,
    ...(whole
      ? {
          value: r.value,
          forcedCaptures: r.forcedCaptures,
          nativeSeconds: NATIVE_SECONDS,
          ratio: NATIVE_SECONDS / seconds,
        }
      : {}),
  };
  if (JSON_OUT) console.log(JSON.stringify({ ...summary, layers }));
  else {
    console.log(
      `placement pass down to ${stopAt} placed on ${threads} threads: ${r.positions} positions in ${(r.placementMs / 1000).toFixed(1)} s ` +
        `(${(summary.perSecond / 1e6).toFixed(1)} M/s), whole run ${seconds.toFixed(1)} s, peak rss ${r.peakRssMB} MB`,
    );
    if (whole)
      console.log(
        `start: ${r.value}, tigers force ${r.forcedCaptures} captures; ${summary.ratio.toFixed(2)}x the native solver's ${NATIVE_SECONDS / 60} min`,
      );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
