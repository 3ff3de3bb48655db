// Telling binary data from source text before lexing it. A document whose
// start is full of control characters (NUL among them) or undecodable bytes
// (U+FFFD after UTF-8 decoding) is a binary file opened by mistake: it is
// not lexed at all. The reference stops at its first lexical error anyway,
// and lexing garbage costs more than lexing a program. A stray control
// character in a program is left to the lexer (ILO-L001).

/** How much of a document the check reads (it runs on every parse, so it stays cheap). */
const SAMPLE = 32_768;

export interface BinaryContent {
  /** Offset of the first odd character. */
  first: number;
  /** Odd characters in the sample. */
  count: number;
  nul: boolean;
}

/** The odd characters: controls other than tab, newline, vertical tab, form feed and carriage return; DEL and C1 controls; U+FFFD. */
const ODD = /[\x00-\x08\x0e-\x1f\x7f-\x9f\ufffd]/;

/** Binary content: at least 8 odd characters making up at least 2% of the first 32K characters. */
export function binaryContent(text: string): BinaryContent | undefined {
  const sample = Math.min(text.length, SAMPLE);
  // A native search finds the first odd character (a program has none): the count starts there.
  const first = (text.length > SAMPLE ? text.slice(0, SAMPLE) : text).search(ODD);
  if (first < 0) return undefined;
  let count = 0;
  let nul = false;
  for (let i = first; i < sample; i++) {
    const c = text.charCodeAt(i);
    const odd = (c < 32 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13) || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0xfffd;
    if (!odd) continue;
    count++;
    if (c === 0) nul = true;
  }
  return count >= 8 && count * 50 >= sample ? { first, count, nul } : undefined;
}

/** What the `binary-file` diagnostic says. */
export function binaryMessage(text: string, found: BinaryContent): string {
  const code = text.charCodeAt(found.first);
  const what = `${found.count} of its first ${Math.min(text.length, SAMPLE)} characters are control${found.nul ? ' (NUL among them)' : ''} or undecodable characters`;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  return `this looks like a binary file, not ilo source (${what}; the first unexpected character, U+${hex}, is here); it is not analysed`;
}
