/**
 * The page drawn from `ui` (state.ts) with lit-html: the board with both sides' counts and the result,
 * and the panels (players, moves, analysis, new game). The templates bind the handlers of input.ts,
 * state.ts and engine-jobs.ts; the board itself is board.ts's.
 */
import { html, render, nothing } from 'lit-html';
import { choiceText, variantList, type PositionView } from './families.js';
import { labelPx, renderBoard } from './board.js';
import { specToQuery, type Player } from './session.js';
import {
  ZOOMS,
  cellsOf,
  currentSpec,
  go,
  here,
  playMove,
  positionChanged,
  positionKey,
  thinking,
  ui,
  update,
  type Limit,
  type Ui,
} from './state.js';
import { UNISOLATED_ANALYSIS_MS, isolated, runPerft, stopPerft, toggleAnalysis } from './engine-jobs.js';
import { copy, onCell, onLoadMoves, onLoadPosition, onMoveBox, onNewGame, zoom } from './input.js';
import {
  REASON_WORDS,
  counterText,
  engineStatusText,
  labelsShown,
  moveBoxHint,
  perftText,
  scoreConvention,
  scoreText,
  sideWords,
} from './words.js';

/** The error of `key` (an action's, Ui.errors, or the game's, Ui.gameErrors), beside what it is about. */
function err(key: keyof Ui['errors'] | keyof Ui['gameErrors']) {
  const e = key in ui.gameErrors ? ui.gameErrors[key as keyof Ui['gameErrors']] : ui.errors[key as keyof Ui['errors']];
  return e ? html`<div class="error" id="error-${key}" role="alert">${e}</div>` : nothing;
}

/** A side's bar above or below the board; the side to move (while the game goes on) stands out, marked "to move". */
function sideTitle(v: PositionView, i: 0 | 1, over: boolean) {
  const s = v.sides[i];
  const moving = v.toMove === i && !over;
  return html`<div class="side side${i} ${moving ? 'to-move' : ''}" id="side${i}">
    ${moving ? html`<span class="turn" id="turn">▶ to move</span>` : nothing}
    <span class="who"><span class="swatch side${i}"></span> <b>${s.plural}</b> (${ui.players[i]})</span>
    <span class="on-board">on the board: <b>${s.onBoard}</b></span>
    ${s.hand ? html`<span class="hand">in hand: <b>${s.hand}</b></span>` : nothing}
    ${s.captured ? html`<span class="captured">captured: <b>${s.captured}</b></span>` : nothing}
  </div>`;
}

/** The label kind after the one shown, in the order of the game's PageGame.labels (the labels button). */
function nextLabels(): string {
  const kinds = ui.pg!.labels;
  return kinds[(kinds.indexOf(ui.labels) + 1) % kinds.length]!;
}

function arrowCells(): number[] | null {
  const best = ui.iterations[ui.iterations.length - 1]?.pv[0];
  return best ? cellsOf(best) : null;
}

function newGamePanel() {
  const vs = variantList();
  const v = vs.find((x) => x.id === ui.formVariant) ?? vs[0]!;
  return html`<form class="panel" id="new-game" @submit=${onNewGame}>
    <h2>New game</h2>
    <label>Game <select id="variant" @change=${(e: Event) => {
      ui.formVariant = (e.target as HTMLSelectElement).value;
      ui.formOptions = {};
      update();
    }}>
      ${vs.map((x) => html`<option value=${x.id} ?selected=${x.id === v.id}>${x.name}</option>`)}
    </select></label>
    ${v.options.map((o) => {
      const val = ui.formOptions[o.name] ?? String(o.default);
      const set = (e: Event) => {
        ui.formOptions[o.name] = (e.target as HTMLInputElement).value;
      };
      return html`<label title=${`${o.description} (${o.source})`}>${o.name}
        ${
          o.values && o.type !== 'int'
            ? html`<select name=${o.name} @change=${set}>${o.values.map(
                (x) => html`<option ?selected=${x === val}>${x}</option>`,
              )}</select>`
            : html`<input name=${o.name} .value=${val} @change=${set} size="8">`
        }</label>`;
    })}
    <button type="submit" id="start">Start</button>
    ${err('game')}
  </form>`;
}

function playersPanel() {
  const view = here().view;
  const setPlayer = (i: 0 | 1) => (e: Event) => {
    ui.players[i] = (e.target as HTMLSelectElement).value as Player;
    positionChanged();
  };
  return html`<div class="panel" id="players">
    <h2>Players</h2>
    ${([0, 1] as const).map(
      (i) => html`<label>${view.sides[i].plural}
      <select id="player${i}" @change=${setPlayer(i)}>
        <option value="human" ?selected=${ui.players[i] === 'human'}>human</option>
        <option value="engine" ?selected=${ui.players[i] === 'engine'}>engine</option>
      </select></label>`,
    )}
    <label>Engine <select id="limit" @change=${(e: Event) => {
      ui.limit = (e.target as HTMLSelectElement).value as Limit;
      ui.limitValue = ui.limit === 'depth' ? 4 : 500;
      update();
    }}>
      <option value="movetime" ?selected=${ui.limit === 'movetime'}>move time (ms)</option>
      <option value="depth" ?selected=${ui.limit === 'depth'}>depth (plies)</option></select>
      <input id="limit-value" type="number" min="1" .value=${String(ui.limitValue)} @change=${(e: Event) => {
        const box = e.target as HTMLInputElement;
        ui.limitValue = Math.max(1, Math.round(Number(box.value)) || 1);
        box.value = String(ui.limitValue); // the box shows the value used
      }}></label>
    <label>Engine v engine pause (ms) <input id="pause" type="number" min="0" .value=${String(ui.pause)}
      @change=${(e: Event) => {
        const box = e.target as HTMLInputElement;
        ui.pause = Math.max(0, Math.round(Number(box.value)) || 0);
        box.value = String(ui.pause); // the box shows the value used
      }}></label>
    <div class="status" id="engine-status">${engineStatusText(thinking(), ui.report, positionKey())}</div>
    ${err('worker')}${err('engine')}
  </div>`;
}

function analysisPanel() {
  const its = ui.iterations;
  return html`<div class="panel" id="analysis">
    <h2>Analysis</h2>
    <button id="analyse" @click=${toggleAnalysis} ?disabled=${thinking()}>${ui.analysing ? 'Stop' : 'Analyse'}</button>
    ${
      isolated
        ? nothing
        : html`<p class="note" id="not-isolated">This page is not cross-origin isolated (served without the COOP/COEP
      headers), so the engine cannot be stopped early: a search ends only at its own limits
      (analysis: ${UNISOLATED_ANALYSIS_MS / 1000} s).
      <code>lattice serve</code> sends the headers.</p>`
    }
    <p class="note" id="score-convention">${scoreConvention(here().view.sides)}</p>
    <table class="iterations"><thead><tr><th>depth</th>
      <th title=${scoreConvention(here().view.sides)}>score (+ ${here().view.sides[0].plural})</th>
      <th>nodes</th><th>nodes/s</th><th>principal variation</th></tr></thead>
      <tbody id="iterations">${its
        .slice()
        .reverse()
        .map(
          (i) => html`<tr class="iteration">
        <td>${i.depth}</td><td>${scoreText(i, here().view.toMove, here().view.sides)}</td>
        <td>${i.nodes.toLocaleString('en')}</td>
        <td>${i.ms > 0 ? Math.round((i.nodes / i.ms) * 1000).toLocaleString('en') : '–'}</td>
        <td class="pv">${i.pv.join(' ')}</td></tr>`,
        )}</tbody></table>
    ${
      ui.tablebase
        ? html`<h3>Tablebase</h3><div id="verdict">${ui.verdict}</div>${
            ui.verdictNote ? html`<p class="note" id="verdict-note">${ui.verdictNote}</p>` : nothing
          }${err('tablebase')}`
        : nothing
    }
    <h3>Perft</h3>
    <label>depth <input id="perft-depth" type="number" min="0" max="20" .value=${ui.perftDepth} @change=${(
      e: Event,
    ) => {
      ui.perftDepth = (e.target as HTMLInputElement).value;
    }}></label>
    <button id="perft" ?disabled=${ui.perftRunning} @click=${() => runPerft(false)}>perft</button><button
      id="divide" ?disabled=${ui.perftRunning} @click=${() => runPerft(true)}>divide</button>
    ${ui.perftRunning ? html`<button id="perft-stop" @click=${stopPerft}>stop</button>` : nothing}
    ${err('perft')}
    <pre id="perft-out">${perftText(ui.perftOut, ui.perftAt, ui.perftRunning, positionKey())}</pre>
  </div>`;
}

function movesPanel() {
  const line = ui.line!;
  const pg = ui.pg!;
  const pos = here().position;
  return html`<div class="panel" id="moves-panel">
    <h2>Moves</h2>
    <div class="nav">
      <button id="first" @click=${() => go(0)} title="start">«</button>
      <button id="undo" @click=${() => go(line.ply - 1)} title="back (←)">◀</button>
      <button id="redo" @click=${() => go(line.ply + 1)} title="forward (→)">▶</button>
      <button id="last" @click=${() => go(line.moves.length)} title="end">»</button>
      <button id="flip" @click=${() => {
        ui.flipped = !ui.flipped;
        update();
      }} title="flip (f)">flip</button>
      ${
        pg.labels.length > 0
          ? html`<button id="labels" @click=${() => {
              ui.labels = nextLabels();
              update();
            }}>${nextLabels()}</button>`
          : nothing
      }
      <button id="zoom-out" @click=${() => zoom(-1)} ?disabled=${ui.zoom === ZOOMS[0]} title="zoom out"
        >−</button><span id="zoom">${Math.round(ui.zoom * 100)}%</span><button id="zoom-in" @click=${() => zoom(1)}
        ?disabled=${ui.zoom === ZOOMS[ZOOMS.length - 1]} title="zoom in (the board scrolls)">+</button>
    </div>
    <div class="movelist" id="movelist">${line.moves.map(
      (m, i) => html`${i % 2 === 0 ? html`<span class="num">${i / 2 + 1}.</span>` : nothing}<a
      href="#" class=${i + 1 === line.ply ? 'current' : ''} @click=${(e: Event) => {
        e.preventDefault();
        go(i + 1);
      }}>${m}</a> `,
    )}</div>
    <form id="move-form" @submit=${onMoveBox}>
      <input name="move" id="move-box" placeholder=${moveBoxHint(here().result !== null, ui.example)}
        autocomplete="off" aria-label="move">
      <button type="submit">Play</button>
      ${err('move')}
    </form>
    <h3>Position</h3>
    <form id="position-form" @submit=${onLoadPosition}>
      <textarea name="position" id="position-box" rows="2" .value=${pos} spellcheck="false"></textarea>
      <button type="submit" id="load-position">Load position</button>
      <button type="button" @click=${() => copy(pos)}>Copy</button>
      ${err('position')}
    </form>
    <h3>Move list</h3>
    <form id="moves-form" @submit=${onLoadMoves}>
      <textarea name="moves" id="moves-box" rows="2" .value=${line.moves.join(' ')} spellcheck="false"></textarea>
      <button type="submit" id="load-moves">Load moves</button>
      <button type="button" @click=${() => copy(line.moves.join(' '))}>Copy</button>
      ${err('moves')}
    </form>
    <p><a id="permalink" href=${specToQuery(currentSpec())}>link to this game</a></p>
  </div>`;
}

function boardPanel() {
  const pg = ui.pg!;
  const { view, result } = here();
  const bottom: 0 | 1 = ui.flipped ? 1 : 0;
  const top: 0 | 1 = bottom === 0 ? 1 : 0;
  const shown = shownLabels();
  const marks = {
    flipped: ui.flipped,
    labels: shown.labels,
    selected: ui.input?.prefix ?? [],
    targets: ui.input?.targets() ?? [],
    last: ui.lastCells,
    arrow: ui.analysing || ui.iterations.length ? arrowCells() : null,
  };
  const over = result !== null;
  return html`<div class="board-panel">
    ${sideTitle(view, top, over)}
    <div class="board-wrap ${ui.zoom > 1 ? 'zoomed' : ''}" data-variant=${pg.variant.id} data-labels=${shown.labels}
      style="--zoom: ${ui.zoom}">${renderBoard(pg.geometry, view, marks, onCell)}</div>
    ${sideTitle(view, bottom, over)}
    ${shown.note ? html`<p class="note" id="labels-note">${shown.note}</p>` : nothing}
    ${ui.note ? html`<div class="note board-note" id="board-note" role="status">${ui.note}</div>` : nothing}
    ${
      view.counters.length
        ? html`<div class="counters" id="counters">${view.counters.map(
            (c) => html`<span class="counter ${c.value >= c.limit ? 'at-limit' : ''}"
      data-counter=${c.name} data-value=${c.value} data-limit=${c.limit}>${counterText(c)}</span>`,
          )}</div>`
        : nothing
    }
    ${
      ui.choice
        ? html`<div class="choice" id="choice"><span>Choose:</span>${ui.choice.map(
            (m) => html`<button class="choice-move" data-move=${m.text}
      @click=${() => {
        ui.choice = null;
        playMove(m.text, m.path);
      }}>${choiceText(m)}</button>`,
          )}
      <button @click=${() => {
        ui.choice = null;
        update();
      }}>cancel</button></div>`
        : nothing
    }
    <div class="result" id="result">${
      result
        ? html`Game over: <b>${result.winner === 'draw' ? 'draw' : winsText(result.winnerName, view)}</b> — <span
              id="reason">${REASON_WORDS[result.reason] ?? result.reason}</span> (<code>${result.winner}</code>, <code
              >${result.reason}</code>)`
        : html`<span id="to-move"><span class="swatch side${view.toMove}"></span> <span
              class="mover">${view.sides[view.toMove].plural}</span> to move</span>`
    }</div>
  </div>`;
}

/** `goats win` / `Black wins`: the winner (a result's winnerName, a side's plural) in words (words.ts sideWords). */
function winsText(winnerName: string, view: PositionView): string {
  const side = view.sides.find((s) => s.plural === winnerName);
  return side ? sideWords(side).wins : `${winnerName} win`;
}

/**
 * The label kind the board shows now (words.ts labelsShown): the one chosen, unless its kanji would
 * be drawn below a readable size at the board's measured scale (then the game's other kind), with what
 * to tell about it.
 */
function shownLabels(): { labels: string; note: string } {
  const pg = ui.pg!;
  const px = ui.boardScale === null ? null : labelPx(pg.geometry.kind, ui.boardScale);
  return labelsShown(
    ui.labels,
    pg.labels.find((k) => k !== ui.labels),
    px?.kanji ?? null,
    px?.code ?? null,
  );
}

/** The board's drawing watched for its size (measureBoard), and the observer watching it. */
let watched: Element | null = null;
const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measureBoard());

/**
 * Reads the board's scale as drawn (CSS px per SVG unit, from its background's box) into
 * `ui.boardScale`; draws the page again when that changes the labels shown or their note.
 */
function measureBoard(): void {
  const svg = watched as SVGSVGElement | null;
  const bg = svg?.querySelector('.bg');
  if (!svg || !bg || !ui.pg || !svg.isConnected) return;
  const w = svg.viewBox.baseVal.width,
    px = bg.getBoundingClientRect().width;
  if (!(w > 0) || !(px > 0)) return;
  const before = JSON.stringify(shownLabels());
  ui.boardScale = px / w;
  if (JSON.stringify(shownLabels()) !== before) update();
}

/**
 * Draws the whole page from `ui` into `root` (the new-game panel alone until a game is shown), and
 * marks `root` for the tests: `data-ready` (a game shown, not busy), `data-thinking`, `data-ply`. The
 * board's size is watched (measureBoard) for the labels it can show.
 */
export function renderPage(root: HTMLElement): void {
  const pg = ui.pg;
  render(
    html`<header><h1>lattice-engine</h1>
      <span class="subtitle">${pg ? pg.variant.name : 'loading…'}</span>${err('url')}</header>
    <main>
      ${
        pg && ui.line
          ? html`${boardPanel()}<div
              class="side-panels">${playersPanel()}${movesPanel()}${analysisPanel()}${newGamePanel()}</div>`
          : html`${newGamePanel()}`
      }
    </main>`,
    root,
  );
  root.dataset.ready = String(!ui.busy && pg !== null);
  root.dataset.thinking = String(thinking());
  root.dataset.ply = String(ui.line?.ply ?? 0);
  const svg = root.querySelector('.board-wrap svg');
  if (svg !== watched) {
    if (watched) resizes?.unobserve(watched);
    watched = svg;
    if (svg) {
      resizes?.observe(svg);
      measureBoard();
    }
  }
}
