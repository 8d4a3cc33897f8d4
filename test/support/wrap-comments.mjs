#!/usr/bin/env node
// Re-wraps comment lines longer than the limit (default 120) at word boundaries, keeping each line's indent
// and prefix (`// `, ` * `, and any hanging indent after it). Formatters (Biome, Prettier) never wrap
// comments, so this is the one-off (and re-runnable) tool for them.
//
//   node wrap-comments.mjs [--check] [--width=120] [paths...]     (default paths: src assembly test bench)
//
// Safe by construction:
// - comments are found by TypeScript's parser (node_modules/typescript of the current directory), never by
//   regex, so `//` inside strings, template literals and regexes is never touched; AssemblyScript files
//   parse too (TypeScript reports their decorators but still builds the tree);
// - only comments that start their line are changed (a trailing `code; // comment` is left as it is);
// - directives are left alone (`// @ts-...`, `// biome-ignore`, `// prettier-ignore`, `// eslint...`,
//   `/// <reference>`, `//#`), and so are JSDoc types (`@param {...}`), lines inside ``` fences, lines
//   indented past the comment's prefix (unless they continue a list item), table rows (`|`) and lines
//   with columns aligned by runs of spaces;
// - words move only at spaces: a long word (a URL) stays whole, and its line stays long;
// - the overflow of a line joins the next line of the same paragraph (same prefix, not a list item, tag
//   or blank), else it goes on a new line with the same prefix (plus the hanging indent of a list item);
// - a one-line `/** ... */` that is too long becomes a `/**`, ` * ...`, ` */` block;
// - before writing, the file is parsed again and checked: its code (everything outside comments, less
//   whitespace) and its comment words (less the comment markers and whitespace) must be unchanged, and
//   the parser must report no new error; otherwise the file is left as it was and named on stderr.
// --check: writes nothing; exits 1 if a file would change. --verbose: prints the lines still over the limit.
// --fail-on-long: exits 1 if any line is still over the limit (long strings, trailing comments, URLs), for
// CI once those are split by hand; --ignore=REGEX leaves out files whose path matches (generated data).
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, extname } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const ts = require('typescript');

const args = process.argv.slice(2);
const check = args.includes('--check');
const verbose = args.includes('--verbose');
const width = Number((args.find((a) => a.startsWith('--width=')) ?? '--width=120').slice(8));
const failOnLong = args.includes('--fail-on-long');
const ignoreArg = args.find((a) => a.startsWith('--ignore='));
const ignore = ignoreArg ? new RegExp(ignoreArg.slice(9)) : null;
const roots = args.filter((a) => !a.startsWith('--'));
const EXTS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

function* files(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return;
  }
  if (st.isDirectory()) {
    for (const e of readdirSync(p).sort()) if (e !== 'node_modules' && !e.startsWith('.')) yield* files(join(p, e));
  } else if (EXTS.has(extname(p)) && !p.endsWith('.d.ts')) yield p;
}

function parse(path, text) {
  const kind = /\.[cm]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}

/** Every comment of the file, [pos, end, kind], found as leading/trailing trivia of every node and token. */
function comments(sf) {
  const text = sf.text;
  const seen = new Map();
  const add = (ranges) => {
    for (const r of ranges ?? []) seen.set(r.pos, r);
  };
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    for (const c of node.getChildren(sf)) visit(c);
  };
  add(ts.getLeadingCommentRanges(text, 0));
  visit(sf);
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}

function parseErrors(sf) {
  return sf.parseDiagnostics.length;
}

/** The file's code without comments and whitespace, and its comment words without markers and whitespace. */
function fingerprint(sf) {
  const text = sf.text;
  let code = '';
  let words = '';
  let at = 0;
  for (const c of comments(sf)) {
    code += text.slice(at, c.pos);
    at = c.end;
    const body = text.slice(c.pos, c.end);
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) words += body.slice(2);
    else
      words += body
        .slice(2, -2)
        .split('\n')
        .map((l) => l.replace(/^\s*\*?/, ''))
        .join('');
  }
  code += text.slice(at);
  return { code: code.replace(/\s+/g, ''), words: words.replace(/\s+/g, '') };
}

const DIRECTIVE = /^\/\/\s*(@ts-|biome-ignore|prettier-ignore|eslint|#|\/\s*<|region\b|endregion\b)|^\/\/\//;
const STRUCTURAL = /^([-+•]\s|\*\s|\d+[.)]\s|@\w|```|\||#)/;
const LIST = /^([-+•*]|\d+[.)])\s+/;

/**
 * Wraps one group of comment lines (each { prefix, text, fixed }) in place; returns true if it changed.
 * `fixed` lines (directives, fences, preformatted) are neither wrapped nor merged into.
 */
function wrapLines(lines) {
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.fixed || l.prefix.length + l.text.length <= width) continue;
    const room = width - l.prefix.length;
    // the last space at or before the room; else the first space after it (the line stays long)
    let cut = -1;
    for (let k = Math.min(room, l.text.length - 1); k > 0; k--)
      if (l.text[k] === ' ' && !/^\s*([-+•*]|\d+[.)])?\s*$/.test(l.text.slice(0, k))) {
        cut = k;
        break;
      }
    if (cut < 0) {
      const m = l.text.slice(room).search(/ \S/);
      if (m < 0) continue;
      cut = room + m;
      if (l.text.slice(0, cut).trim() === '') continue;
    }
    const head = l.text.slice(0, cut).trimEnd();
    const tail = l.text.slice(cut).trimStart();
    if (tail === '') continue;
    const marker = l.text.match(LIST);
    const contPrefix = l.prefix + (marker ? ' '.repeat(marker[0].length) : '');
    l.text = head;
    const next = lines[i + 1];
    if (next && !next.fixed && next.prefix === contPrefix && next.text.trim() !== '' && !STRUCTURAL.test(next.text))
      next.text = `${tail} ${next.text}`;
    else lines.splice(i + 1, 0, { prefix: contPrefix, text: tail, fixed: false });
    changed = true;
  }
  return changed;
}

/** Splits a `//` line or a block comment's middle line into prefix and text; marks what must not move. */
function split(line, kind, state) {
  const m = kind === 'line' ? line.match(/^(\s*\/\/ ?)( *)(.*)$/) : line.match(/^(\s*\* ?)( *)(.*)$/);
  if (!m) return { prefix: '', text: line, fixed: true };
  const [, p, extra, text] = m;
  const fence = text.startsWith('```');
  const wasIn = state.fence;
  if (fence) state.fence = !state.fence;
  const fixed =
    fence ||
    wasIn ||
    extra.length >= 4 ||
    text.startsWith('|') ||
    /\S {2,}\S/.test(text) || // aligned columns: a table or an example
    /^@\w+\s*\{/.test(text) || // a JSDoc type (`@param {...}`): TypeScript reads it
    (kind === 'line' && DIRECTIVE.test(line.trimStart()));
  // indented 2-3 spaces past the prefix: the continuation of a list item above, else preformatted
  const listCont = extra.length > 0 && state.list !== undefined && state.list === p + extra;
  const item = text.match(LIST);
  state.list = item ? p + extra + ' '.repeat(item[0].length) : listCont ? state.list : undefined;
  return { prefix: p + extra, text, fixed: fixed || (extra.length > 0 && !listCont) };
}

function rewrap(path, text) {
  const sf = parse(path, text);
  const lineStarts = sf.getLineStarts();
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const src = text.split('\n');
  const edits = []; // [firstLine, lastLine, newLines]
  const cs = comments(sf).filter((c) => {
    const ln = lineOf(c.pos);
    return text.slice(lineStarts[ln], c.pos).trim() === ''; // own-line comments only
  });
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i];
    const first = lineOf(c.pos);
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      // a run of `//` comments on consecutive lines with one indent
      const indent = src[first].match(/^\s*/)[0];
      let last = first;
      while (
        i + 1 < cs.length &&
        cs[i + 1].kind === ts.SyntaxKind.SingleLineCommentTrivia &&
        lineOf(cs[i + 1].pos) === last + 1 &&
        src[last + 1].match(/^\s*/)[0] === indent
      ) {
        i++;
        last++;
      }
      if (!src.slice(first, last + 1).some((l) => l.length > width)) continue;
      const state = { fence: false };
      const lines = src.slice(first, last + 1).map((l) => split(l, 'line', state));
      if (wrapLines(lines)) edits.push([first, last, lines.map((l) => (l.prefix + l.text).trimEnd())]);
      continue;
    }
    // a block comment
    const last = lineOf(c.end - 1);
    const block = src.slice(first, last + 1);
    if (!block.some((l) => l.length > width)) continue;
    // code after the comment on its last line: leave it
    if (lineOf(c.end) !== last || text.slice(c.end, lineStarts[last + 1] ?? text.length).trim() !== '') continue;
    const indent = block[0].match(/^\s*/)[0];
    const open = block[0].trimStart().startsWith('/**') ? '/**' : '/*';
    const star = `${indent} * `;
    const body = [];
    const state = { fence: false };
    if (first === last) {
      // one line: `/** text */`
      const inner = block[0].trimStart().slice(open.length, -2).trim();
      body.push({ prefix: star, text: inner, fixed: false });
    } else {
      const head = block[0].trimStart().slice(open.length).trim();
      if (head !== '') body.push({ prefix: star, text: head, fixed: false });
      for (const l of block.slice(1, -1)) body.push(split(l, 'block', state));
      const endLine = block[block.length - 1];
      const tailText = endLine
        .trim()
        .replace(/\*\/$/, '')
        .replace(/^\*\s?/, '')
        .trimEnd();
      if (tailText !== '') body.push({ ...split(endLine.replace(/\s*\*\/\s*$/, ''), 'block', state) });
    }
    if (body.some((l) => l.prefix === '')) continue; // not a `*`-prefixed block: leave it
    const fits = body.every((l) => (l.prefix + l.text).length <= width);
    if (!wrapLines(body) && !(first === last && fits)) continue;
    edits.push([first, last, [`${indent}${open}`, ...body.map((l) => (l.prefix + l.text).trimEnd()), `${indent} */`]]);
  }
  if (edits.length === 0) return null;
  const out = src.slice();
  for (const [a, b, lines] of edits.reverse()) out.splice(a, b - a + 1, ...lines);
  return out.join('\n');
}

let changedFiles = 0;
let refused = 0;
let before = 0;
let after = 0;
const remaining = [];
for (const root of roots.length ? roots : ['src', 'assembly', 'test', 'bench']) {
  for (const path of files(root)) {
    if (ignore?.test(path)) continue;
    const text = readFileSync(path, 'utf8');
    const long = (t) => t.split('\n').filter((l) => l.length > width).length;
    before += long(text);
    let next = rewrap(path, text);
    if (next !== null) {
      const a = parse(path, text);
      const b = parse(path, next);
      const fa = fingerprint(a);
      const fb = fingerprint(b);
      if (fa.code !== fb.code || fa.words !== fb.words || parseErrors(b) > parseErrors(a)) {
        const what = fa.code !== fb.code ? 'code' : fa.words !== fb.words ? 'comment words' : 'parse errors';
        console.error(`${path}: left as it was (the check after wrapping failed: ${what})`);
        refused++;
        next = null;
      }
    }
    const final = next ?? text;
    after += long(final);
    final.split('\n').forEach((l, i) => {
      if (l.length > width) remaining.push(`${path}:${i + 1}: ${l.length}`);
    });
    if (next !== null && next !== text) {
      changedFiles++;
      if (!check) writeFileSync(path, next);
    }
  }
}
if (verbose || failOnLong) for (const r of remaining) console.log(r);
console.log(
  `${check ? 'would change' : 'changed'} ${changedFiles} files; lines over ${width}: ${before} before, ${after} after` +
    (refused ? `; ${refused} files refused` : ''),
);
process.exitCode = refused > 0 || (check && changedFiles > 0) || (failOnLong && after > 0) ? 1 : 0;
