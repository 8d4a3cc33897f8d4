// Random playouts for the property tests (test/properties.test.ts, test/properties-hunt.test.ts).
import fc from 'fast-check';
import type { Game } from '../src/index.js';

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
