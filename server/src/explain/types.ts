// The shape of an error-code explanation (see ./index.ts).

export interface CodeExample {
  /** A short program that gets the code. */
  wrong: string;
  /** The same program, corrected. */
  right: string;
  /** Other files the programs need beside them (for `use`), by name relative to the program. */
  files?: Readonly<Record<string, string>>;
}

export interface Explanation {
  /** `ILO-T005`. */
  code: string;
  /** What went wrong, in a few words. */
  title: string;
  /** What the code means: when it is reported and why it matters. */
  meaning: string;
  /** How to fix it. */
  fix: string;
  /** Absent only where no program shows it (an internal engine error). */
  example?: CodeExample;
}
