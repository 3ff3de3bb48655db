// Splitting tool names and prose into lower-case words for inference.

/** `slack_get_userProfile`, `describe-table`, `git.diff` → `slack get user profile`, … */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** The first sentence of a description (up to `.`, `!`, `?`, `;` or a line break followed by space/end). */
export function firstSentence(text: string): string {
  const m = /^(.*?)(?:[.!?;](?:\s|$)|\n|$)/s.exec(text.trim());
  return m ? m[1] : text;
}

/** Lower-case words of prose; hyphenated words are split (`key-value` → `key value`). */
export function proseWords(text: string): string[] {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** Sentences of a description, in order. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
