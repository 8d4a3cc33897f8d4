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
 * into `ui.verdict`, or why there is none into `ui.verdictNote` (no tables for this game in the
 * directory, a position outside them: the server's words), or the tablebase error (a bad answer, the
 * server's tables unreadable), unless epoch `my` has passed by the answer. Never rejects.
 */
export async function probeTablebase(my: number): Promise<void> {
  if (!ui.tablebase || !ui.pg) return;
  const pg = ui.pg;
  const h = here();
  const q = new URLSearchParams({ v: pg.variant.id, pos: h.position });
  for (const [k, v] of Object.entries(pg.options)) q.set(`o.${k}`, v);
  ui.verdict = '…';
  ui.verdictNote = '';
  delete ui.errors.tablebase;
  try {
    const res = await fetch('api/probe?' + q.toString());
    const body = (await res.json().catch(() => ({ error: `the server answered HTTP ${res.status}` }))) as {
      probe?: { wdl: 'win' | 'draw' | 'loss'; dtm: number | null; bestmove: string | null; line: string[] } | null;
      tables?: boolean;
      why?: string;
      error?: string;
    };
    if (my !== epoch()) return;
    ui.verdict = '';
    if (body.error !== undefined || !res.ok)
      ui.errors.tablebase = body.error ?? `the server answered HTTP ${res.status}`;
    else if (!body.probe) ui.verdictNote = body.why ?? 'no verdict here';
    else {
      const p = body.probe;
      ui.verdict =
        verdictText(p, h.view.toMove, h.view.sides) +
        (p.bestmove ? `; best ${p.bestmove}` : '') +
        (p.line.length ? ` (${p.line.join(' ')})` : '');
    }
  } catch (e) {
    if (my !== epoch()) return;
    ui.verdict = '';
    ui.errors.tablebase = `the server did not answer: ${message(e)}`;
  }
  update();
}
