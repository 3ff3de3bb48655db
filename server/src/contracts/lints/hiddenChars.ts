// Invisible and direction-changing characters: what a reader of a tool
// definition cannot see, but a model reads (zero-width characters, bidi
// overrides, tag characters that spell hidden ASCII, variation selectors,
// controls). One pass over the text, linear in its length; a run of a
// million hidden characters is one finding with a bounded message.

import type { TextHit } from './textHit';


/** Bidirectional formatting characters: they reorder what a reviewer sees (Trojan Source). */
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** True for a code point a reader cannot see, or that changes how the text around it is displayed. */
export function isHiddenCodePoint(cp: number): boolean {
  if (BIDI.has(cp) || cp in NAMES) return true;
  if (cp >= 0xe0000 && cp <= 0xe007f) return true; // tag characters: invisible ASCII ("ASCII smuggling")
  if (cp >= 0xfe00 && cp <= 0xfe0f) return true; // variation selectors
  if (cp >= 0xe0100 && cp <= 0xe01ef) return true; // variation selectors supplement (used to hide bytes)
  if (cp >= 0xfff9 && cp <= 0xfffb) return true; // interlinear annotation controls
  // C0/C1 controls other than tab, line feed and carriage return.
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f)) return true;
  return false;
}

export function isBidiCodePoint(cp: number): boolean {
  return BIDI.has(cp);
}

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, `U+E0041 TAG LATIN CAPITAL LETTER A`, `U+0007 control`. */
export function describeCodePoint(cp: number): string {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  const name = NAMES[cp];
  if (name) return `${hex} ${name}`;
  if (cp >= 0xe0000 && cp <= 0xe007f) return `${hex} TAG CHARACTER`;
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return `${hex} VARIATION SELECTOR`;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `${hex} control character`;
  return `${hex} invisible character`;
}

export interface HiddenRun extends TextHit {
  /** Every distinct code point in the run, described. */
  codePoints: string[];
  bidi: boolean;
  /** Tag characters spell out hidden ASCII text: this is it, decoded. */
  smuggled?: string;
}

/**
 * Runs of invisible or bidirectional characters. Adjacent hidden characters
 * form one run, so a smuggled sentence of tag characters is one finding.
 */
export function findHiddenCharacters(text: string): HiddenRun[] {
  const runs: HiddenRun[] = [];
  // One run at a time: distinct code points (a few are named), whether any is bidi, and the
  // first SMUGGLED_KEEP characters that tag characters spell out. Nothing grows with the run.
  let cur: { start: number; end: number; distinct: Set<number>; bidi: boolean; smuggled: string; tags: number } | undefined;
  const flush = () => {
    if (!cur) return;
    const distinct = [...cur.distinct];
    const run: HiddenRun = {
      start: cur.start,
      end: cur.end,
      codePoints: distinct.slice(0, 4).map(describeCodePoint).concat(cur.distinct.size > 4 ? [`and ${cur.distinct.size - 4} more`] : []),
      bidi: cur.bidi,
      label: '',
    };
    if (cur.tags > 0) run.smuggled = cur.tags > SMUGGLED_KEEP ? `${cur.smuggled}… (${cur.tags} characters)` : cur.smuggled;
    run.label = run.codePoints.join(', ');
    runs.push(run);
    cur = undefined;
  };
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isHiddenCodePoint(cp)) {
      if (!cur || cur.end !== i) {
        flush();
        cur = { start: i, end: i, distinct: new Set(), bidi: false, smuggled: '', tags: 0 };
      }
      cur.end = i + ch.length;
      if (cur.distinct.size <= 64) cur.distinct.add(cp);
      if (isBidiCodePoint(cp)) cur.bidi = true;
      if (cp >= 0xe0020 && cp <= 0xe007e) {
        cur.tags++;
        if (cur.tags <= SMUGGLED_KEEP) cur.smuggled += String.fromCharCode(cp - 0xe0000);
      }
    }
    i += ch.length;
  }
  flush();
  return runs;
}

/** How much of a text spelled in tag characters a message quotes. */
const SMUGGLED_KEEP = 200;
