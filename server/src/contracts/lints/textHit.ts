/** A match inside one string: `[start, end)` are UTF-16 offsets into it. */
export interface TextHit {
  start: number;
  end: number;
  /** What was found, for the message (a phrase, a code point list, a key kind). */
  label: string;
}
