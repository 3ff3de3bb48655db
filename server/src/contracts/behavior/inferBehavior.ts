// Behavior inference for tools that do not declare one: mutability, action
// and output domain guessed from what a tool definition says about itself.
//
// Evidence, strongest first:
//   mutability  MCP annotations (readOnlyHint) › description cues for
//               execution verbs (`read-only`, `modifies`) › the action
//   action      the verb in the name › in the title › in the description's
//               first sentence › MCP annotations
//   domain      what the description says is returned › an acknowledgement-
//               shaped output schema › nouns of the output schema / return
//               type › the object in the name › title › description › the
//               object the verb implies › a default
// Reading something gives its content (`read_file` → CONTENT); writing a
// file or a key only confirms (`write_file` → ACK): nouns carry both senses.
//
// Pure and total: odd input gives unknown fields, never an exception.

import type { JsonSchema } from '../../schema/json';
import { isJsonObject } from '../../schema/json';
import {
  isReadOnlyAction,
  mutabilityOfAction,
  weakest,
  type Action,
  type Confidence,
  type Domain,
  type Mutability,
  type ToolBehavior,
} from './behavior';
import {
  CONTAINERS,
  PHRASE_BREAKS,
  READ_ONLY_CUES,
  SEARCH_PARAMS,
  WRITE_CUES,
  lookupBigram,
  lookupNoun,
  lookupVerb,
  verbLemma,
  type NounSense,
  type VerbSense,
} from './lexicon';
import { firstSentence, nameWords, proseWords } from './words';
import { findEffectCue } from './effectCues';

/** MCP tool annotations that bear on behavior. */
export interface BehaviorHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

/** Everything inference looks at. Only `name` is required. */
export interface ToolFacts {
  /** The tool's name (wire name or ilo name). */
  name: string;
  title?: string;
  description?: string;
  annotations?: BehaviorHints;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  /** Nouns from a declared return type (e.g. an ilo record named `profile`). */
  returnNouns?: readonly string[];
  /** The return type carries no data beyond success (ilo `b` or `_` ok values). */
  returnsNothing?: boolean;
}

interface Found<T> {
  value: T;
  confidence: Confidence;
  reason: string;
}

interface VerbHit {
  lemma: string;
  sense: VerbSense;
  index: number;
  /** `create_or_update`: the second verb. */
  alternative?: { lemma: string; sense: VerbSense };
}

/** The first verb among `words`, skipping two-word nouns (`pull request`). */
function findVerb(words: readonly string[], maxIndex = words.length): VerbHit | undefined {
  for (let i = 0; i < Math.min(words.length, maxIndex); i++) {
    if (lookupBigram(words, i)) {
      i++;
      continue;
    }
    const sense = lookupVerb(words[i]);
    if (!sense) continue;
    const hit: VerbHit = { lemma: verbLemma(words[i]) ?? words[i], sense, index: i };
    const joiner = words[i + 1];
    if ((joiner === 'or' || joiner === 'and') && i + 2 < words.length) {
      const other = lookupVerb(words[i + 2]);
      if (other) hit.alternative = { lemma: verbLemma(words[i + 2]) ?? words[i + 2], sense: other };
    }
    return hit;
  }
  return undefined;
}

/** `create_or_update` is an upsert; `get_or_create` creates. */
function combinedAction(hit: VerbHit): { action: Action; confidence: Confidence } {
  const a = hit.sense.action;
  const alt = hit.alternative;
  if (!alt || alt.sense.action === a) return { action: a, confidence: hit.sense.confidence };
  const pair = new Set([a, alt.sense.action]);
  if (pair.has('CREATE') && (pair.has('UPDATE') || pair.has('OVERWRITE'))) return { action: 'OVERWRITE', confidence: 'low' };
  if (isReadOnlyAction(a) && !isReadOnlyAction(alt.sense.action)) return { action: alt.sense.action, confidence: 'low' };
  return { action: a, confidence: 'low' };
}

interface NounHit {
  sense: NounSense & { lemma: string };
  /** Index of the head noun in the words it was found in. */
  index: number;
}

/** Known nouns of one phrase, in order (two-word nouns folded). */
function nounsIn(words: readonly string[]): NounHit[] {
  const out: NounHit[] = [];
  for (let i = 0; i < words.length; i++) {
    const bigram = lookupBigram(words, i);
    if (bigram) {
      const sense = lookupNoun(bigram);
      if (sense) out.push({ sense, index: i + 1 });
      i++;
      continue;
    }
    if (CONTAINERS.has(words[i])) continue;
    const sense = lookupNoun(words[i]);
    if (sense) out.push({ sense, index: i });
  }
  return out;
}

/** Parts an owner takes over: an issue's comments are about the issue, a user's settings about the user. */
const USER_PARTS = new Set(['info', 'information', 'detail', 'setting', 'preference', 'status']);

/** The noun a phrase is about: the last known noun, unless an owner (issue, PR, user) claims it. */
function headNoun(nouns: readonly NounHit[]): (NounSense & { lemma: string }) | undefined {
  if (nouns.length === 0) return undefined;
  const head = nouns[nouns.length - 1].sense;
  if (head.part) {
    for (let i = nouns.length - 2; i >= 0; i--) {
      const o = nouns[i].sense;
      if (!o.owner) continue;
      if (o.read === 'USER' && !USER_PARTS.has(head.lemma)) continue;
      return o;
    }
  }
  return head;
}

/**
 * The object of a verb: the noun phrase right after it, up to a phrase break
 * (`list directory with sizes` → directory); when that phrase names nothing,
 * the next one (`reply to thread` → thread). Words before the verb are used
 * last (noun-first names such as `directory_tree`).
 */
function objectOf(words: readonly string[], verbIndex: number): (NounSense & { lemma: string }) | undefined {
  const after = words.slice(verbIndex + 1);
  const phrases: string[][] = [[]];
  for (const w of after) {
    if (PHRASE_BREAKS.has(w)) phrases.push([]);
    else phrases[phrases.length - 1].push(w);
  }
  for (const p of phrases.slice(0, 3)) {
    const head = headNoun(nounsIn(p));
    if (head) return head;
  }
  if (verbIndex > 0) return headNoun(nounsIn(words.slice(0, verbIndex)));
  return undefined;
}

/** The phrase after "returns …" in a description, if there is one. */
function returnsPhrase(description: string): string[] | undefined {
  const m = /\b(?:returns?|returning|outputs|yields)\s+(.*?)(?:[.;!?](?:\s|$)|$)/is.exec(description);
  if (!m) return undefined;
  return proseWords(m[1]).slice(0, 14);
}

function domainFromReturns(description: string | undefined): Found<Domain> | undefined {
  if (!description) return undefined;
  const words = returnsPhrase(description);
  if (!words) return undefined;
  if (words.some((w) => lookupNoun(w)?.ack)) return { value: 'ACK', confidence: 'high', reason: 'the description says it returns a confirmation' };
  const head = objectOf(['returns', ...words], 0);
  if (!head) return undefined;
  return { value: head.read, confidence: 'high', reason: `the description says it returns ${head.lemma}` };
}

const ACK_KEYS = new Set(['success', 'ok', 'message', 'status', 'error', 'acknowledged', 'done', 'updated', 'deleted', 'created']);
const GENERIC_OUTPUT_KEYS = new Set(['content', 'contents', 'result', 'results', 'text', 'data', 'output', 'value', 'items', 'response']);

function outputKeys(schema: JsonSchema | undefined): string[] {
  if (!schema || !isJsonObject(schema.properties)) return [];
  return Object.keys(schema.properties);
}

function domainFromOutputSchema(schema: JsonSchema | undefined): Found<Domain> | undefined {
  const keys = outputKeys(schema);
  if (keys.length === 0) return undefined;
  if (keys.every((k) => ACK_KEYS.has(k.toLowerCase()))) {
    return { value: 'ACK', confidence: 'high', reason: `its output is only ${keys.join(', ')}` };
  }
  const props = isJsonObject(schema?.properties) ? schema.properties : {};
  if (keys.length === 1) {
    const only = props[keys[0]];
    if (isJsonObject(only) && only.type === 'boolean') return { value: 'ACK', confidence: 'medium', reason: 'its output is a single flag' };
  }
  const domains = new Set<Domain>();
  for (const k of keys) {
    if (GENERIC_OUTPUT_KEYS.has(k.toLowerCase())) continue;
    const words = nameWords(k);
    const head = headNoun(nounsIn(words));
    if (head) domains.add(head.read);
  }
  if (domains.size === 1) {
    const [d] = domains;
    return { value: d, confidence: 'medium', reason: `its output schema has ${keys.join(', ')}` };
  }
  return undefined;
}

/** A `list`/`get` that takes a pattern or query is a search. */
function looksLikeSearch(facts: ToolFacts, lemma: string): boolean {
  if (!['list', 'get', 'fetch', 'lookup', 'retrieve'].includes(lemma)) return false;
  const props = facts.inputSchema && isJsonObject(facts.inputSchema.properties) ? Object.keys(facts.inputSchema.properties) : [];
  if (props.some((p) => SEARCH_PARAMS.has(p.toLowerCase()))) return true;
  return /\b(?:matching|that match(?:es)?)\b/i.test(firstSentence(facts.description ?? ''));
}

/** `add X to existing Y` appends to something that is already there. */
function looksLikeAppend(facts: ToolFacts, lemma: string): boolean {
  return lemma === 'add' && /\bto (?:the |an? |their |its )?existing\b/i.test(facts.description ?? '');
}

/** `add_issue_comment`: adding a part (comment, review, reaction) creates a new object on its owner. */
function addsPart(words: readonly string[], verbIndex: number): boolean {
  return nounsIn(words.slice(verbIndex + 1)).some((n) => n.sense.part);
}

/**
 * A weak verb that is also a noun (`log`, `push`), contradicted by an MCP
 * read-only hint, is better read as the object of an unstated `get`.
 */
function contradictedNounVerb(hit: VerbHit, words: readonly string[], hints: BehaviorHints): boolean {
  if (hit.sense.confidence !== 'low' || typeof hints.readOnlyHint !== 'boolean') return false;
  if (mutabilityOfAction(hit.sense.action) === (hints.readOnlyHint ? 'PURE' : 'MUTATES')) return false;
  return lookupNoun(words[hit.index]) !== undefined;
}

function hasCue(text: string, cues: readonly RegExp[]): boolean {
  return cues.some((re) => re.test(text));
}

interface Source {
  words: string[];
  /** Its verb was ruled out (an annotation contradicts it): read it as nouns only. */
  nounOnly?: boolean;
  label: string;
  verbConfidence: Confidence;
  /** Only the first few words of prose may hold its main verb. */
  verbWindow: number;
}

/** The texts effect cues are looked for in: name, title, description, and the parameters' names and descriptions. */
export function effectTexts(facts: ToolFacts): string[] {
  const out = [facts.name];
  if (facts.title) out.push(facts.title);
  if (facts.description) out.push(facts.description);
  const props = facts.inputSchema && isJsonObject(facts.inputSchema.properties) ? facts.inputSchema.properties : undefined;
  for (const [name, schema] of Object.entries(props ?? {}).slice(0, 200)) {
    out.push(name);
    if (isJsonObject(schema) && typeof schema.description === 'string') out.push(schema.description);
  }
  return out;
}

/** Infer a behavior from a tool's definition. Never throws. */
export function inferBehavior(facts: ToolFacts): ToolBehavior {
  try {
    return infer(facts);
  } catch {
    return { source: 'inferred', confidence: 'low' };
  }
}

function infer(facts: ToolFacts): ToolBehavior {
  const description = facts.description ?? '';
  const sources: Source[] = [
    { words: nameWords(facts.name), label: 'name', verbConfidence: 'high', verbWindow: Infinity },
    { words: proseWords(facts.title ?? ''), label: 'title', verbConfidence: 'high', verbWindow: 3 },
    { words: proseWords(firstSentence(description)), label: 'description', verbConfidence: 'medium', verbWindow: 4 },
  ];

  const hints = facts.annotations ?? {};

  // ---- action
  let action: Found<Action> | undefined;
  let verb: VerbHit | undefined;
  let verbSource: Source | undefined;
  for (const s of sources) {
    const hit = findVerb(s.words, s.verbWindow);
    if (!hit) continue;
    if (contradictedNounVerb(hit, s.words, hints)) {
      // `git_log` with readOnlyHint: `log` is the object here, not the verb.
      s.nounOnly = true;
      continue;
    }
    verb = hit;
    verbSource = s;
    const c = combinedAction(hit);
    action = { value: c.action, confidence: weakest(c.confidence, s.verbConfidence), reason: `the verb \`${hit.lemma}\` in its ${s.label}` };
    break;
  }

  // ---- mutability (and execution verbs settled by the description)
  let mutability: Found<Mutability> | undefined;
  let fromAnnotations = false;
  if (typeof hints.readOnlyHint === 'boolean') {
    mutability = { value: hints.readOnlyHint ? 'PURE' : 'MUTATES', confidence: 'high', reason: `readOnlyHint is ${hints.readOnlyHint}` };
    fromAnnotations = true;
  }
  if (verb?.sense.ambiguous && action) {
    const readOnly = mutability ? mutability.value === 'PURE' : hasCue(description, READ_ONLY_CUES);
    const writes = !readOnly && hasCue(description, WRITE_CUES);
    if (readOnly) action = { value: 'READ', confidence: 'medium', reason: `\`${verb.lemma}\` of something read-only` };
    else action = { value: 'OVERWRITE', confidence: writes || mutability ? 'medium' : 'low', reason: `\`${verb.lemma}\` of statements that may change anything` };
  } else if (action && verb && action.value === 'READ' && looksLikeSearch(facts, verb.lemma)) {
    action = { value: 'SEARCH', confidence: 'medium', reason: `\`${verb.lemma}\` with a pattern or query` };
  } else if (action && verb && verbSource && looksLikeAppend(facts, verb.lemma) && !addsPart(verbSource.words, verb.index)) {
    action = { value: 'APPEND', confidence: 'medium', reason: '`add` to something that already exists' };
  }
  if (!action) {
    if (hints.readOnlyHint === true) action = { value: 'READ', confidence: 'low', reason: 'readOnlyHint, no verb found' };
    else if (hints.destructiveHint === true) action = { value: 'OVERWRITE', confidence: 'low', reason: 'destructiveHint, no verb found' };
    else if (hints.readOnlyHint === false) action = { value: 'UPDATE', confidence: 'low', reason: 'not read-only, no verb found' };
    else if (headNoun(nounsIn(sources[0].words))) {
      // A tool named after a thing (`directory_tree`, `weather`) most likely returns it.
      action = { value: 'READ', confidence: 'low', reason: 'its name is a noun with no verb' };
    }
  }
  if (!mutability && action) {
    mutability = { value: mutabilityOfAction(action.value), confidence: action.confidence, reason: `follows from ${action.value}` };
  }
  // A read-sounding verb does not outweigh text that says the tool can change things (a shell,
  // "POST, PUT and DELETE", "reset to factory defaults"): mutability follows the text, unsurely.
  // (Execution verbs were already settled by the description's read-only and write cues.)
  if (mutability && !fromAnnotations && mutability.value === 'PURE' && !verb?.sense.ambiguous) {
    const cue = findEffectCue(effectTexts(facts), { readOnlyExecution: hasCue(description, READ_ONLY_CUES) });
    if (cue) mutability = { value: 'MUTATES', confidence: 'low', reason: `its text mentions ${cue.label} ("${cue.text}")` };
  }
  // An annotation that contradicts the verb lowers our confidence in the verb.
  if (action && mutability && fromAnnotations && mutabilityOfAction(action.value) !== mutability.value) {
    action = { ...action, confidence: 'low' };
  }

  // ---- domain
  const writes = mutability?.value === 'MUTATES';
  const col = (s: NounSense): Domain => (writes ? s.write : s.read);
  let domain: Found<Domain> | undefined =
    domainFromReturns(description) ?? domainFromOutputSchema(facts.outputSchema);
  if (!domain && facts.returnNouns) {
    const head = headNoun(nounsIn(facts.returnNouns.flatMap(nameWords)));
    if (head) domain = { value: head.read, confidence: 'medium', reason: `it returns a ${head.lemma}` };
  }
  const implied = (hit: VerbHit | undefined): Found<Domain> | undefined => {
    const noun = hit?.sense.implies ? lookupNoun(hit.sense.implies) : undefined;
    return noun && hit ? { value: col(noun), confidence: 'medium', reason: `\`${hit.lemma}\` implies ${noun.lemma}` } : undefined;
  };
  if (!domain) {
    for (const s of sources) {
      const hit = s.nounOnly ? undefined : s === verbSource && verb ? verb : findVerb(s.words, s.verbWindow);
      const head = hit ? objectOf(s.words, hit.index) : s.label === 'description' ? undefined : headNoun(nounsIn(s.words));
      if (head) {
        domain = { value: col(head), confidence: s.label === 'name' ? 'high' : 'medium', reason: `its ${s.label} is about ${head.lemma}` };
        break;
      }
      // A bare verb that names its own object (`diff`, `commit`, `reply`) beats nouns found elsewhere.
      domain = implied(hit);
      if (domain) break;
    }
  }
  if (!domain) domain = implied(verb);
  if (!domain && writes && facts.returnsNothing) domain = { value: 'ACK', confidence: 'medium', reason: 'it returns no data' };
  if (!domain && mutability) {
    domain = writes
      ? { value: 'ACK', confidence: 'low', reason: 'a change with no named result' }
      : { value: 'DATA', confidence: 'low', reason: 'a read with no named result' };
  }

  const found = [mutability, action, domain].filter((f): f is Found<Mutability> | Found<Action> | Found<Domain> => f !== undefined);
  const behavior: ToolBehavior = {
    source: fromAnnotations ? 'annotations' : 'inferred',
    confidence: found.length === 3 ? weakest(...found.map((f) => f.confidence)) : 'low',
    reasons: {},
  };
  const confidences: NonNullable<ToolBehavior['confidences']> = {};
  if (mutability) {
    behavior.mutability = mutability.value;
    behavior.reasons!.mutability = mutability.reason;
    confidences.mutability = mutability.confidence;
  }
  if (action) {
    behavior.action = action.value;
    behavior.reasons!.action = action.reason;
    confidences.action = action.confidence;
  }
  if (domain) {
    behavior.domain = domain.value;
    behavior.reasons!.domain = domain.reason;
    confidences.domain = domain.confidence;
  }
  behavior.confidences = confidences;
  return behavior;
}
