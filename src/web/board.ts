/**
 * The board as SVG, drawn from a game's Geometry (families.ts) only: lattice boards as points and
 * lines (dens included, they are lines like any other), square boards as a grid of squares. Nothing
 * here knows a variant.
 */
import { svg, type SVGTemplateResult } from 'lit-html';
import type { Geometry, PieceView, PositionView } from './families.js';

/** What to highlight and how to orient the board. */
export interface BoardMarks {
  /** Board turned 180 degrees (the second side at the bottom). */
  flipped: boolean;
  /** The label kind of square-board pieces (PageGame.labels): 'kanji' shows a piece's kanji, another its label. */
  labels: string;
  /** Cells of the move being entered (the clicks so far; drawn as a line through them from two on). */
  selected: number[];
  /** Cells a click may go to next. */
  targets: number[];
  /**
   * Cells of the last move played (its click path: a multi-jump's start and each landing; drawn as a line through
   * them).
   */
  last: number[];
  /** The best move found by the analysis as cells (origin ... destination; one cell for a placement), or null. */
  arrow: number[] | null;
}

/** Grid unit in SVG user units, and the margin around the grid for the coordinates. */
export const UNIT = { points: 64, squares: 40 } as const;
/**
 * Font size of a square-board piece's kanji (two stacked) and of its shortest and longest code labels, in grid units.
 */
export const SQUARE_LABEL = { kanji: 0.34, code: 0.36, longCode: 0.28 } as const;
const MARGIN = 44;

/**
 * The size in CSS px of a piece's labels drawn at `scale` (CSS px per SVG unit) on a board of `kind`:
 * a kanji of a square board's piece, and its smallest label text otherwise (a square board's longest
 * code, a point's piece letter).
 */
export function labelPx(kind: Geometry['kind'], scale: number): { kanji: number; code: number } {
  const u = UNIT[kind];
  return kind === 'squares'
    ? { kanji: scale * u * SQUARE_LABEL.kanji, code: scale * u * SQUARE_LABEL.longCode }
    : { kanji: scale * u * POINT_LABEL, code: scale * u * POINT_LABEL };
}

/** Font size of a point's piece letter (its circle's radius), in grid units. */
const POINT_LABEL = 0.3;

/** Centre of cell `i` in SVG units. */
export function cellCentre(g: Geometry, i: number, flipped: boolean): [number, number] {
  const c = g.cells[i]!;
  const u = UNIT[g.kind];
  const col = flipped ? g.width - 1 - c.x : c.x;
  const row = flipped ? c.y : g.height - 1 - c.y;
  const off = g.kind === 'squares' ? u / 2 : 0;
  return [MARGIN + col * u + off, MARGIN + row * u + off];
}

/** Width and height of the drawing in SVG units. */
export function boardSize(g: Geometry): [number, number] {
  const u = UNIT[g.kind];
  const span = (n: number) => (g.kind === 'squares' ? n * u : (n - 1) * u);
  return [2 * MARGIN + span(g.width), 2 * MARGIN + span(g.height)];
}

function pointPiece(p: PieceView, x: number, y: number, u: number): SVGTemplateResult {
  const r = u * POINT_LABEL;
  return svg`<g class="piece side${p.side}${p.promoted ? ' promoted' : ''}" data-piece=${p.label} data-side=${p.side}>
    <title>${p.title}${p.count > 1 ? ` x${p.count}` : ''}</title>
    <circle cx=${x} cy=${y} r=${r}></circle>
    ${p.promoted ? svg`<circle class="crown" cx=${x} cy=${y} r=${r * 0.72}></circle>` : ''}
    <text x=${x} y=${y} dy="0.35em" font-size=${r}>${p.label}</text>
    ${
      p.count > 1
        ? svg`<g class="stack"><circle cx=${x + r * 0.85} cy=${y - r * 0.85} r=${r * 0.5}></circle>
      <text x=${x + r * 0.85} y=${y - r * 0.85} dy="0.35em" font-size=${r * 0.62}>${p.count}</text></g>`
        : ''
    }
  </g>`;
}

function squarePiece(
  p: PieceView,
  x: number,
  y: number,
  u: number,
  upsideDown: boolean,
  labels: string,
): SVGTemplateResult {
  const h = u * 0.46,
    w = u * 0.4;
  const shape =
    `M ${x} ${y - h} L ${x + w * 0.8} ${y - h * 0.6} L ${x + w} ${y + h} L ${x - w} ` +
    `${y + h} L ${x - w * 0.8} ${y - h * 0.6} Z`;
  const kanji = [...(p.kanji ?? p.label)].slice(0, 2);
  const k = u * SQUARE_LABEL.kanji;
  const text =
    labels === 'kanji' && p.kanji
      ? svg`<text x=${x} y=${y - u * 0.04} font-size=${k}>${kanji[0]}</text><text x=${x} y=${y + u * 0.3}
          font-size=${k}>${kanji[1] ?? ''}</text>`
      : svg`<text x=${x} y=${y + u * 0.04} dy="0.35em"
          font-size=${u * (p.label.length > 2 ? SQUARE_LABEL.longCode : SQUARE_LABEL.code)}>${p.label}</text>`;
  return svg`<g class="piece sq side${p.side}${p.promoted ? ' promoted' : ''}" data-piece=${p.label} data-side=${p.side}
      transform=${upsideDown ? `rotate(180 ${x} ${y})` : ''}>
    <title>${p.title}</title><path d=${shape}></path>${text}</g>`;
}

/**
 * The board: lines (or squares), coordinates, highlights, the paths of the last move and of the move
 * being entered (a line through their cells: a multi-jump's landings), pieces, the cells the rules mark
 * (pos.marks: a dashed ring, its reason as the tooltip), the analysis arrow, and one hit area per cell
 * that calls `onCell(index)` when clicked or tapped. Cells carry `data-point` (their name).
 */
export function renderBoard(
  g: Geometry,
  pos: PositionView,
  marks: BoardMarks,
  onCell: (i: number) => void,
): SVGTemplateResult {
  const u = UNIT[g.kind];
  const [W, H] = boardSize(g);
  const at = (i: number) => cellCentre(g, i, marks.flipped);
  const files = [...new Set(g.cells.map((c) => c.x))].sort((a, b) => a - b);
  const ranks = [...new Set(g.cells.map((c) => c.y))].sort((a, b) => a - b);
  const fileLabel = (x: number) => String.fromCharCode(97 + x);
  const colOf = (x: number) => MARGIN + (marks.flipped ? g.width - 1 - x : x) * u + (g.kind === 'squares' ? u / 2 : 0);
  const rowOf = (y: number) => MARGIN + (marks.flipped ? y : g.height - 1 - y) * u + (g.kind === 'squares' ? u / 2 : 0);
  const grid =
    g.kind === 'points'
      ? g.lines.map((l) => svg`<polyline class="line" points=${l.map((i) => at(i).join(',')).join(' ')}></polyline>`)
      : g.cells.map((c) => {
          const [x, y] = at(c.index);
          return svg`<rect class="square" x=${x - u / 2} y=${y - u / 2} width=${u} height=${u}></rect>`;
        });
  const sel = new Set(marks.selected),
    tgt = new Set(marks.targets),
    last = new Set(marks.last);
  const ruled = new Map(pos.marks.map((m) => [m.point, m]));
  // a path of two cells or more as a line through them (a step: from and to; a multi-jump: every landing)
  const path = (cells: number[], cls: string) =>
    cells.length < 2
      ? ''
      : svg`<polyline class="path ${cls}" data-cells=${cells.map((i) => g.cells[i]!.name).join(' ')}
          points=${cells.map((i) => at(i).join(',')).join(' ')}></polyline>`;
  // the best move: an arrow along its cells, or a ring on the one cell of a placement
  const arrow =
    !marks.arrow || marks.arrow.length === 0
      ? ''
      : marks.arrow.length === 1
        ? (() => {
            const [x, y] = at(marks.arrow![0]!);
            return svg`<circle class="arrow best" cx=${x} cy=${y} r=${u * 0.3}></circle>`;
          })()
        : svg`<polyline class="arrow" marker-end="url(#arrowhead)"
            points=${marks.arrow.map((i) => at(i).join(',')).join(' ')}></polyline>`;
  return svg`<svg class="board ${g.kind}" viewBox="0 0 ${W} ${H}" role="img" aria-label="board">
    <defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4"
        orient="auto-start-reverse">
      <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead"></path></marker></defs>
    <rect class="bg" x="0" y="0" width=${W} height=${H}></rect>
    ${grid}
    ${files.map((x) => svg`<text class="coord" x=${colOf(x)} y=${H - 8}>${fileLabel(x)}</text>`)}
    ${ranks.map((y) => svg`<text class="coord" x="12" y=${rowOf(y)} dy="0.35em">${y + 1}</text>`)}
    ${g.cells.map((c) => {
      const [x, y] = at(c.index);
      const cls = `${last.has(c.index) ? ' last' : ''}${sel.has(c.index) ? ' selected' : ''}`;
      if (!cls) return g.kind === 'points' ? svg`<circle class="point" cx=${x} cy=${y} r=${u * 0.07}></circle>` : '';
      return g.kind === 'points'
        ? svg`<circle class="mark${cls}" cx=${x} cy=${y} r=${u * 0.38}></circle>`
        : svg`<rect class="mark${cls}" x=${x - u / 2} y=${y - u / 2} width=${u} height=${u}></rect>`;
    })}
    ${path(marks.last, 'last')}
    ${path(marks.selected, 'entering')}
    ${g.cells.map((c) => {
      const p = pos.pieces[c.index];
      if (!p) return '';
      const [x, y] = at(c.index);
      return g.kind === 'points'
        ? pointPiece(p, x, y, u)
        : squarePiece(p, x, y, u, (p.side === 1) !== marks.flipped, marks.labels);
    })}
    ${pos.marks.map((m) => {
      const [x, y] = at(m.point);
      const name = g.cells[m.point]!.name;
      return g.kind === 'points'
        ? svg`<circle class="rule-mark ${m.kind}" data-mark=${name} cx=${x} cy=${y} r=${u * 0.42}><title
            >${m.reason}</title></circle>`
        : svg`<rect class="rule-mark ${m.kind}" data-mark=${name} x=${x - u * 0.46} y=${y - u * 0.46}
            width=${u * 0.92} height=${u * 0.92}><title>${m.reason}</title></rect>`;
    })}
    ${g.cells
      .filter((c) => tgt.has(c.index))
      .map((c) => {
        const [x, y] = at(c.index);
        return svg`<circle class="target" cx=${x} cy=${y} r=${u * 0.14}></circle>`;
      })}
    ${arrow}
    ${g.cells.map((c) => {
      const [x, y] = at(c.index);
      const why = ruled.get(c.index);
      return svg`<rect class="hit" data-point=${c.name} x=${x - u / 2} y=${y - u / 2} width=${u} height=${u}
        @click=${() => onCell(c.index)}><title>${why ? `${c.name}: ${why.reason}` : c.name}</title></rect>`;
    })}
  </svg>`;
}
