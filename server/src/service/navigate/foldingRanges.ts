// Folding ranges: declarations and blocks that span several lines (bodies,
// guard/loop/match blocks, lambdas, multi-line lists and records), blocks of
// comment lines, and runs of `use` declarations.

import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver';
import type { Comment, Program } from '../../syntax/ast';
import type { LineIndex } from '../../syntax/lineIndex';
import { forEachNode, isArm } from '../../syntax/walk';

/** Statement and expression kinds whose multi-line extent is worth folding. */
const BLOCK_KINDS = new Set(['Guard', 'Match', 'ForEach', 'ForRange', 'While', 'Lambda', 'List', 'Record', 'AnonRecord', 'Text']);

/** A comment that is the first thing on its line (not one trailing code). */
function ownLine(text: string, c: Comment): boolean {
  for (let i = c.start - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === '\n') return true;
    if (ch !== ' ' && ch !== '\t') return false;
  }
  return true;
}

function commentBlocks(program: Program, text: string, index: LineIndex): FoldingRange[] {
  const out: FoldingRange[] = [];
  let first = -1;
  let last = -1;
  const flush = (): void => {
    if (last > first && first >= 0) out.push({ startLine: first, endLine: last, kind: FoldingRangeKind.Comment });
  };
  for (const c of program.comments) {
    if (!ownLine(text, c)) continue;
    const line = index.toPosition0(c.start).line;
    if (first >= 0 && line === last + 1) {
      last = line;
      continue;
    }
    flush();
    first = last = line;
  }
  flush();
  return out;
}

function useRuns(program: Program, index: LineIndex): FoldingRange[] {
  const out: FoldingRange[] = [];
  let run: { start: number; end: number } | undefined;
  const flush = (): void => {
    if (!run) return;
    const startLine = index.toPosition0(run.start).line;
    const endLine = index.toPosition0(run.end).line;
    if (endLine > startLine) out.push({ startLine, endLine, kind: FoldingRangeKind.Imports });
    run = undefined;
  };
  for (const d of program.decls) {
    if (d.kind === 'UseDecl' || (d.kind === 'ErrorDecl' && d.intended === 'use')) {
      run = run ? { start: run.start, end: d.end } : { start: d.start, end: d.end };
    } else {
      flush();
    }
  }
  flush();
  return out;
}

export function foldingRanges(program: Program, text: string, index: LineIndex): FoldingRange[] {
  const byStart = new Map<number, FoldingRange>();
  const add = (r: FoldingRange): void => {
    if (r.endLine <= r.startLine) return;
    const seen = byStart.get(r.startLine);
    // One range per start line (what editors can show); the longest wins.
    if (!seen || r.endLine > seen.endLine) byStart.set(r.startLine, r);
  };
  const span = (start: number, end: number): void => {
    add({ startLine: index.toPosition0(start).line, endLine: index.toPosition0(Math.max(start, end)).line });
  };
  for (const d of program.decls) {
    if (d.kind === 'UseDecl') continue;
    span(d.start, d.end);
  }
  forEachNode(program.decls, (n) => {
    if (isArm(n) || ('kind' in n && BLOCK_KINDS.has(n.kind))) span(n.start, n.end);
  });
  for (const r of [...commentBlocks(program, text, index), ...useRuns(program, index)]) add(r);
  return [...byStart.values()].sort((a, b) => a.startLine - b.startLine);
}
