// A tool's own limits (ilo 26 `policy{domain:…,tokens:…,rate:…}`) enforced
// by the gate on MCP calls, as ilo enforces them when it dispatches:
//
//   domain  ilo's rule where the tool is declared in ilo (the declaration in
//           the file its pins were imported into): the policy applies to the
//           first argument, in parameter order, that holds a text — ilo 26
//           checks "the first text arg", conventionally the URL. That text
//           must name the host (`*.d`: a subdomain of d), with or without a
//           scheme; a text that is no URL, or no text argument at all, is
//           refused (fail closed). Other arguments are not read, as in ilo.
//           Without an ilo declaration (the policy came from a pinned
//           `_meta`), the gate cannot know which argument is the URL and
//           reads them all: any `scheme://host` inside any string argument,
//           at any depth, and the value of a key named like a URL (`url`,
//           `endpoint`, `targetUri`, `host`…), read as a URL even without a
//           scheme. A value there that is not a URL is refused.
//   rate    at most that many calls per minute (sliding window, per tool);
//           refused calls do not count.
//   tokens  the result (text content and structured content) may hold at
//           most that many tokens (o200k); a larger result is not passed on.
//
// Where a tool's policy comes from: the `tool` declaration in the ilo file
// its pins were imported into (what the user reviewed), else the pinned
// definition's `_meta["ilo-lang.dev/policy"]` (an exported ilo tool). An
// unpinned tool has no policy of its own: only what the server says, and the
// server's word binds nothing.
//
// Refusal reasons name the tool, the limit and the offending host's shape
// (its length, never the host: a URL argument is data), so they can be logged.

import { isJsonObject } from '../schema/json';
import { hostMatches, policyFromJson, POLICY_META_KEY, type ToolPolicySpec } from '../schema/toolPolicy';
import { countTokens, tokenUpperBound } from '../measure/tokenCount';

/** Strings and values looked at per call (arguments past this are refused: too large to check). */
const MAX_VALUES = 50_000;
const MAX_DEPTH = 64;
/** Longest string scanned for URLs (past it the call is refused). */
const MAX_STRING = 1_000_000;

/** Keys whose value is a URL or a host even without `scheme://`. */
const URL_KEY = /(?:^|[_-]|[a-z])(?:url|uri|href|link|endpoint|host|hostname|domain|website|site)$/i;
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`]{0,2048}/gi;

export type PolicyCheck = { ok: true } | { ok: false; reason: string };

/** The policy a served tool carries: its declaration's, else its pinned definition's `_meta`, else none. */
export function servedPolicy(declared: ToolPolicySpec | undefined, pinnedMeta: unknown, pinned: boolean): { policy?: ToolPolicySpec; error?: string } {
  if (declared) return { policy: declared };
  if (!pinned || !isJsonObject(pinnedMeta) || !Object.hasOwn(pinnedMeta, POLICY_META_KEY)) return {};
  const policy = policyFromJson(pinnedMeta[POLICY_META_KEY]);
  return policy ? { policy } : { error: `its pinned _meta["${POLICY_META_KEY}"] is not a policy the gate understands (domain, tokens, rate)` };
}

/** Whether every URL-like argument names the policy's domain. */
export function checkDomain(args: Record<string, unknown>, domain: string): PolicyCheck {
  let values = 0;
  const refuse = (reason: string): PolicyCheck => ({ ok: false, reason: `policy: domain mismatch: ${reason} (the tool allows ${domain})` });
  const hostOk = (raw: string, assumeScheme: boolean): PolicyCheck => {
    const host = hostOf(raw, assumeScheme);
    if (host === undefined) return refuse(`an argument meant as a URL could not be read as one`);
    if (!hostMatches(host, domain)) return refuse(`an argument names another host (${host.length} characters)`);
    return { ok: true };
  };
  const visit = (v: unknown, key: string | undefined, depth: number): PolicyCheck => {
    if (++values > MAX_VALUES || depth > MAX_DEPTH) return { ok: false, reason: 'policy: the arguments are too large to check against the domain policy' };
    if (typeof v === 'string') {
      if (v.length > MAX_STRING) return { ok: false, reason: 'policy: an argument is too long to check against the domain policy' };
      if (key !== undefined && URL_KEY.test(key) && v.trim() !== '') {
        const r = hostOk(v.trim(), true);
        if (!r.ok) return r;
      }
      for (const m of v.matchAll(URL_IN_TEXT)) {
        const r = hostOk(m[0], false);
        if (!r.ok) return r;
      }
      return { ok: true };
    }
    if (Array.isArray(v)) {
      for (const x of v) {
        const r = visit(x, key, depth + 1);
        if (!r.ok) return r;
      }
      return { ok: true };
    }
    if (isJsonObject(v)) {
      for (const k of Object.keys(v)) {
        const r = visit(v[k], k, depth + 1);
        if (!r.ok) return r;
      }
    }
    return { ok: true };
  };
  return visit(args, undefined, 0);
}

/**
 * ilo's rule for a tool declared in ilo: the first argument (in the
 * declaration's parameter order, by wire name) holding a text is the URL, and
 * must name the policy's domain. Arguments are the schema-checked call's.
 */
export function checkDomainDeclared(args: Record<string, unknown>, params: readonly string[], domain: string): PolicyCheck {
  const refuse = (reason: string): PolicyCheck => ({ ok: false, reason: `policy: domain mismatch: ${reason} (the tool allows ${domain})` });
  for (const name of params) {
    if (!Object.hasOwn(args, name)) continue;
    const v = args[name];
    if (typeof v !== 'string') continue;
    if (v.length > MAX_STRING) return { ok: false, reason: 'policy: an argument is too long to check against the domain policy' };
    const host = hostOf(v.trim(), true);
    if (host === undefined) return refuse(`the first text argument (\`${shownName(name)}\`) could not be read as a URL`);
    if (!hostMatches(host, domain)) return refuse(`the first text argument names another host (${host.length} characters)`);
    return { ok: true };
  }
  return refuse('the call has no text argument to check the domain against');
}

/** A declared argument name as a reason may show it: printable ASCII, at most 64 characters. */
function shownName(name: string): string {
  const clean = name.replace(/[^\x20-\x7e]/g, '?').replace(/`/g, "'");
  return clean.length <= 64 ? clean : `${clean.slice(0, 61)}...`;
}

/** The host a URL names (`assumeScheme`: `api.x.com/path` is read as `https://api.x.com/path`). */
function hostOf(raw: string, assumeScheme: boolean): string | undefined {
  const text = assumeScheme && !/^[a-z][a-z0-9+.-]*:/i.test(raw) ? `https://${raw}` : raw;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return undefined;
  }
  // A URL without a host (`mailto:`, `file:///`) names no domain the policy allows.
  return u.hostname === '' ? undefined : u.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Calls per minute, per tool: a sliding window of the times of the calls let
 * through. Memory is bounded by the sum of the rates of the tools called.
 */
export class RateWindow {
  private readonly calls = new Map<string, number[]>();

  /** Records a call at `now` (ms) when fewer than `limit` were let through in the minute before; else refuses. */
  take(key: string, limit: number, now: number): PolicyCheck {
    const since = now - 60_000;
    const times = (this.calls.get(key) ?? []).filter((t) => t > since);
    if (times.length >= limit) {
      this.calls.set(key, times);
      return { ok: false, reason: `policy: rate limit exceeded (${limit} call${limit === 1 ? '' : 's'} per minute)` };
    }
    times.push(now);
    this.calls.set(key, times);
    return { ok: true };
  }
}

/** Texts are counted in pieces of this many characters, stopping once the budget is passed. */
const PIECE = 65_536;

/**
 * Whether a tool result stays within `budget` tokens (text content, other
 * content as JSON, structured content as JSON). Texts no longer than the
 * budget in UTF-8 bytes need no tokenizer (a token covers at least a byte);
 * longer ones are counted in 64 Ki-character pieces, stopping as soon as the
 * budget is passed, so a huge result costs about the budget's worth of work
 * (a piece boundary can add a token to the exact count). The gate fails
 * closed: a tokenizer that cannot be loaded refuses the result.
 */
export function checkTokens(result: { content?: unknown; structuredContent?: unknown }, budget: number): PolicyCheck & { tokens?: number } {
  const texts: string[] = [];
  if (Array.isArray(result.content)) {
    for (const c of result.content) {
      if (isJsonObject(c) && c.type === 'text' && typeof c.text === 'string') texts.push(c.text);
      else texts.push(JSON.stringify(c) ?? '');
    }
  }
  if (result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent) ?? '');
  const over = (): PolicyCheck => ({ ok: false, reason: `policy: token budget exceeded (the result is over ${budget} tokens)` });
  let bound = 0;
  for (const t of texts) bound += tokenUpperBound(t);
  if (bound <= budget) return { ok: true, tokens: bound };
  let total = 0;
  try {
    for (const t of texts) {
      for (let i = 0; i < t.length; i += PIECE) {
        total += countTokens(t.slice(i, i + PIECE));
        if (total > budget) return over();
      }
    }
  } catch {
    return { ok: false, reason: 'policy: the result\'s tokens could not be counted (tokenizer unavailable); it is not passed on' };
  }
  return { ok: true, tokens: total };
}
