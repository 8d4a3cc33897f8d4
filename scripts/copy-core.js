// Copies the WebAssembly core (build/lattice*.wasm and its generated bindings .js/.d.ts) to dist/build/,
// beside dist/src/, so that src/wasm.ts's relative paths ('../build/lattice.wasm') resolve the same from
// src/ (tests, repository) and from dist/src/ (the installed package). Run by `npm run build:wasm`.
import { cpSync, rmSync } from 'node:fs';

const from = new URL('../build/', import.meta.url);
const to = new URL('../dist/build/', import.meta.url);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true, filter: (f) => !/\.(wat|map)$/.test(f) });
