// A large well-formed-but-not-clean ilo program for tests of large-file
// behaviour: a tool, a record type, and per `n` a documented function using
// the type, a function calling the tool and one using an undefined name
// (ILO-T004): about 8·n lines.

/** A name suffix of letters (0 → aa, 1 → ab, …), for generated declarations. */
export function letterTag(i: number): string {
  return String.fromCharCode(97 + (Math.floor(i / 26) % 26), 97 + (i % 26));
}

export function bigProgram(n: number): string {
  const parts = ['-- @behavior PURE READ DATA\ntool fetch"Fetch a page" url:t>R t t', 'type box{w:n;h:n}'];
  for (let i = 0; i < n; i++) {
    const t = letterTag(i);
    parts.push(`-- Area ${i}.\narea-${t} b:box>n;*b.w b.h`, `get-${t} u:t>R t t;fetch u`, `bad-${t} x:n>n;+x nope-${t}`);
  }
  return `${parts.join('\n\n')}\n`;
}
