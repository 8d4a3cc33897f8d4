// Distributed perft (src/distributed/, issue 21): the rate of `lattice perft --redis` with 1, 2 and 4
// local `lattice worker` processes against the local `lattice perft` of the same tree: the queue's
// overhead at one worker, the scaling beyond. `npm run bench:distributed` runs this.
//
//   node bench/distributed.js [--trees bagh-chal:8:2,tibetan-2:6:2,tibetan-4:5:1] [--workers 1,2,4] [--rounds 1] [--json]
//
//   --trees    variant:depth:split, comma-separated (the split: plies at which the tree becomes jobs)
//   --workers  worker counts to measure, comma-separated
//   --rounds   runs of each measurement; the median is reported
//   --json     one JSON object on stdout (progress on stderr)
//
// It starts its own redis-server (Debian's; REDIS_SERVER to name another) on a free loopback port with a
// temporary directory, nothing saved to disk, and stops it at the end. Each distributed run uses a fresh
// Redis database, so nothing is reused from an earlier run; the workers are started (and have loaded the
// engine) before the clock starts. Times: the `ms` each command reports (the local perft: the count
// alone; the distributed one: the split, the queue and the jobs), so process start-up is left out of
// both. A count that differs from the local one exits 1. The machine's cores bound the scaling: on 2
// cores, 4 workers share them; the load average is printed with each tree (another process's load
// takes cores from the workers and the local run alike).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const REDIS = process.env.REDIS_SERVER ?? 'redis-server';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
for (let i = 0; i < argv.length; i++) {
  if (['--trees', '--workers', '--rounds'].includes(argv[i])) i++;
  else if (argv[i] !== '--json') {
    console.error(`unknown option ${argv[i]} (known: --trees --workers --rounds --json)`);
    process.exit(2);
  }
}
const TREES = opt('--trees', 'bagh-chal:8:2,tibetan-2:6:2,tibetan-4:5:1')
  .split(',')
  .map((t) => {
    const [variant, depth, split] = t.split(':');
    return { variant, depth: Number(depth), split: Number(split) };
  });
const WORKERS = opt('--workers', '1,2,4').split(',').map(Number);
const ROUNDS = Number(opt('--rounds', '1'));
const JSON_OUT = argv.includes('--json');
const note = (...a) => (JSON_OUT ? console.error(...a) : console.log(...a));
const die = (m) => {
  console.error(`bench: ${m}`);
  process.exit(1);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Runs `lattice ...args` and returns its JSON result (and, with --progress, the jobs its stderr reports). */
function lattice(args) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) die(`lattice ${args.join(' ')} failed: ${r.stderr}`);
  const jobs = /split at \d+ plies: (\d+) jobs/.exec(r.stderr)?.[1];
  return { ...JSON.parse(r.stdout), jobs: jobs === undefined ? undefined : Number(jobs) };
}

/** Starts a `lattice worker --json` and resolves once it is ready. */
function worker(url) {
  const proc = spawn(process.execPath, [CLI, 'worker', '--redis', url, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '',
    err = '';
  proc.stderr.on('data', (b) => {
    err += b;
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (b) => {
      out += b;
      if (out.includes('"event":"ready"')) resolve(proc);
    });
    proc.once('exit', (code) => reject(new Error(`worker exited (${code}): ${err}`)));
  });
}
const stop = (procs) =>
  Promise.all(
    procs.map(
      (p) =>
        new Promise((resolve) => {
          if (p.exitCode !== null) resolve();
          else {
            p.once('exit', resolve);
            p.kill('SIGTERM');
          }
        }),
    ),
  );

const dir = mkdtempSync(join(tmpdir(), 'lattice-bench-redis-'));
const port = await freePort();
const server = spawn(
  REDIS,
  [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--databases',
    '1024',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
server.once('error', (e) => die(`cannot start ${REDIS}: ${e.message} (install Debian's redis-server)`));
await new Promise((resolve, reject) => {
  let log = '';
  server.stdout.on('data', (b) => {
    log += b;
    if (log.includes('Ready to accept connections')) resolve();
  });
  server.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${log}`)));
});
let db = 0;
const rows = [];
try {
  note(
    `machine: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} cores, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (shared machine: other jobs may run)`,
  );
  for (const t of TREES) {
    const args = ['perft', t.variant, String(t.depth)];
    const local = [];
    let nodes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const j = lattice(args);
      local.push(j.ms);
      nodes = j.nodes;
    }
    const row = { ...t, nodes, localMs: median(local), runs: {}, load: loadavg()[0] };
    note(
      `${t.variant} perft ${t.depth} (${nodes} leaves): local ${row.localMs} ms, ${(nodes / row.localMs / 1000).toFixed(1)} M leaves/s (load average ${row.load.toFixed(2)})`,
    );
    for (const n of WORKERS) {
      const times = [];
      for (let r = 0; r < ROUNDS; r++) {
        const url = `redis://127.0.0.1:${port}/${++db}`;
        const ws = await Promise.all(Array.from({ length: n }, () => worker(url)));
        try {
          const j = lattice([...args, '--split', String(t.split), '--redis', url, '--progress']);
          if (j.nodes !== nodes) die(`${t.variant} perft ${t.depth}: ${j.nodes} on ${n} workers, ${nodes} locally`);
          times.push(j.ms);
          row.jobs = j.jobs;
        } finally {
          await stop(ws);
        }
      }
      const ms = median(times);
      row.runs[n] = { ms, rate: nodes / ms / 1000, vsLocal: row.localMs / ms };
      note(
        `  ${n} worker${n > 1 ? 's' : ' '}: ${ms} ms, ${(nodes / ms / 1000).toFixed(1)} M leaves/s, ${(row.localMs / ms).toFixed(2)}x the local perft`,
      );
    }
    rows.push(row);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
if (JSON_OUT) console.log(JSON.stringify({ workers: WORKERS, rows }));
else {
  console.log(
    `\n| tree | local | ${WORKERS.map((n) => `${n} worker${n > 1 ? 's' : ''}`).join(' | ')} | load average |`,
  );
  console.log(`|---|---|${WORKERS.map(() => '---').join('|')}|---|`);
  for (const r of rows) {
    const cells = WORKERS.map((n) => `${(r.runs[n].ms / 1000).toFixed(2)} s (${r.runs[n].vsLocal.toFixed(2)}x)`);
    console.log(
      `| ${r.variant} perft ${r.depth}, split ${r.split} (${r.jobs} jobs) | ${(r.localMs / 1000).toFixed(2)} s | ${cells.join(' | ')} | ${r.load.toFixed(1)} |`,
    );
  }
}
