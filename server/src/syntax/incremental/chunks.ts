// incremental/: what lets a re-parse after an edit reuse the work of the last
// one (the driver that does the reusing is ../parse.ts).
//
// Split a document into top-level chunks with one linear scan.
//
// A chunk starts at the beginning of the text and at every line that starts
// in column 0 with something other than a blank, a `}` or a `--` comment,
// provided the line break is not inside a text literal or an open `(`/`[`.
// Those are exactly the line breaks the normaliser keeps as declaration
// boundaries, and the normaliser's decisions never look across them, so
// lexing chunk by chunk gives the same tokens as lexing the whole text.
// (Whether a *declaration* really ends there is the parser's business: a
// body may run on after `;` at the end of a line; ../parse.ts checks that a
// cached chunk parse still fits before reusing it.)

import type { LexicalFeatures } from '../../level/level';

export interface Chunk {
  start: number;
  end: number;
}

export function splitChunks(text: string, features?: Pick<LexicalFeatures, 'tripleQuotedText'>): Chunk[] {
  return scanChunks(text, 0, features).chunks;
}

/**
 * Chunk `text` from offset `from` (which must be a chunk start). When `stop`
 * accepts a chunk start, scanning ends there and `stoppedAt` is that offset
 * (the chunks from it on are known to the caller); otherwise the chunks run
 * to the end of the text and `stoppedAt` is undefined.
 */
export function scanChunks(
  text: string,
  from: number,
  features?: Pick<LexicalFeatures, 'tripleQuotedText'>,
  stop?: (chunkStart: number) => boolean,
): { chunks: Chunk[]; stoppedAt?: number } {
  const chunks: Chunk[] = [];
  const n = text.length;
  const triple = features?.tripleQuotedText === true;
  let chunkStart = from;
  let depth = 0;
  let i = from;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */ && triple && text.charCodeAt(i + 1) === 34 && text.charCodeAt(i + 2) === 34) {
      const close = text.indexOf('"""', i + 3);
      i = close < 0 ? n : close + 3;
      continue;
    }
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === 45 /* - */ && text.charCodeAt(i + 1) === 45) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
      continue;
    }
    if (c === 40 || c === 91) depth++;
    else if ((c === 41 || c === 93) && depth > 0) depth--;
    else if (c === 10 && depth === 0) {
      const next = i + 1;
      if (next < n && startsDeclLine(text, next) && next > chunkStart) {
        chunks.push({ start: chunkStart, end: next });
        chunkStart = next;
        if (stop !== undefined && stop(next)) return { chunks, stoppedAt: next };
      }
    }
    i++;
  }
  chunks.push({ start: chunkStart, end: n });
  return { chunks };
}

function startsDeclLine(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === 32 || c === 9 || c === 10 || c === 13 || c === 125 /* } */) return false;
  if (c === 45 && text.charCodeAt(at + 1) === 45) return false;
  return true;
}
