// A tool's flow labels (docs/flows.md): where its result comes from
// (`private`, `untrusted`) and where its arguments go (`sink`,
// `destructive`). Declared with `@flow` on an ilo tool, else inferred from
// its behavioral identity (../behavior), its MCP hints and the words of its
// name, title and description. Pure; odd input gives no labels, never an
// exception.

import { FLOW_LABELS, type FlowLabel, type SinkLabel } from '../../schema/flowWords';
import type { FlowAnnotation } from '../../schema/annotations';
import { isJsonObject } from '../../schema/json';
import type { Action, ToolBehavior } from '../behavior';
import { firstSentence, nameWords, proseWords } from '../behavior/words';
import {
  BROWSER_SENDS,
  BROWSER_WORDS,
  DESTINATION_PARAMS,
  LOCAL_PATH_PARAMS,
  FETCH_VERBS,
  PRIVATE_NOUNS,
  PUBLIC_NOUNS,
  SEND_VERBS,
  UNTRUSTED_NOUNS,
  URL_PARAMS,
  WEB_WORDS,
} from './flowLexicon';

export type { FlowLabel };

/** `declared`: written with `@flow` (or, for MCP JSON, claimed in `_meta` and kept with what is inferred); `inferred`: guessed. */
export type FlowSource = 'declared' | 'inferred';

export interface ToolFlow {
  /** In the order of FLOW_LABELS. */
  labels: FlowLabel[];
  source: FlowSource;
  /** One short phrase per label: what decided it. */
  reasons: Partial<Record<FlowLabel, string>>;
  /** `sink=…` / `destructive=…`: the parameters a sink label is about (absent: decided per parameter name / every parameter). */
  params?: Partial<Record<SinkLabel, readonly string[]>>;
}

/** What an argument at a sink can do wrong: leak private data, or let untrusted content decide. */
export interface ArgRole {
  leak: boolean;
  tamper: boolean;
  /** The label that makes the argument matter (`sink` wins over `destructive`). */
  label: SinkLabel;
  /** A destination parameter of a sink (`to`, `channel_id`): only tampering counts there. */
  destination?: boolean;
}

export const NO_FLOW: ToolFlow = Object.freeze({ labels: [], source: 'inferred', reasons: {} }) as ToolFlow;

/** What inference looks at. */
export interface FlowFacts {
  /** Names the tool goes by (ilo name, wire name): their words count alike. */
  names: readonly string[];
  title?: string;
  description?: string;
  /** MCP tool annotations (`readOnlyHint`, `destructiveHint`, `openWorldHint`), as given. */
  hints?: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean };
  behavior?: ToolBehavior;
  /** Parameter names, in order. */
  params: readonly string[];
}

const DESTRUCTIVE_ACTIONS: ReadonlySet<Action> = new Set<Action>(['DELETE', 'OVERWRITE', 'MERGE', 'UPDATE']);

function firstIn(words: readonly string[], vocabulary: ReadonlySet<string>): string | undefined {
  return words.find((w) => vocabulary.has(w));
}

function ordered(labels: Iterable<FlowLabel>): FlowLabel[] {
  const have = new Set(labels);
  return FLOW_LABELS.filter((l) => have.has(l));
}

/** Flow labels guessed from a tool's behavior, hints and words. */
export function inferFlow(facts: FlowFacts): ToolFlow {
  const named = [...new Set(facts.names.flatMap(nameWords))];
  const titled = facts.title ? proseWords(facts.title) : [];
  const strong = [...named, ...titled];
  const described = facts.description ? proseWords(firstSentence(facts.description)) : [];
  const all = [...strong, ...described];
  const paramWords = facts.params.map((p) => nameWords(p));
  const hints = facts.hints ?? {};
  const b = facts.behavior;

  // Whether the tool reads (its result is data) or changes the world.
  const readOnly = hints.readOnlyHint === true || (hints.readOnlyHint !== false && (b?.mutability === 'PURE' || b?.action === 'READ' || b?.action === 'SEARCH'));
  const mutates = hints.readOnlyHint === false || (!readOnly && b?.mutability === 'MUTATES');
  const returnsNothing = b?.domain === 'ACK';

  const reasons: Partial<Record<FlowLabel, string>> = {};
  // A browser's page is someone else's content; what is typed into it goes out. Moving around in it destroys nothing.
  const browser = firstIn(all, BROWSER_WORDS) ?? (paramWords.some((w) => w.includes('selector')) ? 'selector' : undefined);
  if (browser) {
    const sends = firstIn(named, BROWSER_SENDS);
    if (readOnly || (!mutates && !sends)) reasons.untrusted = `reads a web page (\`${browser}\`)`;
    else if (sends) reasons.sink = `${sends}s data into a web page or an address`;
    if (hints.destructiveHint === true) reasons.destructive = 'MCP `destructiveHint`';
    const labels = ordered(Object.keys(reasons) as FlowLabel[]);
    return labels.length === 0 ? NO_FLOW : { labels, source: 'inferred', reasons };
  }

  if (readOnly && !returnsNothing) {
    const web = firstIn(all, WEB_WORDS) ?? firstIn(strong, new Set(['url', 'urls', 'website', 'webpage', 'html', 'http', 'https', 'browser', 'scrape', 'crawl', 'download']));
    const urlParam = facts.params.find((_, i) => paramWords[i].some((w) => URL_PARAMS.has(w)));
    const fetchVerb = firstIn(named, FETCH_VERBS);
    if (web) reasons.untrusted = `reads from the web (\`${web}\`)`;
    else if (urlParam && (fetchVerb || named.length === 1)) reasons.untrusted = `fetches the address in \`${urlParam}\``;
    else if (hints.openWorldHint === true) reasons.untrusted = 'MCP `openWorldHint`: reads from outside';
    else {
      const other = firstIn(strong, UNTRUSTED_NOUNS) ?? firstIn(described, UNTRUSTED_NOUNS);
      if (other) reasons.untrusted = `returns ${other} others write`;
    }
    // A web read returns other people's pages, not the user's own data.
    if (!web && !(urlParam && reasons.untrusted)) {
      const noun = firstIn(strong, PRIVATE_NOUNS) ?? firstIn(described, PRIVATE_NOUNS);
      const local = facts.params.find((_, i) => LOCAL_PATH_PARAMS.has(paramWords[i].at(-1) ?? ''));
      if (noun) reasons.private = `reads the user's ${noun}`;
      else if (local) reasons.private = `reads from a local path (\`${local}\`)`;
    }
  }

  if (mutates) {
    const verb = firstIn(named, SEND_VERBS) ?? firstIn(titled, SEND_VERBS);
    const noun = firstIn(strong, PUBLIC_NOUNS);
    const describedSend = firstIn(described.slice(0, 3), SEND_VERBS);
    if (verb) reasons.sink = `${verb}s where others can read`;
    else if (noun) reasons.sink = `writes a ${noun} others can read`;
    else if (describedSend) reasons.sink = `${describedSend}s where others can read`;
    else if (hints.openWorldHint === true) reasons.sink = 'MCP `openWorldHint` on a tool that changes things';
  }

  if (hints.destructiveHint === true) reasons.destructive = 'MCP `destructiveHint`';
  else if (hints.destructiveHint !== false && mutates && b?.action && DESTRUCTIVE_ACTIONS.has(b.action)) {
    reasons.destructive = `${b.action.toLowerCase()}s (behavior ${b.mutability ?? '?'} ${b.action})`;
  }

  const labels = ordered(Object.keys(reasons) as FlowLabel[]);
  return labels.length === 0 ? NO_FLOW : { labels, source: 'inferred', reasons };
}

/** The labels an `@flow` annotation declares (an ilo tool's own: it replaces inference). */
export function declaredFlow(a: FlowAnnotation): ToolFlow {
  const labels = a.none ? [] : ordered(a.labels);
  const reasons: Partial<Record<FlowLabel, string>> = {};
  for (const l of labels) reasons[l] = 'declared with @flow';
  const out: ToolFlow = { labels, source: 'declared', reasons };
  if (a.params.sink || a.params.destructive) out.params = { ...a.params };
  return out;
}

/** `labels` of both, the declared reasons first (for MCP tools, whose own claims never remove a guessed label). */
export function unionFlow(claimed: ToolFlow, inferred: ToolFlow): ToolFlow {
  const labels = ordered([...claimed.labels, ...inferred.labels]);
  if (labels.length === 0) return NO_FLOW;
  const out: ToolFlow = { labels, source: claimed.labels.length > 0 ? 'declared' : 'inferred', reasons: { ...inferred.reasons, ...claimed.reasons } };
  if (claimed.params) out.params = claimed.params;
  return out;
}

export function hasLabel(f: ToolFlow, l: FlowLabel): boolean {
  return f.labels.includes(l);
}

/**
 * What each parameter of a tool with these labels can do wrong, by
 * position; undefined where nothing. A `sink` argument leaks private data and
 * lets untrusted content speak, except at a destination (`to`, `channel_id`,
 * or, with `sink=body,…`, any parameter not listed), where only tampering
 * counts. A `destructive` argument (every one, or those listed) can be
 * tampered with.
 */
export function argRoles(flow: ToolFlow, params: readonly string[]): Array<ArgRole | undefined> {
  const sink = hasLabel(flow, 'sink');
  const destructive = hasLabel(flow, 'destructive');
  if (!sink && !destructive) return params.map(() => undefined);
  return params.map((p) => {
    if (sink) {
      const listed = flow.params?.sink;
      const destination = listed ? !listed.includes(p) : DESTINATION_PARAMS.has(nameWords(p).at(-1) ?? '');
      return destination ? { leak: false, tamper: true, label: 'sink', destination: true } : { leak: true, tamper: true, label: 'sink' };
    }
    const listed = flow.params?.destructive;
    return !listed || listed.includes(p) ? { leak: false, tamper: true, label: 'destructive' } : undefined;
  });
}

/** `private, sink` — for messages and tables. */
export function labelText(f: ToolFlow): string {
  return f.labels.length === 0 ? 'none' : f.labels.join(', ');
}

/** The `ilo-lang.dev/flow` entry of an MCP tool's `_meta`, when it is well formed. */
export function metaFlow(meta: unknown, key: string): ToolFlow | undefined {
  if (!isJsonObject(meta)) return undefined;
  const entry = meta[key];
  if (!isJsonObject(entry) || !Array.isArray(entry.labels)) return undefined;
  const labels = ordered(entry.labels.filter((l): l is FlowLabel => typeof l === 'string' && (FLOW_LABELS as readonly string[]).includes(l)));
  const reasons: Partial<Record<FlowLabel, string>> = {};
  for (const l of labels) reasons[l] = 'claimed in _meta';
  return { labels, source: 'declared', reasons };
}
