// The status bar's tool count, as text. A file exports its own tools and the
// tools of the files it `use`s, so both numbers are shown: "2 tools, 1 used".
// Also the file's language level ("ilo 26", "ilo 0.11"), from its pragma or
// the ilo.languageVersion setting. Kept free of the vscode API so that it can
// be tested without an editor.

export interface ToolCount {
  /** Tools declared in the file itself. */
  own: number;
  /** Tools reached through `use` (exported with the file's own). */
  used: number;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function toolCountLabel(c: ToolCount): string {
  return c.used === 0 ? plural(c.own, 'tool') : `${plural(c.own, 'tool')}, ${c.used} used`;
}

export function toolCountTooltip(c: ToolCount): string {
  const own = `${plural(c.own, 'tool declaration')} in this file`;
  if (c.used === 0) return own;
  return `${own}\n${plural(c.used, 'tool')} from used files\n${plural(c.own + c.used, 'tool')} exported`;
}

/** The language level of the active file, as the server reports it. */
export interface FileLevel {
  level: string;
  /** The version its `^YY.M` pragma names, when it has one. */
  pragma?: string;
  source: 'pragma' | 'setting';
}

export function levelLabel(l: FileLevel): string {
  return `ilo ${l.level}`;
}

export function levelTooltip(l: FileLevel): string {
  return l.source === 'pragma'
    ? `Language level ${l.level}, from the file's pragma ^${l.pragma ?? ''}`
    : `Language level ${l.level}, from the ilo.languageVersion setting (the file has no ^YY.M pragma)`;
}
