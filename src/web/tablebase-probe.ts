/**
 * The server's tablebase (`lattice serve --tb-dir`, src/serve.ts `/api/probe`): its verdict on the
 * position shown, for the analysis panel. A static copy of the page has no server: it asks nothing.
 */
import { epoch, here, message, ui, update } from './state.js';
import { verdictText } from './words.js';

/** True when `lattice serve --tb-dir` marked the page (a meta tag) as having a tablebase to ask. */
export function hasTablebase(): boolean {
  return document.querySelector('meta[name="lattice-tablebase"]') !== null;
}

/**
 * Asks the server's tablebase for the verdict of the position shown (only with `lattice serve --tb-dir`)
 * into `ui.verdict` (or the tablebase error), unless epoch `my` has passed by the answer. Never rejects.
 */
export async function probeTablebase(my: number): Promise<void> {
  if (!ui.tablebase || !ui.pg) return;
  const pg = ui.pg;
  const h = here();
  const q = new URLSearchParams({ v: pg.variant.id, pos: h.position });
  for (const [k, v] of Object.entries(pg.options)) q.set(`o.${k}`, v);
  ui.verdict = '…';
  delete ui.errors.tablebase;
  try {
    const res = await fetch('api/probe?' + q.toString());
    const body = (await res.json()) as {
      probe?: { wdl: 'win' | 'draw' | 'loss'; dtm: number | null; bestmove: string | null; line: string[] } | null;
      error?: string;
    };
    if (my !== epoch()) return;
    if (body.error !== undefined) {
      ui.verdict = '';
      ui.errors.tablebase = body.error;
    } else if (!body.probe) ui.verdict = 'not in the tablebase (Bagh Chal: pieces still in hand)';
    else {
      const p = body.probe;
      ui.verdict =
        verdictText(p, h.view.toMove, h.view.sides) +
        (p.bestmove ? `; best ${p.bestmove}` : '') +
        (p.line.length ? ` (${p.line.join(' ')})` : '');
    }
  } catch (e) {
    if (my === epoch()) {
      ui.verdict = '';
      ui.errors.tablebase = message(e);
    }
  }
  update();
}
