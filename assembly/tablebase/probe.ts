// Probing the movement-phase tablebase from the current position.
import { hunters, prey, side, inHand, captured } from '../position';
import { boardMask } from '../board';
import { low32, andNot, or } from '../bits';
import { slotOf, slotsPerSide, binom, F, orbits } from './index';
import { layerPtr, emptiesOf, UNUSED } from './retro';

/**
 * The tablebase value of the current position: dtm + 1 (the side to move wins iff dtm is odd), 0 for a
 * draw, -1 when the position is outside the tablebase (prey in hand, layer not loaded) .
 */
export function probeCurrent(): i32 {
  if (orbits == 0 || inHand != 0) return -1;
  const base = layerPtr(captured);
  if (base == 0) return -1;
  const E = emptiesOf(captured);
  const h = low32(hunters),
    e = low32(andNot(boardMask, or(hunters, prey)));
  if (<i32>popcnt(e) != E) return -1;
  const slot = side * slotsPerSide(E) + slotOf(h, e, binom(F, E));
  const v = load<u16>(base + ((<usize>slot) << 1));
  return v == UNUSED ? -1 : <i32>v;
}
