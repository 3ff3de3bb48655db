// Behavioral identity at the gate (seed 002, "the gate"): what an upstream
// tool does, how sure we are that it leaves the world alone, what a caller or
// the policy expects, and the definition the gate serves with its identity
// attached (`_meta["ilo-lang.dev/behavior"]` and the MCP annotation hints).

import { isJsonObject, type JsonObject, type JsonValue } from '../schema/json';
import { dict, nullProtoCopy, setOwn } from '../contracts/safeJson';
import { classifyBehaviorWord, allowedBehaviorWords } from '../schema/behaviorWords';
import {
  BEHAVIOR_META_KEY,
  behaviorId,
  behaviorWords,
  completeTriple,
  factsFromMcpTool,
  hintsForBehavior,
  inferBehavior,
  type Action,
  type BehaviorTriple,
  type Confidence,
  type Domain,
  type Mutability,
  type ToolBehavior,
} from '../contracts/behavior';
import type { RawTool } from '../contracts/mcp';

/** `_meta` key under which a caller states the identity it expects of the tool it calls. */
export const EXPECT_META_KEY = 'ilo-lang.dev/expect';
/** `_meta` key under which the gate says where a served tool comes from. */
export const GATE_META_KEY = 'ilo-lang.dev/gate';

export interface Expectation {
  mutability?: Mutability;
  action?: Action;
  domain?: Domain;
  /** A whole behavioral identity (16 hex characters). */
  id?: string;
}

/**
 * Read an expectation: behavior words in any order (`PURE READ DATA`, or a
 * subset such as `PURE`), a 16-hex identity, or an object with `mutability`,
 * `action`, `domain` and/or `id`.
 */
export function parseExpectation(value: unknown): { expectation: Expectation } | { error: string } {
  if (isJsonObject(value)) {
    const words = ['mutability', 'action', 'domain'].map((k) => value[k]).filter((v) => v !== undefined);
    const id = value.id;
    if (words.some((w) => typeof w !== 'string') || (id !== undefined && typeof id !== 'string')) return { error: 'an expectation object holds strings: mutability, action, domain, id' };
    const text = [...(words as string[]), ...(typeof id === 'string' ? [id] : [])].join(' ');
    return text === '' ? { error: 'the expectation is empty' } : parseExpectation(text);
  }
  if (typeof value !== 'string' || value.trim() === '') return { error: 'an expectation is a string such as "PURE READ DATA" or a 16-hex behavioral identity' };
  const out: Expectation = {};
  for (const word of value.trim().split(/[\s|,]+/)) {
    if (/^[0-9a-f]{16}$/i.test(word)) {
      out.id = word.toLowerCase();
      continue;
    }
    const c = classifyBehaviorWord(word);
    if (!c) return { error: `\`${word}\` is not a behavior word (${allowedBehaviorWords()}) nor a 16-hex identity` };
    if (out[c.field] !== undefined) return { error: `the expectation names the ${c.field} twice` };
    (out as Record<string, string>)[c.field] = c.value;
  }
  return { expectation: out };
}

/** `PURE READ DATA`-style text for an expectation. */
export function expectationText(e: Expectation): string {
  return [e.mutability, e.action, e.domain, e.id].filter(Boolean).join(' ');
}

/** Why a tool's behavior does not meet an expectation, or undefined when it does. Unknown fields never meet one. */
export function expectationMismatch(e: Expectation, b: ToolBehavior): string | undefined {
  const have = behaviorWords(b);
  for (const field of ['mutability', 'action', 'domain'] as const) {
    const want = e[field];
    if (want === undefined) continue;
    if (b[field] === undefined) return `expected ${expectationText(e)}, but the tool's ${field} is unknown (${have})`;
    if (b[field] !== want) return `expected ${expectationText(e)}, but the tool is ${have}`;
  }
  if (e.id !== undefined) {
    const t = completeTriple(b);
    if (!t) return `expected identity ${e.id}, but the tool's identity is incomplete (${have})`;
    const id = behaviorId(t);
    if (id !== e.id) return `expected identity ${e.id}, but the tool is ${have} (${id})`;
  }
  return undefined;
}

const MUTABILITY_WORDS = new Set(['PURE', 'MUTATES']);

/** A behavior the upstream declared itself in `_meta["ilo-lang.dev/behavior"]` (an ilo export, say), when complete and valid. */
function declaredBehavior(tool: RawTool): ToolBehavior | undefined {
  const meta = isJsonObject(tool._meta) ? tool._meta[BEHAVIOR_META_KEY] : undefined;
  if (!isJsonObject(meta)) return undefined;
  const words = [meta.mutability, meta.action, meta.domain];
  if (!words.every((w) => typeof w === 'string')) return undefined;
  const [m, a, d] = words.map((w) => classifyBehaviorWord(w as string));
  if (m?.field !== 'mutability' || a?.field !== 'action' || d?.field !== 'domain' || !MUTABILITY_WORDS.has(m.value)) return undefined;
  if (meta.source !== 'declared') return undefined;
  return { mutability: m.value as Mutability, action: a.value as Action, domain: d.value as Domain, source: 'declared', confidence: 'high' };
}

/**
 * The behavior of an upstream tool: what the user declared with `@behavior` in
 * the ilo file the tool was imported into (complete triples only), else what
 * the tool declares in `_meta`, else what its annotations, name and
 * description say.
 */
export function toolIdentity(tool: RawTool, declared?: Partial<BehaviorTriple>): ToolBehavior {
  const own = declared ? completeTriple(declared) : undefined;
  if (own) return { ...own, source: 'declared', confidence: 'high' };
  return declaredBehavior(tool) ?? inferBehavior(factsFromMcpTool(tool as Parameters<typeof factsFromMcpTool>[0]));
}

/** The mutability a definition claims for itself: `_meta` declared behavior, else `readOnlyHint`. */
export function claimedMutability(tool: RawTool): { value: Mutability; by: string }[] {
  const out: { value: Mutability; by: string }[] = [];
  const meta = declaredBehavior(tool);
  if (meta?.mutability) out.push({ value: meta.mutability, by: `its _meta["${BEHAVIOR_META_KEY}"]` });
  const hint = isJsonObject(tool.annotations) && Object.hasOwn(tool.annotations, 'readOnlyHint') ? tool.annotations.readOnlyHint : undefined;
  if (typeof hint === 'boolean') out.push({ value: hint ? 'PURE' : 'MUTATES', by: `its readOnlyHint (${hint})` });
  return out;
}

/**
 * Whether a tool surely leaves the world as it was: `read-only` only for a
 * PURE mutability that was declared, given by annotations, or inferred with at
 * least medium confidence. The gate fails closed: `unsure` counts as mutating.
 */
export function mutabilityVerdict(b: ToolBehavior): 'read-only' | 'mutates' | 'unsure' {
  if (b.mutability === 'MUTATES') return 'mutates';
  if (b.mutability !== 'PURE') return 'unsure';
  if (b.source === 'declared' || b.source === 'annotations') return 'read-only';
  const own = (b as ToolBehavior & { confidences?: { mutability?: Confidence } }).confidences?.mutability;
  return (own ?? b.confidence) === 'low' ? 'unsure' : 'read-only';
}

/** The identity entry the gate puts in a served tool's `_meta`. */
export function identityMeta(b: ToolBehavior): JsonObject {
  const out: JsonObject = { source: b.source, confidence: b.confidence };
  if (b.mutability) out.mutability = b.mutability;
  if (b.action) out.action = b.action;
  if (b.domain) out.domain = b.domain;
  const t = completeTriple(b);
  if (t) out.id = behaviorId(t);
  return out;
}

/**
 * The definition the gate serves: the upstream tool exactly as listed (and
 * hashed) — copied key by key into objects without a prototype, so a key such
 * as `__proto__` is served as it was hashed — plus the gate's own keys:
 * `_meta["ilo-lang.dev/behavior"]`, `_meta["ilo-lang.dev/gate"]`, and the
 * annotation hints its behavior implies where the upstream gave none (hints
 * it gave are kept as they are).
 */
export function servedDefinition(tool: RawTool, b: ToolBehavior, origin: { server: string; hash: string; pinned: boolean }): RawTool {
  const out = nullProtoCopy(tool) as RawTool;
  const implied: JsonObject = {};
  const t = completeTriple(b);
  if (t) Object.assign(implied, hintsForBehavior(t));
  else if (b.mutability) implied.readOnlyHint = b.mutability === 'PURE';
  // (A definition whose annotations or _meta are not objects is not a valid MCP tool and is never served.)
  const annotations = isJsonObject(out.annotations) ? out.annotations : dict<JsonValue>();
  for (const [k, v] of Object.entries(implied)) if (!Object.hasOwn(annotations, k)) setOwn(annotations, k, v);
  if (Object.keys(annotations).length > 0 && (out.annotations === undefined || isJsonObject(out.annotations))) setOwn(out, 'annotations', annotations);
  const meta = isJsonObject(out._meta) ? out._meta : dict<JsonValue>();
  setOwn(meta, BEHAVIOR_META_KEY, identityMeta(b));
  setOwn(meta, GATE_META_KEY, { server: origin.server, hash: origin.hash, pinned: origin.pinned });
  setOwn(out, '_meta', meta);
  return out;
}
