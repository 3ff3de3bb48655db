// ilo 26 effect sigils as evidence for behavioral identity: what the
// language itself says a function or tool may do, ranked above inference and
// below an explicit `@behavior` (docs/behavior.md, "Effect sigils as
// evidence").
//
// ilo 26's sigils name *kinds* of effect, not reads or writes: `/fs` covers
// `rd` and `wr` alike, `/http` covers `get` and `del`. So sigils can prove
// only two things:
//   - that a function changes nothing outside the program: no sigils at all
//     (ilo 26: no sigils = pure), or only `/io` (console, environment),
//     `/time` (clock, sleep) and `/rand` — none of them reaches files, the
//     network, processes or models, where state lives;
//   - whether it reaches an open world: `/http` (the network, and every tool
//     call), `/net` (a subprocess can reach anything) and `/ml` (inference
//     by a model service) do; `/fs`, `/io`, `/time`, `/rand` do not.
// Nothing about destructive or idempotent: no sigil says so.
//
// Tools carry no sigils of their own in ilo 26; the verifier gives every
// tool call `/http`. A tool is therefore open-world evidence, always, and
// its mutability still comes from `@behavior`, MCP hints or inference.

import type { FunctionDecl } from '../../syntax/ast';

/** Sigils that reach beyond the machine: the network, subprocesses, model services. */
const OPEN_WORLD: ReadonlySet<string> = new Set(['http', 'net', 'ml']);
/** Sigils that change no state outside the program (console output, the clock, random numbers). */
const STATELESS: ReadonlySet<string> = new Set(['io', 'time', 'rand']);

export interface EffectEvidence {
  /** The sigils, without `/`, as declared (a function) or given by ilo (`http` for a tool). */
  sigils: string[];
  /** True for a tool: ilo gives every tool call `/http`; nothing is written in the declaration. */
  implicit: boolean;
  /** The sigils reach an open world (`/http`, `/net`, `/ml`). */
  openWorld: boolean;
  /** The sigils rule out any change of state outside the program: mutability PURE. */
  pure: boolean;
  /** One phrase saying what the sigils decide, for hovers and messages. */
  why: string;
}

const sigilText = (sigils: readonly string[]): string => (sigils.length === 0 ? 'no effect sigils' : sigils.map((s) => `\`/${s}\``).join(' '));

/** The evidence of a list of sigils (`implicit`: a tool's `/http`). */
export function evidenceOf(sigils: readonly string[], implicit = false): EffectEvidence {
  const openWorld = sigils.some((s) => OPEN_WORLD.has(s));
  const pure = sigils.every((s) => STATELESS.has(s));
  let why: string;
  if (implicit) why = 'ilo 26 gives every tool call `/http`: open world; it says nothing about reading or writing';
  else if (sigils.length === 0) why = 'no effect sigils: ilo 26 calls the function pure (it changes nothing, reaches nothing outside)';
  else if (pure) why = `${sigilText(sigils)} only: console, clock or random numbers, no files, network or processes — it changes no state`;
  else why = `${sigilText(sigils)}: ${openWorld ? 'open world' : 'closed world'}; the sigils do not say whether it reads or writes`;
  return { sigils: [...sigils], implicit, openWorld, pure, why };
}

/** A tool at level 26: the implicit `/http` of every tool call. */
export function toolEffectEvidence(): EffectEvidence {
  return evidenceOf(['http'], true);
}

/**
 * A function at level 26. A function without sigils is taken at the
 * language's word only in a file that declares sigils somewhere (`optedIn`),
 * the rule `undeclared-effect` follows: elsewhere most programs print without
 * saying so, and no sigils says nothing.
 */
export function functionEffectEvidence(fn: FunctionDecl, optedIn: boolean): EffectEvidence | undefined {
  const sigils = (fn.effects ?? []).map((e) => e.name.text);
  if (sigils.length === 0 && !optedIn) return undefined;
  return evidenceOf(sigils);
}

/** Whether any of these functions declares effect sigils (the file has opted into saying effects). */
export function declaresSigils(fns: Iterable<{ kind: string; effects?: readonly unknown[] }>): boolean {
  for (const f of fns) if (f.kind === 'FunctionDecl' && (f.effects?.length ?? 0) > 0) return true;
  return false;
}
