// A level-26 tool's `policy{domain:"api.example.com",tokens:500,rate:10}`:
// the runtime limits ilo itself applies at dispatch (domain of the URL,
// token budget per call, calls per minute). Read here once, for the hover,
// the exports (`_meta["ilo-lang.dev/policy"]`, A2A skill tags) and the gate,
// which enforces the same limits on MCP calls.
//
// Only literal values of the right type are taken: a field ilo would reject
// (wrong type, unknown name) is left out here and reported by the verifier.

import type { ToolDecl } from '../syntax/ast';
import { isJsonObject, type JsonObject, type JsonValue } from './json';

export interface ToolPolicySpec {
  /** Host the URL-like arguments must name: `api.example.com`, or `*.example.com` for its subdomains. */
  domain?: string;
  /** Most tokens one call's result may hold. */
  tokens?: number;
  /** Most calls per minute. */
  rate?: number;
}

/** `_meta` key under which an exported tool carries its policy. */
export const POLICY_META_KEY = 'ilo-lang.dev/policy';

/** Longest domain pattern taken (a DNS name is at most 253 characters). */
const MAX_DOMAIN = 253;

/** The policy a tool declares, or undefined when it has no `policy{…}` block. `policy{}` is an empty policy. */
export function toolPolicyOf(decl: ToolDecl): ToolPolicySpec | undefined {
  const p = decl.policy;
  if (p === undefined) return undefined;
  const out: ToolPolicySpec = {};
  for (const f of p.fields ?? []) {
    const v = f.value;
    switch (f.name.text) {
      case 'domain':
        if (v.kind === 'Text' && validDomainPattern(v.value)) out.domain = v.value.toLowerCase();
        break;
      case 'tokens':
        if (v.kind === 'Number' && Number.isFinite(v.value) && v.value >= 0) out.tokens = v.value;
        break;
      case 'rate':
        if (v.kind === 'Number' && Number.isFinite(v.value) && v.value >= 0) out.rate = v.value;
        break;
      default:
        break;
    }
  }
  return out;
}

/** A host name, or `*.` and a host name: letters, digits, `-` and `.` only. */
export function validDomainPattern(s: string): boolean {
  if (s.length === 0 || s.length > MAX_DOMAIN) return false;
  const host = s.startsWith('*.') ? s.slice(2) : s;
  return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?$/.test(host);
}

/** The policy as JSON (the `_meta` value), keys in a fixed order. */
export function policyJson(p: ToolPolicySpec): JsonObject {
  const out: JsonObject = {};
  if (p.domain !== undefined) out.domain = p.domain;
  if (p.tokens !== undefined) out.tokens = p.tokens;
  if (p.rate !== undefined) out.rate = p.rate;
  return out;
}

/**
 * A policy read back from JSON (a pinned definition's `_meta`): undefined
 * unless it is an object whose known keys have valid values. Unknown keys
 * make it unreadable too: a limit the gate does not understand is not
 * silently dropped.
 */
export function policyFromJson(v: JsonValue | undefined): ToolPolicySpec | undefined {
  if (!isJsonObject(v)) return undefined;
  const out: ToolPolicySpec = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'domain' && typeof x === 'string' && validDomainPattern(x)) out.domain = x.toLowerCase();
    else if ((k === 'tokens' || k === 'rate') && typeof x === 'number' && Number.isFinite(x) && x >= 0) out[k] = x;
    else return undefined;
  }
  return out;
}

/** For hovers and logs: `domain *.example.com · 500 tokens per result · 10 calls per minute`, or `no limits`. */
export function policySummary(p: ToolPolicySpec): string {
  const parts: string[] = [];
  if (p.domain !== undefined) parts.push(`domain ${p.domain}`);
  if (p.tokens !== undefined) parts.push(`${p.tokens} tokens per result`);
  if (p.rate !== undefined) parts.push(`${p.rate} call${p.rate === 1 ? '' : 's'} per minute`);
  return parts.length > 0 ? parts.join(' · ') : 'no limits';
}

/** A2A skill tags for a policy (A2A skills have no metadata object; tags are their only free-form field). */
export function policyTags(p: ToolPolicySpec): string[] {
  const out: string[] = [];
  if (p.domain !== undefined) out.push(`policy:domain=${p.domain}`);
  if (p.tokens !== undefined) out.push(`policy:tokens=${p.tokens}`);
  if (p.rate !== undefined) out.push(`policy:rate=${p.rate}/min`);
  return out;
}

/** Whether a host name matches a domain pattern: exact (case-insensitive), or `*.d` for any subdomain of `d`. */
export function hostMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const p = pattern.toLowerCase().replace(/\.$/, '');
  if (p.startsWith('*.')) {
    const base = p.slice(2);
    return h.length > base.length + 1 && h.endsWith('.' + base);
  }
  return h === p;
}
