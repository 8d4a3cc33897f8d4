// The host's move layer (benchmark.js): what moves(), legalMoves(), play(text) + undo() and the host's
// share of one ply of `lattice play` cost, as ratios to perft(1) of the same position (the core
// generating the list: the yardstick of the host's overhead). DESIGN.md "Moves and positions as values".
//
//   node bench/host.js [--json] [--dist DIR]     (DIR: another build's dist/, to compare; default ../dist)
//
// Each call starts from a position whose moves are not yet read (setPosition first: its own cost is
// measured too and taken off), except play + undo, which a program makes many times in one position
// (undo() gives back the position's list). "ply" is what `lattice play` does around its search:
// result(), moverName(), play(bestmove), result() of the new position, then undo() to repeat.
import Benchmark from 'benchmark';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const argv = process.argv.slice(2);
const JSON_OUT = argv.includes('--json');
const distArg = argv.indexOf('--dist');
const dist = distArg >= 0 ? resolve(argv[distArg + 1]) : new URL('../dist', import.meta.url).pathname;
const { Game } = await import(pathToFileURL(`${dist}/src/index.js`).href);
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));

const POSITIONS = [
  {
    name: 'tibetan-4 ring (11,016 moves)',
    variant: 'tibetan-4',
    options: {},
    position: '3/1T1/9/9/4G1G4/3GGGGG3/1T3GTG5/3GGGGG3/4G1G4/9/9/1T1/3 T - G48 -',
  },
  {
    name: 'tibetan-4 second-line (61,178 moves)',
    variant: 'tibetan-4',
    options: { setup: 'second-line' },
    position: '3/3/4T2G1/1GGGGGGG1/2G5G2/2G5GG1/1T1G5G1T1/2G5G2/2G5G2/1GGGGGGG1/9/1T1/3 T G48 - -',
  },
  // the start, then 12 plies of the middle move of each legal list (deterministic: the core's list order)
  {
    name: 'tibetan-2 middle game',
    variant: 'tibetan-2',
    options: {},
    position: '3/1T1/5/1GGG1/1G1G1/1GGG1/5/1T1/3 G G10 - -',
    plies: 12,
  },
  { name: 'bagh-chal start', variant: 'bagh-chal', options: {}, position: 'T3T/5/5/5/T3T G G20 -' },
];

let checksum = 0;
const rows = [];
for (const p of POSITIONS) {
  try {
    await measure(p);
  } catch (err) {
    // an older build may fail on a position (the 61,178-move one crashed legalMoves() before issue 17)
    note(`  ${p.name}: ${err.message}`);
    rows.push({ position: p.name, moves: NaN, perft1Ms: NaN, error: err.message });
  }
}

async function measure(p) {
  const g = await Game.create(p.variant, { options: p.options, position: p.position });
  for (let i = 0; i < (p.plies ?? 0); i++) {
    const legal = g.legalMoves();
    g.play(legal[legal.length >> 1]);
  }
  const pos = g.position();
  const n = g.perft(1);
  const best = g.legalMoves()[Math.floor(n / 2)];
  const cases = {
    'perft(1)': () => {
      checksum += g.perft(1);
    },
    setPosition: () => {
      g.setPosition(pos);
    },
    ...(typeof g.moves === 'function'
      ? {
          'moves()': () => {
            g.setPosition(pos);
            const ms = g.moves();
            checksum += ms.length + ms[ms.length >> 1].to.length;
          },
        }
      : {}),
    'legalMoves()': () => {
      g.setPosition(pos);
      checksum += g.legalMoves().length;
    },
    'play+undo': () => {
      g.play(best);
      g.undo();
      checksum++;
    },
    ply: () => {
      g.setPosition(pos);
      checksum += g.result() === null ? 1 : 0;
      g.moverName();
      g.play(best);
      checksum += g.result() === null ? 1 : 0;
      g.undo();
    },
  };
  // warm up (V8 tiers up) before benchmark.js samples
  for (let i = 0; i < 3; i++) for (const f of Object.values(cases)) f();
  const hz = {};
  const suite = new Benchmark.Suite(p.name);
  for (const [name, fn] of Object.entries(cases)) suite.add(name, { fn, minSamples: 5, maxTime: 2 });
  suite.on('cycle', (ev) => {
    hz[ev.target.name] = ev.target.hz;
    note(`  ${p.name}: ${String(ev.target)}`);
  });
  await new Promise((done) => {
    suite.on('complete', done);
    suite.run();
  });
  const ms = (name) => 1000 / hz[name];
  const base = ms('perft(1)'),
    setup = ms('setPosition');
  const row = { position: p.name, moves: n, perft1Ms: base };
  for (const name of ['moves()', 'legalMoves()', 'ply']) if (hz[name]) row[name] = (ms(name) - setup) / base;
  row['play+undo'] = ms('play+undo') / base;
  rows.push(row);
  g.dispose();
}
if (JSON_OUT) console.log(JSON.stringify({ dist, rows, checksum }, null, 2));
else {
  console.log(
    `\nhost / perft(1) of the same position (${dist}); goals on the big positions: moves() <= 3x, legalMoves() and play+undo <= 5x`,
  );
  console.log(
    `${'position'.padEnd(38)} ${'moves'.padStart(7)} ${'perft(1)'.padStart(9)}  ${['moves()', 'legalMoves()', 'play+undo', 'ply'].map((h) => h.padStart(12)).join('')}`,
  );
  for (const r of rows) {
    const f = (x) => (x === undefined ? '-' : `${x.toFixed(2)}x`).padStart(12);
    if (r.error) {
      console.log(`${r.position.padEnd(38)} error: ${r.error.slice(0, 60)}`);
      continue;
    }
    console.log(
      `${r.position.padEnd(38)} ${String(r.moves).padStart(7)} ${r.perft1Ms.toFixed(3).padStart(7)}ms  ${f(r['moves()'])}${f(r['legalMoves()'])}${f(r['play+undo'])}${f(r.ply)}`,
    );
  }
  console.log(`checksum ${checksum}`);
}
