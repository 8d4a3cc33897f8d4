/**
 * Moves as values, the shape every family shares (DESIGN.md "Moves and positions as values"; RULES.md §0
 * "Notation"): what `moves()` gives and what `play()` takes besides text. Types only; each family turns
 * them into its own packed moves (src/lattice/moves.ts, src/maka/game.ts).
 */
/**
 * The kind of a move: `jump` is a capture by jumping, one jump or a chain of them; `intervention` a step
 * that captures the pieces it comes between (Surround the Tiger); `capture` a move that takes pieces on
 * its destination or on the squares it passes (Maka Dai Dai Shogi).
 */
export type MoveKind = 'place' | 'step' | 'jump' | 'intervention' | 'capture';

/**
 * A legal move as a value (points by name): `from` null for a placement; `captured` the points whose
 * pieces it takes (board order; a point of a stack loses one piece); `path` [to] for a placement, [from,
 * to] for a step, [from, landing, ..., to] for a jump (its canonical path); `text` its canonical text;
 * `choice` what the move chooses beyond its points (Maka Dai Dai: `+` promotes, `=T`/`=B` converts).
 */
export interface MoveValue {
  kind: MoveKind;
  from: string | null;
  to: string;
  captured: string[];
  path: string[];
  text: string;
  choice?: string;
}

/**
 * What play() accepts besides text: a MoveValue from moves(), or any object naming a move by `from`
 * (omitted or null for a placement), `to` and, for a capture, `captured` (names, any order) or `path`
 * (start and landings).
 */
export interface MoveInput {
  from?: string | null;
  to?: string;
  captured?: readonly string[];
  path?: readonly string[];
  kind?: MoveKind;
  choice?: string;
  text?: string;
}
