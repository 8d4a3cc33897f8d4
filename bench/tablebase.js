// Bagh Chal movement-phase tablebase build: time, positions per second and memory per layer, with one
// thread and with all cores, against the native C solver's figure the issue cites (about 34 s for the
// whole movement phase, OpenMP on this 2-core machine). Files go to a temp dir, removed afterwards.
//
//   node bench/tablebase.js [--json] [--captures-to-win N]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTablebase } from '../dist/src/solve/index.js';

const NATIVE_SECONDS = 34;
const JSON_OUT = process.argv.includes('--json');
const ctwArg = process.argv.indexOf('--captures-to-win');
const ctw = ctwArg > 0 ? Number(process.argv[ctwArg + 1]) : 5;
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

const runs = [];
for (const threads of [...new Set([1, availableParallelism()])]) {
  const dir = mkdtempSync(join(tmpdir(), 'lattice-tb-bench-'));
  try {
    const layers = [];
    const t0 = performance.now();
    const r = await buildTablebase('bagh-chal', {
      dir,
      threads,
      options: { 'captures-to-win': ctw },
      onLayer: (l) => {
        const rss = process.memoryUsage().rss / 2 ** 20;
        layers.push({
          layer: l.layer,
          positions: l.distinct,
          seconds: l.ms / 1000,
          perSecond: l.distinct / (l.ms / 1000),
          wasmMB: l.memoryMB,
          rssMB: Math.round(rss),
        });
        note(
          `  threads ${threads} layer ${l.layer}: ${l.distinct} positions in ${(l.ms / 1000).toFixed(1)} s (${(l.distinct / l.ms / 1000).toFixed(2)} M/s), wasm memory ${l.memoryMB} MB, rss ${Math.round(rss)} MB`,
        );
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    runs.push({
      threads,
      positions: r.distinct,
      seconds,
      perSecond: r.distinct / seconds,
      ratioToNative: ctw === 5 ? NATIVE_SECONDS / seconds : null,
      layers,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (JSON_OUT) console.log(JSON.stringify({ capturesToWin: ctw, nativeSeconds: NATIVE_SECONDS, runs }, null, 2));
else
  for (const r of runs) {
    console.log(
      `threads ${r.threads}: ${r.positions} positions in ${r.seconds.toFixed(1)} s, ${(r.perSecond / 1e6).toFixed(2)} M positions/s` +
        (r.ratioToNative ? `, ${r.ratioToNative.toFixed(2)}x the native solver (${NATIVE_SECONDS} s)` : ''),
    );
  }
