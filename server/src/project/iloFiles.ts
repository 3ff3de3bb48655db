// Which files are ilo source: `.ilo` and, from the 0.13/26.8 line on, `.@`
// (the reference accepts both; the newer extension costs one token less in
// an agent's context).

/** Every ilo source extension, the historical one first. */
export const ILO_EXTENSIONS: readonly string[] = Object.freeze(['.ilo', '.@']);

/** Whether a file name (or path) is an ilo source file. */
export function isIloFile(name: string): boolean {
  return name.endsWith('.ilo') || name.endsWith('.@');
}

/** The file name without its ilo extension (`agent.ilo`, `agent.@` → `agent`); other names unchanged. */
export function stripIloExtension(name: string): string {
  if (name.endsWith('.ilo')) return name.slice(0, -4);
  if (name.endsWith('.@')) return name.slice(0, -2);
  return name;
}
