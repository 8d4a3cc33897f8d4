/**
 * Position text, step 2: a Setup -> the first reason it cannot be a position of the game
 * (src/lattice/position-text.ts); and both steps at once, parsePositionText.
 */
import { PositionError } from '../../contract/errors.js';
import {
  MAX_STACK,
  type NotationContext,
  type PositionProblem,
  type Setup,
  countOf,
  huge,
  maxCaptured,
  maxCapturesPerMove,
  noSameTwiceSide,
  the,
} from './context.js';
import { problemColumn, readPositionText } from './grammar.js';
import { escaped, reachOf } from './reach.js';

/**
 * Reads and validates a position string for the game `ctx` describes: {@link readPositionText}, then
 * {@link validateSetup}. The one way text becomes a position of a game.
 * @returns the Setup (fresh arrays).
 * @throws ParseError (grammar) or PositionError (a ParseError whose `reason` is a PositionFault: the
 *   position cannot arise), each with the 1-based column of the fault and a reason naming it;
 *   ArgumentError for a malformed context.
 */
export function parsePositionText(ctx: NotationContext, text: string): Setup {
  const { setup, columns } = readPositionText(ctx, text);
  const why = validateSetup(ctx, setup);
  if (why) {
    const pt = why.point !== undefined ? ctx.board.points[why.point]?.name : undefined;
    throw new PositionError(text, problemColumn(why, columns), why.code, why.field, why.message, pt);
  }
  return setup;
}

// ---------------------------------------------------------------------------------------------------
// step 2: Setup -> position (the checks)

/** True when two Setups are the same position (board, kings, side, hands, captured, extra state). */
function samePosition(a: Setup, b: Setup): boolean {
  for (let p = 0; p < a.owner.length; p++) {
    if (a.owner[p] !== b.owner[p] || a.count[p] !== b.count[p] || (a.king?.[p] ?? 0) !== (b.king?.[p] ?? 0))
      return false;
  }
  return (
    a.side === b.side &&
    a.hand[0] === b.hand[0] &&
    a.hand[1] === b.hand[1] &&
    a.captured[0] === b.captured[0] &&
    a.captured[1] === b.captured[1] &&
    a.last === b.last &&
    a.stall === b.stall &&
    (a.clock ?? 0) === (b.clock ?? 0)
  );
}

/** A problem of a hand-built Setup's shape, or null (validateSetup's first check). */
function shapeProblem(ctx: NotationContext, s: Setup): PositionProblem | null {
  const n = ctx.board.points.length;
  const bad = (message: string): PositionProblem => ({
    code: 'malformed',
    field: 'board',
    message: `malformed Setup: ${message}`,
  });
  const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  if (
    !(s.owner instanceof Int8Array) ||
    !(s.count instanceof Uint8Array) ||
    s.owner.length !== n ||
    s.count.length !== n
  )
    return bad(`owner and count must be an Int8Array and a Uint8Array of ${n} entries (one per point)`);
  if (s.king !== undefined && (!(s.king instanceof Uint8Array) || s.king.length !== n))
    return bad(`king must be a Uint8Array of ${n} entries`);
  for (let p = 0; p < n; p++) {
    const o = s.owner[p],
      k = s.count[p];
    if (o === -1 ? k !== 0 : (o !== 0 && o !== 1) || k < 1 || k > MAX_STACK)
      return bad(`point ${ctx.board.points[p].name} has owner ${o} and count ${k}`);
    if (s.king && s.king[p] > 1) return bad(`king[${p}] must be 0 or 1`);
    if (s.king?.[p] && (o === -1 || k !== 1)) return bad(`a king on ${ctx.board.points[p].name} must be one piece`);
  }
  if (s.side !== 0 && s.side !== 1)
    return { code: 'malformed', field: 'side', message: `malformed Setup: side must be 0 or 1, got ${String(s.side)}` };
  for (const f of ['hand', 'captured'] as const) {
    if (!Array.isArray(s[f]) || s[f].length !== 2 || !isCount(s[f][0]) || !isCount(s[f][1]))
      return { code: 'malformed', field: f, message: `malformed Setup: ${f} must be two integer counts >= 0` };
  }
  if (!Number.isSafeInteger(s.last) || s.last < -1 || s.last >= n)
    return {
      code: 'malformed',
      field: 'extra',
      message: `malformed Setup: last must be a point index below ${n} or -1, got ${String(s.last)}`,
    };
  if (!isCount(s.stall))
    return {
      code: 'malformed',
      field: 'extra',
      message: `malformed Setup: stall must be an integer count >= 0, got ${String(s.stall)}`,
    };
  if (s.clock !== undefined && !isCount(s.clock))
    return {
      code: 'malformed',
      field: 'extra',
      message: `malformed Setup: clock must be an integer count >= 0, got ${String(s.clock)}`,
    };
  return null;
}

/**
 * Why the Setup `s` cannot be a position of the game `ctx` describes: its first problem, or null when
 * none is known (see {@link setupProblems} for the list of checks, in the order they are tried).
 */
export function validateSetup(ctx: NotationContext, s: Setup): PositionProblem | null {
  return setupProblems(ctx, s, true)[0] ?? null;
}

/**
 * Every reason the Setup `s` cannot be a position of the game `ctx` describes (empty when none is
 * known), the most basic first; with `firstOnly` it stops at the first. Written from the RuleSet fields,
 * the totals and the start Setup only (RULES.md §0-§4), never from a variant id. Sides alternate, a
 * move captures only pieces of the other side, pieces only step, jump or are placed onto empty points,
 * hands only shrink, captured counts only grow; so, in this order:
 * 1. `malformed`: a hand-built Setup out of shape (array lengths, owner and count, side, counts, `last`);
 * 2. board, per point: `stack` a stack of a side that does not stack, or (with the start) a stack on a
 *    point where the start has no stack of that side or taller than the start's (stacks never move or
 *    grow); `king` a king of a side without a promotion rank, or in a game without kings;
 *    `promotion-rank` a man on its own promotion rank (a man that ends a move there is crowned);
 *    `unreachable-point` (with the start, for a side that does not place) a piece on a point that none
 *    of its side's start points leads to by the side's steps and jumps (kings: along any line from a
 *    promotion-rank point its men reach);
 * 3. `hand`: pieces in hand of a side that does not place, or (with the start) more than the start's
 *    hand, e.g. any at all when the start has none in hand; `captured`: pieces captured of a side the
 *    other side cannot capture;
 * 4. `count`: board + hand + captured of a side not its total;
 * 5. `captured`: more captured than the capture target and one move allow ({@link maxCaptured});
 * 6. `no-pieces`: both sides without pieces (a move takes only the other side's pieces, and a side left
 *    with none has lost); `side-to-move`: a side left without pieces is not to move (the capture that
 *    took its last one ended the game with it to move); `clock`: the move clock not 0 then (that capture
 *    reset it);
 * 7. `side-to-move`: the capturer to move once the other side's captured count reached its capture
 *    target (that capture ended the game);
 * 8. turns played (with the start), for each side x that places, has pieces in hand in the start and
 *    still has some: every turn of x was a placement, so x has had exactly start hand - hand turns and
 *    the other side y a number fixed by the side to move and the side that moves first. Then
 *    `side-to-move` y to move before x has had a turn when x moves first; `captured` pieces of y
 *    captured (x has only placed); `hand` y's hand (if y places) not its start hand less its turns;
 *    `side-to-move` / `captured` more pieces of x captured than y's moving turns times the most one
 *    move takes; likewise, for a side x with the dispersal rule while a stack of x stands (every move of
 *    x took a piece off a start stack, so x has had at most as many turns as its stacks have lost):
 *    `side-to-move` y to move when that allows y no turn, `captured` more captured than y's turns can
 *    take, `side-to-move` no turn made by either side yet the position not the start;
 * 9. extra state: `last` a last-moved point in a game without the rule, not on exactly one piece of the
 *    no-same-twice side, set while that side still places (its previous turn was a placement, which sets
 *    none), or, with the start, missing when the other side is to move after that side, which never
 *    places, has stepped (a step sets it and nothing has moved since); `stall` a stall count in a game
 *    without the rule, over the limit, at the limit with the stall side to move (the move that reached
 *    it ended the game), or above 0 with the escape rule's condition met and the escaping side to move
 *    (the stall side's last move gained no rank, so the condition held before it: the game had ended);
 *    `clock` a clock in a game without a move limit or over it; `side-to-move` (with the start) the
 *    side to move not the one the clock's parity gives while no capture has been made (the clock then
 *    counts every ply since the start).
 * Beyond these a position can still be out of reach (pieces placed where the moves made could not have
 * put them, for one); such positions are accepted. Every check holds for every position legal play
 * reaches from the start, so none refuses a reachable position.
 */
export function setupProblems(ctx: NotationContext, s: Setup, firstOnly = false): PositionProblem[] {
  const out: PositionProblem[] = [];
  const shape = shapeProblem(ctx, s);
  if (shape) return [shape];
  const { board, rules, start, totals } = ctx;
  const names = ctx.sides;
  const n = board.points.length;
  const draughts = rules.draughts;
  const promo = draughts?.promotion ?? [null, null];
  const push = (p: PositionProblem): boolean => {
    out.push(p);
    return firstOnly;
  };
  const name = (p: number) => board.points[p].name;

  // 2. the board
  const reach = [reachOf(ctx, 0, false), reachOf(ctx, 1, false)];
  const kingReach = [
    promo[0] === null ? null : reachOf(ctx, 0, true),
    promo[1] === null ? null : reachOf(ctx, 1, true),
  ];
  const onBoard = [0, 0];
  for (const p of board.ranks.flat()) {
    // in the order the string lists the points: the first fault is the leftmost
    const o = s.owner[p];
    if (o < 0) continue;
    const c = o as 0 | 1,
      k = s.count[p],
      isKing = s.king?.[p] === 1;
    onBoard[c] += k;
    const N = names[c];
    if (k > 1 && !rules.sides[c].stacks) {
      if (
        push({
          code: 'stack',
          field: 'board',
          point: p,
          atStack: true,
          message: `${N.plural} do not stack in this game (a stack of ${k} on ${name(p)})`,
        })
      )
        return out;
    } else if (k > 1 && start && (start.owner[p] !== c || start.count[p] < k)) {
      const starts = [...start.count.keys()]
        .filter((q) => start.owner[q] === c && start.count[q] > 1)
        .map((q) => `${name(q)} (${start.count[q]})`);
      const why =
        start.owner[p] !== c || start.count[p] < 2
          ? `no stack of ${N.plural} can stand on ${name(p)}: pieces only step, jump or are ` +
            `placed onto empty points, so stacks stand only where the game starts them ` +
            `(${starts.join(', ') || 'none'})`
          : `the stack on ${name(p)} holds ${k} ${N.plural}, more than the ` +
            `${start.count[p]} it starts with: stacks never grow`;
      if (push({ code: 'stack', field: 'board', point: p, atStack: true, message: why })) return out;
    }
    if (isKing && (!draughts || promo[c] === null)) {
      if (
        push({
          code: 'king',
          field: 'board',
          point: p,
          message: `${N.plural} have no kings in this game (a king on ${name(p)})`,
        })
      )
        return out;
    } else if (!isKing && promo[c] !== null && board.points[p].y + 1 === promo[c]) {
      if (
        push({
          code: 'promotion-rank',
          field: 'board',
          point: p,
          message:
            `a ${N.name} man cannot stand on ${name(p)}: a man that ends its move on rank ` +
            `${promo[c]} becomes a king (+${N.letter})`,
        })
      )
        return out;
    } else {
      const r = isKing ? kingReach[c] : reach[c];
      if (r && !r[p]) {
        const what = isKing ? `a ${N.name} king` : draughts ? `a ${N.name} man` : `a ${N.name}`;
        if (
          push({
            code: 'unreachable-point',
            field: 'board',
            point: p,
            message:
              `${what} cannot stand on ${name(p)}: no ` +
              `${isKing ? 'king' : draughts ? 'man' : 'piece'} of ${the(N)} can reach it from ` +
              `where they start with the moves the rules give ${isKing ? 'kings' : 'them'}`,
          })
        )
          return out;
      }
    }
  }

  // 3. hands and captured counts allowed at all
  for (const c of [1, 0] as const) {
    const N = names[c];
    if (s.hand[c] > 0 && !rules.sides[c].places) {
      if (
        push({
          code: 'hand',
          field: 'hand',
          side: c,
          message: `${N.plural} are not placed in this game: no ${N.letter} in hand`,
        })
      )
        return out;
    } else if (s.hand[c] > 0 && start && s.hand[c] > start.hand[c]) {
      const message =
        start.hand[c] === 0
          ? `${N.plural} are never in hand in this game: it starts with none in hand, and hands only shrink`
          : `${countOf(s.hand[c], N)} in hand, more than the ${start.hand[c]} the game starts with: hands only shrink`;
      if (push({ code: 'hand', field: 'hand', side: c, message })) return out;
    }
  }
  for (const c of [1, 0] as const) {
    if (s.captured[c] > 0 && rules.sides[1 - c].capture === 'none') {
      if (
        push({
          code: 'captured',
          field: 'captured',
          side: c,
          message: `${names[1 - c].plural} never capture in this game: no ${names[c].letter} among the captured`,
        })
      )
        return out;
    }
  }

  // 4. totals: a side that neither places nor can be captured is counted on the board alone
  const boardOnly = (c: 0 | 1) => !rules.sides[c].places && rules.sides[1 - c].capture === 'none';
  for (const c of [...([1, 0] as const).filter(boardOnly), ...([1, 0] as const).filter((x) => !boardOnly(x))]) {
    if (onBoard[c] + s.hand[c] + s.captured[c] === totals[c]) continue;
    const N = names[c];
    const message = boardOnly(c)
      ? `expected ${countOf(totals[c], N)} on the board, found ${onBoard[c]}`
      : `${N.plural} on the board (${onBoard[c]}) + in hand (${s.hand[c]}) + captured ` +
        `(${s.captured[c]}) must be ${totals[c]}`;
    if (push({ code: 'count', field: boardOnly(c) ? 'board' : 'hand', message })) return out;
  }

  // 5. captured within the capture target's reach
  for (const c of [0, 1] as const) {
    const most = maxCaptured(ctx, c);
    if (s.captured[c] > most) {
      const t = rules.sides[c].captureTarget;
      const message =
        `at most ${most} ${names[c].plural} can be captured` +
        (t === null
          ? ''
          : ` (the game ends once ${t} are; one move of ${the(names[1 - c])} takes at most ` +
            `${maxCapturesPerMove(board, rules.sides[1 - c].capture)})`);
      if (push({ code: 'captured', field: 'captured', message })) return out;
    }
  }

  // 6. a side without pieces
  const left = [onBoard[0] + s.hand[0], onBoard[1] + s.hand[1]];
  if (left[0] === 0 && left[1] === 0 && totals[0] > 0 && totals[1] > 0) {
    if (
      push({
        code: 'no-pieces',
        field: 'board',
        message:
          `both sides have no pieces: a move captures only the other side's pieces, and ` +
          `the capture that takes a side's last piece ends the game`,
      })
    )
      return out;
  } else {
    for (const c of [0, 1] as const) {
      if (left[c] > 0 || totals[c] === 0) continue;
      const N = names[c];
      if (s.side !== c) {
        if (
          push({
            code: 'side-to-move',
            field: 'side',
            message:
              `${the(names[1 - c])} cannot be to move: ${the(N)} have no pieces left, so the ` +
              `last move captured their last piece and ended the game with ${the(N)} to move`,
          })
        )
          return out;
      } else if ((s.clock ?? 0) !== 0) {
        if (
          push({
            code: 'clock',
            field: 'extra',
            item: 'clock',
            atValue: true,
            message:
              `the clock must be 0: ${the(N)} have no pieces left, so the last move was a ` +
              `capture, which resets it`,
          })
        )
          return out;
      }
    }
  }

  // 7. the capture target reached
  for (const c of [0, 1] as const) {
    const t = rules.sides[c].captureTarget;
    const x = (1 - c) as 0 | 1;
    if (t !== null && s.captured[c] >= t && s.side === x && rules.sides[x].capture !== 'none') {
      const message =
        `${the(names[x])} cannot be to move with ${countOf(s.captured[c], names[c])} ` +
        `captured: the capture that reached the capture target (${t}) ended the game, ` +
        `with ${the(names[c])} to move`;
      if (push({ code: 'side-to-move', field: 'side', message })) return out;
    }
  }

  // 8. turns played, from a side still placing
  if (start) {
    for (const x of [0, 1] as const) {
      const H = start.hand[x];
      if (!rules.sides[x].places || H === 0 || s.hand[x] === 0 || s.hand[x] > H) continue;
      const y = (1 - x) as 0 | 1;
      const X = names[x],
        Y = names[y];
      const k = H - s.hand[x]; // turns of x, every one a placement
      const m = k + (s.side === x ? 1 : 0) - (start.side === x ? 1 : 0); // turns of y
      if (m < 0) {
        if (
          push({
            code: 'side-to-move',
            field: 'side',
            message: `${the(Y)} cannot be to move before any ${X.name} is placed: ${the(X)} move first`,
          })
        )
          return out;
        continue;
      }
      if (s.captured[y] > start.captured[y]) {
        if (
          push({
            code: 'captured',
            field: 'captured',
            side: y,
            message:
              `no ${Y.name} can have been captured: ${the(X)} still have ${s.hand[x]} in ` +
              `hand, so every turn of theirs was a placement`,
          })
        )
          return out;
      }
      const Hy = start.hand[y];
      if (rules.sides[y].places) {
        const expect = Math.max(0, Hy - m);
        if (s.hand[y] !== expect) {
          if (
            push({
              code: 'hand',
              field: 'hand',
              side: y,
              message:
                `${the(Y)} must have ${expect} in hand: with ${k} ${X.name} ` +
                `placement${k === 1 ? '' : 's'} made and ${the(names[s.side])} to move they have ` +
                `had ${m} turn${m === 1 ? '' : 's'}, and they place while any are in hand`,
            })
          )
            return out;
        }
      }
      const moving = rules.sides[y].places ? Math.max(0, m - Hy) : m; // y's turns that could capture
      const per = maxCapturesPerMove(board, rules.sides[y].capture);
      const took = s.captured[x] - start.captured[x];
      if (took > moving * per) {
        const turnOrder = s.side === y && start.side === x && !rules.sides[y].places;
        const message = turnOrder
          ? `${the(Y)} cannot be to move with ${countOf(took, X)} captured of ${k} placed: ` +
            `${the(X)} move first, ${the(Y)} have moved once per placement but the last, and ` +
            `${per === 1 ? 'each capture takes a move of theirs' : `one move of theirs takes at most ${per}`}`
          : `${countOf(took, X)} cannot have been captured in the ${moving} ` +
            `move${moving === 1 ? '' : 's'} of ${the(Y)} (${k} ${X.name} ` +
            `placement${k === 1 ? '' : 's'} made, ${the(names[s.side])} to move; one move ` +
            `takes at most ${per})`;
        if (
          push({
            code: turnOrder ? 'side-to-move' : 'captured',
            field: turnOrder ? 'side' : 'captured',
            side: x,
            message,
          })
        )
          return out;
      }
    }
  }

  // 8b. turns played, bounded from a side whose every move so far left a stack: with the dispersal rule
  // and a stack standing now (stacks never grow, so one stood at every earlier turn), each of its moves
  // took a piece off a start stack; a stack point that still holds a stack was never emptied, so nothing
  // arrived there: its losses are exact, the others' at most their start count
  if (start) {
    for (const x of [0, 1] as const) {
      if (!rules.sides[x].dispersal || !s.owner.some((o, p) => o === x && s.count[p] > 1)) continue;
      let most = 0;
      for (let p = 0; p < n; p++) {
        if (start.owner[p] !== x || start.count[p] < 2) continue;
        most += s.owner[p] === x && s.count[p] > 1 ? start.count[p] - s.count[p] : start.count[p];
      }
      const y = (1 - x) as 0 | 1;
      const X = names[x],
        Y = names[y];
      const yMost = most + (s.side === x ? 1 : 0) - (start.side === x ? 1 : 0); // turns of y, at most
      const per = maxCapturesPerMove(board, rules.sides[y].capture);
      const yPlaces = rules.sides[y].places ? start.hand[y] : 0;
      const took = s.captured[x] - start.captured[x];
      const why =
        `a stack of ${X.plural} still stands, so every move of theirs took one off a ` +
        `start stack: they have had at most ${most} turn${most === 1 ? '' : 's'}`;
      if (yMost < 0) {
        if (
          push({
            code: 'side-to-move',
            field: 'side',
            message: `${the(Y)} cannot be to move: ${why}, and ${the(X)} move first`,
          })
        )
          return out;
      } else if (took > Math.max(0, yMost - yPlaces) * per) {
        if (
          push({
            code: 'captured',
            field: 'captured',
            side: x,
            message:
              `${countOf(took, X)} cannot have been captured: ${why}, so ${the(Y)} at most ` +
              `${yMost} (one move takes at most ${per})`,
          })
        )
          return out;
      } else if (most === 0 && yMost === 0 && !samePosition(s, start)) {
        if (
          push({
            code: 'side-to-move',
            field: 'side',
            message:
              `${the(names[s.side])} to move with every start stack of ${X.plural} whole ` +
              `means no move has been made, so this would be the start position, which it is ` +
              `not`,
          })
        )
          return out;
      }
    }
  }

  // 9. extra state: the last-moved point
  const nst = noSameTwiceSide(rules);
  if (s.last >= 0) {
    if (nst === -1) {
      if (
        push({
          code: 'last',
          field: 'extra',
          item: 'last',
          message: 'this game has no no-same-twice rule: no "last=" item',
        })
      )
        return out;
    } else if (s.owner[s.last] !== nst || s.count[s.last] !== 1) {
      const o = s.owner[s.last];
      const held =
        o < 0
          ? 'it is empty'
          : o !== nst
            ? `it holds ${s.count[s.last] > 1 ? 'a stack of ' : 'a '}${names[o].name}`
            : `it holds a stack of ${s.count[s.last]}`;
      if (
        push({
          code: 'last',
          field: 'extra',
          item: 'last',
          atValue: true,
          message:
            `last=${name(s.last)} must name a point holding exactly one ${names[nst].name} ` +
            `(the one that stepped there): ${held}`,
        })
      )
        return out;
    } else if (rules.sides[nst].places && s.hand[nst] > 0) {
      if (
        push({
          code: 'last',
          field: 'extra',
          item: 'last',
          message:
            `${the(names[nst])} still have ${s.hand[nst]} in hand, so their previous turn ` +
            `was a placement, which sets no last-moved point`,
        })
      )
        return out;
    }
  } else if (
    nst !== -1 &&
    start &&
    start.hand[nst] === 0 &&
    s.side !== nst &&
    (start.side === nst || !samePosition(s, start))
  ) {
    const N = names[nst];
    const message =
      `${the(N)} have stepped since the start (they never place) and ` +
      `${the(names[1 - nst])} are to move, so the extra field must name the point the ` +
      `last ${N.name} stepped to ("last=<point>")`;
    if (push({ code: 'last', field: 'extra', item: 'last', message })) return out;
  }

  // the stall count
  if (s.stall !== 0) {
    const st = rules.stall;
    const esc = rules.escape ?? null;
    if (st === null) {
      if (
        push({ code: 'stall', field: 'extra', item: 'stall', message: 'this game has no stall rule: no "stall=" item' })
      )
        return out;
    } else if (s.stall > st.limit) {
      if (
        push({
          code: 'stall',
          field: 'extra',
          item: 'stall',
          atValue: true,
          message: `stall must be 0..${st.limit} (the stall limit), got ${huge(s.stall)}`,
        })
      )
        return out;
    } else if (s.stall === st.limit && s.side === st.side) {
      if (
        push({
          code: 'stall',
          field: 'extra',
          item: 'stall',
          atValue: true,
          message:
            `${the(names[st.side])} cannot be to move with the stall count at its limit ` +
            `(${s.stall}): the move that reached it ended the game, with ` +
            `${the(names[1 - st.side])} to move`,
        })
      )
        return out;
    } else if (esc && st.side === 1 - esc.side && s.side === esc.side && escaped(board, s, esc.side)) {
      const E = names[esc.side],
        S = names[st.side];
      const message =
        `stall=${s.stall} cannot be with every ${S.name} above every ${E.name} and ` +
        `${the(E)} to move: ${the(S)}' last move gained no rank, so that was so before ` +
        `it, and the game had ended`;
      if (push({ code: 'stall', field: 'extra', item: 'stall', atValue: true, message })) return out;
    }
  }

  // the move clock
  const limit = draughts?.moveLimit ?? null;
  const clock = s.clock ?? 0;
  if (clock !== 0 && limit === null) {
    if (
      push({ code: 'clock', field: 'extra', item: 'clock', message: 'this game has no move limit: no "clock=" item' })
    )
      return out;
  } else if (limit !== null && clock > limit) {
    if (
      push({
        code: 'clock',
        field: 'extra',
        item: 'clock',
        atValue: true,
        message: `clock must be 0..${limit} (the move limit), got ${huge(clock)}`,
      })
    )
      return out;
  } else if (
    limit !== null &&
    start &&
    s.captured[0] === start.captured[0] &&
    s.captured[1] === start.captured[1] &&
    (clock % 2 === 0) !== (s.side === start.side)
  ) {
    const F = names[start.side];
    const message =
      `${the(names[s.side])} cannot be to move with the clock at ${clock}: no capture ` +
      `has been made, so the clock counts every ply since the start, and ${the(F)} ` +
      `move first`;
    if (push({ code: 'side-to-move', field: 'side', message })) return out;
  }
  return out;
}
