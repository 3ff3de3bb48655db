// Which upstream prompts, resources and resource templates the gate serves:
// the same rules as tools (admission.ts), because their names, descriptions
// and uris reach the model just the same (seed 003: dynamic capability
// injection covers "tools, resources, or prompts"). One is served when
//   it is a valid definition within the size bounds (primitiveList.ts);
//   the policy does not deny it (selectors `server/name` match a prompt's
//     name, or a resource's or template's name);
//   it is pinned for this server in the lock (prompts by name, resources by
//     uri, templates by uri template) and its hash is the pinned one — or it
//     is new and the policy's allowNew admits it;
//   no blocking contract lint fires over any string of it (hidden characters,
//     instructions to the model, requests for secrets, credentials, …);
//   a template's uri template can be matched in linear time;
// and no other server offers the same key (a prompt name or uri served by two
// servers is served by neither, unless it is pinned for exactly one of them).
// Pure.

import { isJsonObject, type JsonObject } from '../schema/json';
import { tryDefinitionHash, lockedServer, pinnedItem, type LockFile, type PrimitiveKind } from '../contracts/pins';
import type { RawTool } from '../contracts/mcp';
import { itemKey, type RawItem } from '../contracts/mcp/primitiveList';
import { blockingSummary, type LintCache, type ServerState } from './admission';
import { logPath } from './logShapes';
import { allowsNew, firstMatch, type GatePolicy } from './policy';
import { compileUriTemplate, type UriMatcher } from './uriTemplate';

export interface ServedItem {
  kind: PrimitiveKind;
  /** The prompt name, uri or uri template. */
  key: string;
  server: string;
  definition: RawItem;
  hash: string;
  pinned: boolean;
  /** Templates: matches a uri. */
  matcher?: UriMatcher;
  /** Prompts: the argument names the definition declares, and the required ones. */
  args?: { declared: ReadonlySet<string>; required: readonly string[] };
}

export interface ItemVerdict {
  server: string;
  kind: PrimitiveKind;
  key: string;
  decision: 'served' | 'withheld';
  reason: string;
}

export interface ItemAdmission {
  prompts: Map<string, ServedItem>;
  resources: Map<string, ServedItem>;
  templates: ServedItem[];
  /** Why a key is not served, by kind and key. */
  withheld: Map<string, ItemVerdict[]>;
  verdicts: ItemVerdict[];
}

const NOUN: Record<PrimitiveKind, string> = { prompts: 'prompt', resources: 'resource', resourceTemplates: 'resource template' };

export function itemNoun(kind: PrimitiveKind): string {
  return NOUN[kind];
}

/** The withheld map's key. */
export function withheldKey(kind: PrimitiveKind, key: string): string {
  return `${kind}\u0000${key}`;
}

/** A prompt, resource or template as the contract lints read it: a tool whose parameters are the prompt's arguments. */
function lintView(kind: PrimitiveKind, item: RawItem, key: string): RawTool {
  const view: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(item)) if (k !== 'arguments') view[k] = v;
  view.name = kind === 'prompts' ? key : typeof item.name === 'string' ? item.name : key;
  if (kind === 'prompts') {
    const properties: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const a of Array.isArray(item.arguments) ? item.arguments : []) {
      if (!isJsonObject(a) || typeof a.name !== 'string') continue;
      const rest: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(a)) if (k !== 'name' && k !== 'required') rest[k] = v;
      properties[a.name] = rest;
    }
    view.inputSchema = { type: 'object', properties };
  }
  return view as RawTool;
}

/** Which prompts, resources and templates the gate serves, and why the others are not. */
export function admitItems(servers: ReadonlyMap<string, ServerState>, lock: LockFile, policy: GatePolicy, lintCache: LintCache, lockName = 'the lock file'): ItemAdmission {
  const verdicts: ItemVerdict[] = [];
  const withhold = (server: string, kind: PrimitiveKind, key: string, reason: string) => verdicts.push({ server, kind, key, decision: 'withheld', reason });
  const passed: ServedItem[] = [];
  const offeredBy = new Map<string, string[]>();

  for (const [server, state] of servers) {
    for (const kind of ['prompts', 'resources', 'resourceTemplates'] as const) {
      const pins = lockedServer(lock, server)?.[kind];
      const listed = state.down === undefined ? state.items?.[kind] : undefined;
      if (!listed) {
        for (const key of Object.keys(pins ?? {})) withhold(server, kind, key, `server \`${server}\` is not available: ${state.down ?? `it lists no ${kind === 'resourceTemplates' ? 'resource templates' : kind}`}`);
        continue;
      }
      const keys = new Set(listed.map((i) => itemKey(kind, i)!));
      for (const key of Object.keys(pins ?? {})) if (!keys.has(key)) withhold(server, kind, key, `pinned from \`${server}\`, but the server no longer offers it`);
      for (const item of listed) {
        const key = itemKey(kind, item)!;
        const k = withheldKey(kind, key);
        offeredBy.set(k, [...(offeredBy.get(k) ?? []), server]);
        const result = admitItem(server, kind, key, item, lock, policy, lintCache, lockName);
        if (typeof result === 'string') withhold(server, kind, key, result);
        else passed.push(result);
      }
    }
  }

  const out: ItemAdmission = { prompts: new Map(), resources: new Map(), templates: [], withheld: new Map(), verdicts };
  const ownersOf = (kind: PrimitiveKind, key: string) => Object.keys(lock.servers).filter((s) => pinnedItem(lock, s, kind, key) !== undefined);
  for (const item of passed) {
    const owners = ownersOf(item.kind, item.key);
    const offering = offeredBy.get(withheldKey(item.kind, item.key)) ?? [];
    const noun = NOUN[item.kind];
    if (owners.length > 1) {
      withhold(item.server, item.kind, item.key, `shadowing: this ${noun} is pinned for ${owners.map((o) => `\`${o}\``).join(' and ')}; it is served under neither`);
      continue;
    }
    if (owners.length === 1 && owners[0] !== item.server) {
      withhold(item.server, item.kind, item.key, `shadowing: this ${noun} is pinned for \`${owners[0]}\`; \`${item.server}\` may not offer it`);
      continue;
    }
    if (owners.length === 0 && offering.length > 1) {
      withhold(item.server, item.kind, item.key, `shadowing: this ${noun} is offered by ${offering.map((o) => `\`${o}\``).join(' and ')} and pinned for neither; neither is served`);
      continue;
    }
    if (item.kind === 'prompts') out.prompts.set(item.key, item);
    else if (item.kind === 'resources') out.resources.set(item.key, item);
    else out.templates.push(item);
    verdicts.push({ server: item.server, kind: item.kind, key: item.key, decision: 'served', reason: item.pinned ? 'pinned and unchanged' : 'new, allowed by the policy' });
  }
  for (const v of verdicts) {
    if (v.decision !== 'withheld') continue;
    const k = withheldKey(v.kind, v.key);
    out.withheld.set(k, [...(out.withheld.get(k) ?? []), v]);
  }
  return out;
}

function admitItem(server: string, kind: PrimitiveKind, key: string, item: RawItem, lock: LockFile, policy: GatePolicy, lintCache: LintCache, lockName: string): ServedItem | string {
  const noun = NOUN[kind];
  const selectorName = kind === 'prompts' ? key : typeof item.name === 'string' ? item.name : key;
  const denied = firstMatch(policy.deny, server, selectorName);
  if (denied) return `denied by the policy (deny "${denied}")`;
  if (policy.allow && !firstMatch(policy.allow, server, selectorName)) return `not in the policy's allow list`;
  const hash = tryDefinitionHash(item);
  if (hash === undefined) return 'its definition is nested too deeply to be hashed';
  const pin = pinnedItem(lock, server, kind, key);
  if (pin) {
    if (tryDefinitionHash(pin.definition) !== pin.hash) return `its pin in ${lockName} does not match its own hash (edited by hand?); pin it again`;
    if (pin.hash !== hash) return `changed since it was pinned (${changedFields(pin.definition, item)}); review it and pin it again to accept`;
  } else if (!allowsNew(policy, server, selectorName)) {
    return `new: this ${noun} is not pinned for \`${server}\` in ${lockName} (pin it with \`ilo-ls import\`, or allow new ones with --allow-new)`;
  }
  let summary: string | undefined;
  try {
    summary = blockingSummary(lintCache.findings(`${kind}:${hash}`, lintView(kind, item, key)));
  } catch {
    return 'contract lint lint-failed: the definition could not be checked';
  }
  if (summary) return summary;
  const served: ServedItem = { kind, key, server, definition: item, hash, pinned: pin !== undefined };
  if (kind === 'resourceTemplates') {
    const matcher = compileUriTemplate(key);
    if ('error' in matcher) return `its uri template cannot be used: ${matcher.error}`;
    served.matcher = matcher;
  }
  if (kind === 'prompts') {
    const args = (Array.isArray(item.arguments) ? item.arguments : []).filter(isJsonObject) as JsonObject[];
    served.args = { declared: new Set(args.map((a) => String(a.name))), required: args.filter((a) => a.required === true).map((a) => String(a.name)) };
  }
  return served;
}

/** The top-level fields that differ (names only: the values may be the attack). */
function changedFields(pinned: JsonObject, live: JsonObject): string {
  const keys = new Set([...Object.keys(pinned), ...Object.keys(live)]);
  const changed = [...keys].filter((k) => tryDefinitionHash(pinned[k] ?? null) !== tryDefinitionHash(live[k] ?? null) || Object.hasOwn(pinned, k) !== Object.hasOwn(live, k));
  return changed.length === 0 ? 'the definition' : changed.slice(0, 4).map(logPath).join(', ') + (changed.length > 4 ? ` and ${changed.length - 4} more` : '');
}
