// Random playouts for the property tests (test/property/bagh-chal.test.ts, test/property/hunt-games.test.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Game } from '../../src/index.js';

/** Choices for randomPlay: up to `max` naturals (fast-check shrinks them toward shorter, earlier picks). */
export const choicesArb = (max: number) => fc.array(fc.nat({ max: 9999 }), { maxLength: max, size: 'max' });

/** Plays random legal moves (choice i picks legalMoves()[i % n]) until the choices or the game end. */
export function randomPlay(g: Game, choices: number[]): string[] {
  const played: string[] = [];
  for (const c of choices) {
    const ms = g.legalMoves();
    if (ms.length === 0) break;
    const m = ms[c % ms.length]!;
    g.play(m);
    played.push(m);
  }
  return played;
}

/** A small deterministic random generator (mulberry32): numbers in [0, 1), the same for a seed on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A position string from a cell per point ('T', 'G' or '') and the goats in hand and captured. */

/** A move played in a playout, with the position and key before it. */
export interface PlayedStep {
  pos: string;
  key: string;
  move: string;
}

/**
 * Undoes every move of `trail` (the game's history, oldest first), checking at each step that undo()
 * names the move and that the position and key before it come back with a consistent key.
 */
export function expectUndoneAlong(g: Game, trail: readonly PlayedStep[]): void {
  for (let i = trail.length - 1; i >= 0; i--) {
    expect(g.undo()).toBe(trail[i]!.move);
    expect(g.position()).toBe(trail[i]!.pos);
    expect(g.key()).toBe(trail[i]!.key);
    expect(g.keyConsistent()).toBe(true);
  }
}
