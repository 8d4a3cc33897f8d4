// Probing the placement phase's solved layers (placement.ts "Values") from the current position, for the
// search (search.ts) and the host. The layers stay in files: the host reads the one byte a probe needs
// (src/solve/placement/tables.ts, behind the `plByte` import), so the core holds none of their 17.4 GB.
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
 * The bytes read lately, direct-mapped (a search probes the same positions again and again, through
 * transpositions): entry = (key + 1) << 8 | byte, key = offset << 9 | side << 8 | placed << 3 | captured; 0 empty.
 * It saves the call into the host for a repeated probe. Cleared when the layers change (setPlacementProbe).
 */
const CACHE_BITS: i32 = 16;
const CACHE = new StaticArray<u64>(1 << CACHE_BITS);

/**
 * Lets the search probe the placement layers (`game` > 0: the game's captures-to-win, `tables` the layers',
 * `total` the prey in the game) or not (`game` 0). Returns -1 for counts that do not fit.
 */
export function setPlacementProbe(game: i32, tables: i32, total: i32): i32 {
  for (let i = 0; i < 1 << CACHE_BITS; i++) unchecked((CACHE[i] = 0));
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
  const offset = <u64>(slot / 2);
  const placed = preyAll - inHand;
  const key = (offset << 9) | ((<u64>side) << 8) | ((<u64>placed) << 3) | (<u64>captured);
  const at = <i32>((key * 0x9e3779b97f4a7c15) >> (64 - CACHE_BITS));
  const e = unchecked(CACHE[at]);
  let b: i32;
  if (e >> 8 == key + 1) b = <i32>(e & 255);
  else {
    b = hostPlByte(side, placed, captured, <f64>offset);
    if (b < 0) return -1;
    unchecked((CACHE[at] = ((key + 1) << 8) | (<u64>b)));
  }
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
