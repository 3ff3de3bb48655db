// What a model reads, as the lints should read it. A model sees through
// disguises a pattern does not: `Іgnore` with a Cyrillic `І`, full-width
// `ｉｇｎｏｒｅ`, `ign\u200Bore` with a zero-width space, `1gn0re`, accents
// stacked on letters. Before matching, text is folded into a plain view:
//
//   fold      compatibility decomposition (full-width and styled letters,
//             ligatures), combining marks and invisible characters removed,
//             look-alike letters of other scripts mapped to the ASCII letter
//             they imitate;
//   leet      the folded view with digits and symbols that stand for letters
//             read as those letters (`1gn0re` → `ignore`);
//   words     the folded view with `snake_case` and `camelCase` split into
//             words (`OPENAI_API_KEY` → `OPENAI API KEY`), for names.
//
// Every view keeps, for each of its characters, the offset of the original
// character it came from, so a finding still points into the original text.
// Linear in the length of the text; ASCII goes through untouched.

import { isHiddenCodePoint } from './hiddenChars';

/** A view of a text and where each of its characters came from. */
export interface TextView {
  text: string;
  /** origin[i]: offset in the original text of view character i; origin[text.length] = original length. Absent: the identity. */
  origin?: Uint32Array;
}

/** Letters of other scripts (and Latin oddities) that pass for ASCII letters. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A', В: 'B', Е: 'E', Ѐ: 'E', Ё: 'E', З: '3', І: 'I', Ї: 'I', Ј: 'J', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Ү: 'Y', Ӏ: 'I', Һ: 'H',
  а: 'a', в: 'b', е: 'e', ѐ: 'e', ё: 'e', і: 'i', ї: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ү: 'y', ӏ: 'l', һ: 'h', ɡ: 'g', ԍ: 'g', ь: 'b', п: 'n', г: 'r', л: 'n', д: 'a', и: 'u', ц: 'u',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  α: 'a', β: 'b', γ: 'y', ε: 'e', ζ: 'z', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', σ: 'o', τ: 't', υ: 'u', χ: 'x', ω: 'w', ϲ: 'c', ϳ: 'j',
  // Armenian
  օ: 'o', ս: 'u', ց: 'g', հ: 'h', ո: 'n', ռ: 'n', ւ: 'l', Օ: 'O', Ս: 'U',
  // Latin and symbols
  ı: 'i', ɩ: 'i', ǀ: 'l', ℓ: 'l', ʟ: 'l', ɪ: 'i', ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ᴊ: 'j', ᴋ: 'k', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
  ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ħ: 'h', ł: 'l', Ł: 'L', ŧ: 't', ƀ: 'b', ɨ: 'i', ʉ: 'u',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2212': '-',
};

/** Digits and symbols read as letters inside words. */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'l' };

const MARK = /\p{M}/u;
const CF = /\p{Cf}/u;
const SPACE = /\s/u;

const PLAIN = /^[\x20-\x7e\t\n\r]*$/;
/** Plain printable ASCII with tab and line breaks: folds to itself. */
const PLAIN_RUN = /[\x20-\x7e\t\n\r]+/g;

/** The folded view of a text (see the module comment). Linear: plain ASCII is copied in runs. */
export function foldText(text: string): TextView {
  if (PLAIN.test(text)) return { text };
  let origin = new Uint32Array(text.length + 1);
  let n = 0;
  const parts: string[] = [];
  const push = (s: string, from: number) => {
    if (n + s.length + 1 > origin.length) {
      const bigger = new Uint32Array(Math.max(origin.length * 2, n + s.length + 1));
      bigger.set(origin.subarray(0, n));
      origin = bigger;
    }
    for (let k = 0; k < s.length; k++) origin[n++] = from;
    parts.push(s);
  };
  let i = 0;
  PLAIN_RUN.lastIndex = 0;
  while (i < text.length) {
    PLAIN_RUN.lastIndex = i;
    const m = PLAIN_RUN.exec(text);
    const runStart = m ? m.index : text.length;
    // The characters before the next plain run, one code point at a time.
    while (i < runStart) {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (!isHiddenCodePoint(cp) && !CF.test(ch)) {
        const direct = LOOKALIKES[ch];
        if (direct !== undefined) push(direct, i);
        else if (SPACE.test(ch)) push(' ', i);
        else {
          for (const part of ch.normalize('NFKD')) {
            if (MARK.test(part)) continue;
            push(LOOKALIKES[part] ?? part, i);
          }
        }
      }
      i += ch.length;
    }
    if (!m) break;
    const run = m[0];
    if (n + run.length + 1 > origin.length) {
      const bigger = new Uint32Array(Math.max(origin.length * 2, n + run.length + 1));
      bigger.set(origin.subarray(0, n));
      origin = bigger;
    }
    for (let k = 0; k < run.length; k++) origin[n++] = m.index + k;
    parts.push(run);
    i = m.index + run.length;
  }
  origin[n] = text.length;
  return { text: parts.join(''), origin: origin.subarray(0, n + 1) };
}

/** The folded view with digits and symbols that stand inside words read as letters (`1gn0re`). */
export function leetView(folded: TextView): TextView {
  const t = folded.text;
  if (!/[0134579@$!|]/.test(t)) return folded;
  const letter = (i: number) => {
    const c = t.charCodeAt(i) | 0x20;
    return c >= 97 && c <= 122;
  };
  // Only next to a letter: "a 10-day forecast" keeps its digits.
  const text = t.replace(/[0134579@$!|]/g, (c: string, i: number) => ((i > 0 && letter(i - 1)) || (i + 1 < t.length && letter(i + 1)) ? LEET[c] : c));
  return { text, origin: folded.origin };
}

/** The folded view with `_` and case changes as spaces (`openAiApiKey`, `AWS_SECRET` → words). */
export function wordsView(folded: TextView): TextView {
  const t = folded.text;
  if (!/_|[a-z0-9][A-Z]/.test(t)) return folded;
  const at = (i: number) => (folded.origin ? folded.origin[i] : i);
  const out: string[] = [];
  const origin = new Uint32Array(t.length * 2 + 1);
  let n = 0;
  let runStart = 0;
  const flush = (end: number) => {
    if (end > runStart) out.push(t.slice(runStart, end));
  };
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 95 /* _ */) {
      flush(i);
      out.push(' ');
      origin[n++] = at(i);
      runStart = i + 1;
      continue;
    }
    if (i > 0 && c >= 65 && c <= 90) {
      const p = t.charCodeAt(i - 1);
      if ((p >= 97 && p <= 122) || (p >= 48 && p <= 57)) {
        flush(i);
        out.push(' ');
        origin[n++] = at(i);
        runStart = i;
      }
    }
    origin[n++] = at(i);
  }
  flush(t.length);
  origin[n] = at(t.length);
  return { text: out.join(''), origin: origin.subarray(0, n + 1) };
}

/** The original range `[start, end)` of view characters `[start, end)`. */
export function originalRange(view: TextView, start: number, end: number): { start: number; end: number } {
  const at = (i: number) => (view.origin ? view.origin[Math.min(i, view.text.length)] : Math.min(i, view.text.length));
  const s = at(start);
  // The end is where the last matched character's original ends: the next character's origin.
  let e = at(end);
  if (e <= s) e = s + 1;
  return { start: s, end: e };
}
