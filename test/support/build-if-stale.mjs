// The build step of every tier (`npm test`'s pretest, `npm run test:browser`, `test:package`,
// `test:slow`, `test:deep`): runs `npm run build` unless everything it writes is newer than everything it
// reads (make's rule, by modification times). CI runs the tiers right after `npm ci`, whose prepare has
// just built it all: building again (six WebAssembly targets, the host, the page) took 35 s of an idle
// `npm test`'s 188. Any source newer than an output, or an output missing, builds everything as before.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const at = (p) => join(root, p);

/** Every file under `dir` (recursively). */
function files(dir) {
  return readdirSync(at(dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

const inputs = [
  ...files('assembly'),
  ...files('src'),
  ...files('scripts'),
  ...['asconfig.json', 'package.json', 'package-lock.json', 'tsconfig.json'].map(at),
];
const targets = Object.values(JSON.parse(readFileSync(at('asconfig.json'), 'utf8')).targets).map((t) => t.outFile);
const outputs = [
  ...targets.map(at),
  ...targets.map((f) => at(join('dist', f))),
  ...['dist/src/index.js', 'dist/src/cli/main.js', 'dist/src/serve.js', 'dist/web/index.html'].map(at),
];

const newestInput = Math.max(...inputs.map((f) => statSync(f).mtimeMs));
const missing = outputs.filter((f) => !existsSync(f));
const oldestOutput = missing.length ? -Infinity : Math.min(...outputs.map((f) => statSync(f).mtimeMs));

const script = process.env.npm_lifecycle_event ?? 'build-if-stale';
if (missing.length === 0 && oldestOutput > newestInput) {
  console.log(`${script}: the build is up to date (every output is newer than every source): not building again`);
} else {
  console.log(
    `${script}: building (${missing.length ? `missing ${missing.map((f) => f.slice(root.length)).join(', ')}` : 'a source is newer than the build'})`,
  );
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(r.status ?? 1);
}
