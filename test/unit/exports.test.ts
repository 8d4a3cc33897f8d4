// Issue 35, class 8: every export of every package entry (package.json "exports": ".", "./worker",
// "./tablebase") is documented, and takes wrong argument types with a typed error. The test lists each
// entry's runtime exports and holds them to DOCUMENTED (a name exported and not listed, or listed and not
// exported, fails), checks that the doc named for each mentions it, and calls every function, every static
// factory, every method of the objects they give (Game, MakaGame, the solvers of solverFor and
// tablebaseSolverFor) with wrong argument types: each call returns, or throws a LatticeError (ArgumentError,
// ParseError, ...), never a TypeError, RangeError or plain Error.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as main from '../../src/index.js';
import * as worker from '../../src/worker/client.js';
import * as tablebase from '../../src/solve/api.js';

const API = 'docs/api.md';
const ERRORS = 'docs/api.md'; // the error table and the paragraph under it
/** Each entry's runtime exports and the doc that describes each. */
const DOCUMENTED: Record<string, Record<string, string>> = {
  '.': {
    Game: API,
    MATE: 'docs/search.md',
    MAX_SEARCH_DEPTH: API,
    MAX_PERFT_DEPTH: API,
    MAX_HASH_MB: API,
    DEFAULT_SEARCH_DEPTH: API,
    DEFAULT_SEARCH_MS: API,
    LatticeError: ERRORS,
    ParseError: ERRORS,
    PositionError: ERRORS,
    IllegalMoveError: ERRORS,
    UnknownVariantError: ERRORS,
    OptionError: ERRORS,
    RulesError: ERRORS,
    ArgumentError: ERRORS,
    DisposedError: ERRORS,
    TablebaseError: ERRORS,
    ManifestError: ERRORS,
    RedisError: ERRORS,
    JobError: ERRORS,
    VARIANTS: ERRORS,
    getVariant: ERRORS,
    resolveOptions: ERRORS,
    checkRules: ERRORS,
    extendRules: ERRORS,
    encodeRules: ERRORS,
    sideRules: ERRORS,
    RULE_LIMITS: ERRORS,
    alquerque: ERRORS,
    hareAndHounds: ERRORS,
    fromPointsAndLines: ERRORS,
    EngineWorker: API,
    createGame: API,
    listVariants: API,
    familyOf: API,
    FAMILIES: API,
    MakaGame: API,
    DEFAULT_MAKA_SEARCH_DEPTH: API,
    makaBoardText: ERRORS,
  },
  './worker': { EngineWorker: API },
  './tablebase': {
    buildTablebase: API,
    countPositions: API,
    solveGame: API,
    openPlacementTables: API,
    solverFor: API,
    tablebaseSolverFor: API,
    checkTables: API,
    readManifest: API,
    TablebaseError: ERRORS,
    ManifestError: ERRORS,
  },
};
const ENTRIES: Record<string, Record<string, unknown>> = { '.': main, './worker': worker, './tablebase': tablebase };

/** Wrong argument types: none is undefined (a left-out argument, which takes its default). */
const WRONG: unknown[] = [null, -1.5, { bogus: 1 }, [], Symbol('s'), 10n, true];
const show = (v: unknown) =>
  typeof v === 'symbol' ? 'Symbol()' : typeof v === 'bigint' ? `${v}n` : (JSON.stringify(v) ?? String(v));

/** Runs `f`; a throw must be a LatticeError. Returns a description of what went wrong, or null. */
async function typed(what: string, f: () => unknown): Promise<string | null> {
  try {
    await f();
    return null;
  } catch (err) {
    if (err instanceof main.LatticeError) return null;
    return `${what}: ${(err as Error)?.constructor?.name} ${String((err as Error)?.message ?? err).slice(0, 120)}`;
  }
}

/** The members a source file declares private (TypeScript's `private` is not seen at run time). */
function privates(...files: string[]): string[] {
  return files.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/^\s+private (?:(?:async|get|static|readonly) )*(\w+)/gm)].map((m) => m[1]!),
  );
}

/**
 * Every public method of `obj` (its prototype chain, Object's aside; `skip` and the private ones of its
 * sources left out), called with each wrong value as its first and second argument.
 */
async function methodsTyped(name: string, obj: object, skip: string[] = []): Promise<string[]> {
  const bad: string[] = [];
  const seen = new Set<string>();
  for (let p = Object.getPrototypeOf(obj); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const m of Object.getOwnPropertyNames(p)) {
      const d = Object.getOwnPropertyDescriptor(p, m)!;
      if (m === 'constructor' || seen.has(m) || typeof d.value !== 'function' || skip.includes(m)) continue;
      seen.add(m);
      for (const w of WRONG) {
        const r = await typed(`${name}.${m}(${show(w)})`, () =>
          (obj as Record<string, (...a: unknown[]) => unknown>)[m]!(w, w),
        );
        if (r) bad.push(r);
      }
    }
  return bad;
}

describe('the package entries', () => {
  it('package.json "exports" names these three entries, each built from the module tested here', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    const src = Object.fromEntries(
      Object.entries(pkg.exports as Record<string, { default?: string } | string>)
        .filter(([k]) => k !== './package.json')
        .map(([k, v]) => [k, (v as { default: string }).default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')]),
    );
    expect(src).toEqual({ '.': 'src/index.ts', './worker': 'src/worker/client.ts', './tablebase': 'src/solve/api.ts' });
  });

  for (const [entry, mod] of Object.entries(ENTRIES)) {
    it(`"${entry}": every export is documented, and every documented name exported`, () => {
      expect(Object.keys(mod).sort()).toEqual(Object.keys(DOCUMENTED[entry]!).sort());
      const missing = Object.entries(DOCUMENTED[entry]!).filter(
        ([name, doc]) => !new RegExp(`\`${name}[\`(. ]`).test(readFileSync(doc, 'utf8')),
      );
      expect(missing).toEqual([]);
    });
  }
});

describe('wrong argument types give typed errors', () => {
  it('every exported function, with each wrong value as its first or second argument', async () => {
    const bad: string[] = [];
    for (const [entry, mod] of Object.entries(ENTRIES))
      for (const [name, f] of Object.entries(mod)) {
        if (typeof f !== 'function' || /^[A-Z]/.test(name)) continue;
        for (const w of WRONG) {
          bad.push((await typed(`${entry} ${name}(${show(w)})`, () => (f as (...a: unknown[]) => unknown)(w))) ?? '');
          const v = main.getVariant('bagh-chal');
          const first = name === 'extendRules' ? v.rules(main.resolveOptions(v)) : 'catch-the-giant';
          bad.push(
            (await typed(`${entry} ${name}(…, ${show(w)})`, () => (f as (...a: unknown[]) => unknown)(first, w))) ?? '',
          );
        }
      }
    expect(bad.filter(Boolean)).toEqual([]);
  });

  it('the error classes are LatticeErrors; the classes open only through their factories', async () => {
    const bad: string[] = [];
    for (const [entry, mod] of Object.entries(ENTRIES))
      for (const [name, c] of Object.entries(mod)) {
        if (typeof c !== 'function' || !/^[A-Z]/.test(name)) continue;
        if (/Error$/.test(name)) {
          expect(c === main.LatticeError || c.prototype instanceof main.LatticeError, name).toBe(true);
          continue;
        }
        bad.push((await typed(`new ${name}()`, () => new (c as new (...a: unknown[]) => unknown)(...WRONG))) ?? '');
        for (const s of Object.getOwnPropertyNames(c))
          if (typeof (c as unknown as Record<string, unknown>)[s] === 'function')
            for (const w of WRONG)
              bad.push(
                (await typed(`${entry} ${name}.${s}(${show(w)})`, () =>
                  (c as unknown as Record<string, (...a: unknown[]) => unknown>)[s]!(w),
                )) ?? '',
              );
      }
    expect(bad.filter(Boolean)).toEqual([]);
  });

  it('every method of a Game and a MakaGame (dispose last)', async () => {
    const g = await main.Game.create('catch-the-giant');
    const m = main.MakaGame.create();
    const bad = [
      ...(await methodsTyped('Game', g, ['dispose', ...privates('src/lattice/game.ts')])),
      ...(await methodsTyped('MakaGame', m, ['dispose', ...privates('src/maka/game.ts')])),
    ];
    expect(bad).toEqual([]);
    g.dispose();
    m.dispose();
  });

  it('every method of the solvers solverFor and tablebaseSolverFor hand out', async () => {
    const seamPrivate = privates('src/solve/seam.ts');
    const bad = [
      ...(await methodsTyped('solverFor(catch-the-giant)', tablebase.solverFor('catch-the-giant'), seamPrivate)),
      ...(await methodsTyped('solverFor(bagh-chal)', tablebase.solverFor('bagh-chal'), seamPrivate)),
      ...(await methodsTyped('tablebaseSolverFor(bagh-chal)', tablebase.tablebaseSolverFor('bagh-chal'), seamPrivate)),
    ];
    expect(bad).toEqual([]);
  });

  it("the issue's cases: a variant left out or a number, an empty or missing dir", async () => {
    const { ArgumentError } = main;
    await expect(tablebase.solveGame(undefined as never, undefined as never)).rejects.toThrow(ArgumentError);
    await expect(tablebase.countPositions(5 as never)).rejects.toThrow(ArgumentError);
    await expect(tablebase.buildTablebase('bagh-chal', { dir: '' })).rejects.toThrow(ArgumentError);
    await expect(tablebase.solveGame('bagh-chal', {} as never)).rejects.toThrow(/dir must be a non-empty string/);
    expect(() => tablebase.solverFor(undefined as never)).toThrow(ArgumentError);
    await expect(tablebase.solverFor('catch-the-giant').solve('', {})).rejects.toThrow(ArgumentError);
    await expect(tablebase.solverFor('catch-the-giant').solve('unused', { bogus: 1 } as never)).rejects.toThrow(
      /unknown key "bogus"/,
    );
  });
});
