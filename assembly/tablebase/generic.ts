// The generic retrograde solver (DESIGN.md "Tablebases and solving"; issue 20): any hunt-family game
// of at most 64 points, whatever its RuleSet says. No variant id: the host hands over the board's
// symmetries, the points where stacks may stand (a stack never grows in the hunt family: pieces only
// step, jump or are placed onto empty points), each side's total and start hand, and then solves layer
// by layer.
//
// LAYERS. A layer is what never comes back: (side 0 captured, side 1 captured, side 0 in hand, side 1
// in hand, the class of the stack vector). The stack vector is the excess (pieces beyond one) on each
// stack point, its total E the pieces on the board beyond one a point; no stack changes inside a layer
// (a stack never grows, and a step off one or a capture from one lowers E), so the vector itself never
// does up to the symmetries, and a layer holds one symmetry class of vectors (their orbit under SPERM:
// a position is stored in a frame whose vector is any member). Classes are numbered by total, then by
// least member code: without stacks there is one class (0), and where every total has one class (one
// stack point) the class is E, so those games' keys, slots and files are what they were when the layers
// were by total. Every move that changes a coordinate (a capture, a placement, a step off a stack)
// leads to a layer with more progress (c0 + c1 - h0 - h1 - E greater), solved before; a layer needs only
// the layers its moves lead to. Inside a layer the only moves are steps of a single piece onto an empty
// point.
//
// INDEX of a layer (both sides to move):
//
//   slot = side * perSide + orbit * perOrbit + ((block(vec) + rank(P)) * lastF + last) * stallF + stall
//
//   orbit: the symmetry class of the hunters' (side 1's) point set H of n1 points (its representative
//     is the class's least member); vec: the stack vector (excess per stack point, sum E), one of the
//     layer's class, each member a block (in ascending code order); rank(P): the colex rank of side
//     0's pieces that the vector does not stack, among the F = N - n1 points the representative leaves
//     free less the vector's stacks (a block holds C(F - s, n0 - s) placements, s = the points the
//     vector stacks); last: 0 for none, else 1 + the rank of the noSameTwice side's last point among
//     that side's points (lastF = that side's points + 1, or 1 without the rule); stall: the stall
//     counter (stallF = the stall limit, or 1 without it).
//   A position is stored in its canonical frame: among the symmetries that map H to the
//   representative, the one giving the least (P, vec, last) tuple. Other images of hunter sets with a
//   non-trivial stabiliser, and combinations the rules exclude (a stack on a point of the other side, a
//   last point off its side), are UNUSED slots.
//
// VALUES (u16 per slot): 0 draw (neither side forces a win: a cycle, the draw3 reading of RULES.md §0),
// 1 + 2d the side to move wins in d plies, 2 + 2d it loses in d plies (the winner hurries, the loser
// delays; d = 0: the game is over, e.g. the giant's escape after a dwarf move is a win in 0 for the
// giant to move, a side with no move a loss in 0), 0xFFFF unused. While a layer is solved, an
// unresolved slot may hold 0x8000 | m (m = the longest loss through moves that leave the layer).
//
// ALGORITHM (retrograde analysis with successor counters). Pass 1 visits every slot: it sets the
// position in the core, generates its moves (the core's own generator: every rule primitive is the
// core's), and sorts each successor: decided at once (a static result), in a solved layer (its stored
// value), or in this layer (counted once per distinct canonical slot). A win through a move that leaves
// the layer is queued at its level; a draw through one blocks the loss. Then level by level: a position
// resolved as a loss in L makes each predecessor a win in L + 1; resolved as a win in L, it decrements
// each predecessor's counter, and a counter reaching 0 makes a loss in max(L + 1, m). Predecessors come
// from un-stepping one piece of the side that moved (with every extra state that could have led here)
// and are each checked by the core's generator: the step must be legal there and lead exactly here, so
// no rule (interventions, the stack rule, the last point, placing before stepping) is re-implemented;
// only a side whose steps nothing but their directions restricts (PLAIN_STEPS) is checked by direction
// alone. What is never resolved is a draw. The host runs a layer in steps (gsBegin, gsStep) so that it
// can report progress and answer signals between them.
//
// EXIT PASSES (a layer whose direct successors do not fit in memory beside it). Pass 1 then comes in
// two kinds. An exit pass (gsCover the layers it reads, gsExitBegin, gsStep to 0), one per group of
// successor layers attached, visits every slot and, for each used, undecided one, folds the values of
// its moves into the attached layers declared by gsCover into the slot's exit summary: bestWin (the
// least d + 1 over successors lost in d), block (a successor drawn), maxLoss (the greatest d + 1 over
// successors won in d). Moves within the layer, decided moves and moves into other layers are left to
// other passes; folding is a min, an or and a max, so a successor read twice changes nothing. Between
// passes the summary lives in the layer's own memory: the counter holds bestWin | block << 15 (bestWin
// 0 = none, else 1..MAX_DIST + 1 = 16384 < 2^15) and the value PENDING | maxLoss (0..16384 < 2^15: the
// same code as an unresolved slot's m), an unused slot UNUSED and a decided one its value (the first
// exit pass writes these; later ones skip such slots without decoding them). The final pass is pass 1
// as above with the summary as its start: moves into a layer an exit pass read are skipped, moves into
// a layer attached now are read (the last group is read here, not by an exit pass of its own), and a
// move into any other layer is ERR_MISSING, never a wrong value. The counts, queues and values come out
// as in one pass (the same files, byte for byte).
//
// SPEED (issue 38; the files are byte for byte those of the plain algorithm). A move or un-move of one
// side 0 piece keeps the hunters' set, so its orbit, the stabiliser of the representative and the stack
// vector's images: decode() keeps the position it gave last as the ANCHOR (its images under the stabiliser
// and its rank), and slotNear gives the slot of the anchor with one piece moved from the rank's change over
// the pieces between the two points (a few, not all of them); nearSlots does that for all of side 0's
// un-steps at once where the stabiliser is trivial. Pass 1 counts side 0's moves without the generator
// where they are its plain steps (nearCount: the least image of each under the stabiliser tells the
// distinct ones apart), and decodes the next slot by the next combination in colex order (Gosper's step)
// instead of unranking it. Side 0's plain predecessors get their slots first and their values and
// counters read afterwards, together. Hunters' moves and un-moves, and sides whose steps the generator must
// check, take slotOf and the generator as before.
//
// FILES (generic/): tables.ts the limits, the errors, the host's input and the tables (binomials, ranks,
// symmetry images, hunter-set orbits); setup.ts gsSetup; layers.ts the layers' keys, sizes, classes and
// memory; slots.ts the INDEX (the current layer, slotOf, decode, the anchor: slotNear, nearSlots,
// nearCount) and gsProbe; queue.ts the level buckets, the counters and a set of slots; exit.ts the values
// of moves out of the layer and the exit passes; unmove.ts the in-layer predecessors (propagate);
// passes.ts gsBegin, gsStep and pass 1; verify.ts the verification. This file names what the module
// exports.
export {
  UNUSED,
  MAX_DIST,
  ERR_NONE,
  ERR_SETUP,
  ERR_MISSING,
  ERR_LEVEL,
  ERR_MEMORY,
  ERR_WIDTH,
  gsError,
  GSYM_IN,
  GSTACK_IN,
} from './generic/tables';
export {
  gsLayers,
  gsLayerPerSide,
  gsLayerKey,
  gsClasses,
  gsClassSum,
  gsClassSize,
  gsClassMember,
  gsVecClass,
  gsStackExcess,
  gsAttach,
  gsValues,
  gsAlloc,
} from './generic/layers';
export { gsProbe, gsCurrentLayer } from './generic/slots';
export { gsSetup } from './generic/setup';
export { gsQueueBytes, gsReserve } from './generic/queue';
export { gsCover } from './generic/exit';
export { gsExitBegin, gsBegin, gsStep, gsMaxDistance, gsSolveLayer, gsStat } from './generic/passes';
export { gsVerifyBegin, gsVerifyExit, gsVerifyExitStep, gsVerifyLayer } from './generic/verify';
