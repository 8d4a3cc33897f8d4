// Probing the placement phase's solved layers (placement.ts "Values") from the current position, for the
// search (search.ts) and the host. The layers stay in files: the host reads the one byte a probe needs
// (src/solve/placement/tables.ts, behind the `plByte` import), so the core holds none of their 16.5 GB.
import { hunters, prey, side, inHand, captured } from '../position';
import { low32 } from '../bits';
import { orbits } from './index';
import { slotOf } from './placement';

/** The byte at `offset` of layer (side to move, prey placed, prey captured), or -1 when the host has no such layer. */
@external("env", "plByte") declare function hostPlByte(side: i32, placed: i32, captured: i32, offset: f64): i32;

/** The game's captures-to-win while the search probes the placement layers (0: it does not). */
let gameK: i32 = 0;
/** The layers' captures-to-win (KMAX of their nibbles, >= gameK). */
let tablesK: i32 = 0;
/** Prey in the game (placed = preyTotal - inHand). */
let preyAll: i32 = 0;

/**
 * Lets the search probe the placement layers (`game` > 0: the game's captures-to-win, `tables` the layers',
 * `total` the prey in the game) or not (`game` 0). Returns -1 for counts that do not fit.
 */
export function setPlacementProbe(game: i32, tables: i32, total: i32): i32 {
  if (game == 0) {
    gameK = 0;
    return 0;
  }
  if (game < 1 || tables < game || tables > 7 || total < 1) return -1;
  gameK = game;
  tablesK = tables;
  preyAll = total;
  return 0;
}

/** True while the search probes the placement layers. */
export function placementProbing(): bool {
  return gameK != 0;
}

/** The nibble of the current position (prey in hand), or -1: not in the placement phase, no probing, layer absent. */
export function placementNibble(): i32 {
  if (gameK == 0 || inHand == 0 || orbits == 0) return -1;
  const h = low32(hunters),
    g = low32(prey);
  const slot = slotOf(h, g, <i32>popcnt(g));
  if (slot < 0) return -1;
  const b = hostPlByte(side, preyAll - inHand, captured, Math.floor(slot / 2));
  if (b < 0) return -1;
  return (b >> (((<i32>slot) & 1) << 2)) & 15;
}

/**
 * The value of the current position for the side to move by the placement layers, under the game's
 * captures-to-win k (<= the layers' KMAX): 1 win, -1 loss, 0 draw, 2 "the goats win or it is a draw" (k <
 * KMAX: the nibble's goats bit is KMAX's), -2 not covered. The hunters win iff V >= k; else the goats win
 * iff their bit is set and k == KMAX; a clear bit is a draw under every k (a goats' win at k is one at KMAX).
 */
export function placementValue(): i32 {
  const x = placementNibble();
  if (x < 0) return -2;
  const hunterWin = (x & 7) >= gameK;
  const goatBit = (x & 8) != 0;
  // side 1: the hunters to move
  if (hunterWin) return side == 1 ? 1 : -1;
  if (!goatBit) return 0;
  if (gameK == tablesK) return side == 1 ? -1 : 1;
  return 2;
}
