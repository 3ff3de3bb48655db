// The flow-label vocabulary of the `@flow` annotation (docs/flows.md). It
// lives in the schema layer, beside behaviorWords.ts, because the annotation
// parser reads it; the analyses that use the labels are in contracts/flows/.
//
//   private      the tool returns the user's private data (files, mail, databases, secrets)
//   untrusted    the tool returns content from outside (web pages, issues, mail bodies, search results)
//   sink         the tool sends data where others can read it (messages, posts, HTTP writes, emails)
//   destructive  the tool deletes or overwrites something

export const FLOW_LABELS = ['private', 'untrusted', 'sink', 'destructive'] as const;
export type FlowLabel = (typeof FLOW_LABELS)[number];

/** The labels a value can carry (where data comes from). */
export const SOURCE_LABELS = ['private', 'untrusted'] as const;
export type SourceLabel = (typeof SOURCE_LABELS)[number];

/** The labels of where data goes (the labels whose arguments matter). */
export const SINK_LABELS = ['sink', 'destructive'] as const;
export type SinkLabel = (typeof SINK_LABELS)[number];

export function isFlowLabel(word: string): word is FlowLabel {
  return (FLOW_LABELS as readonly string[]).includes(word);
}

export function isSourceLabel(word: string): word is SourceLabel {
  return (SOURCE_LABELS as readonly string[]).includes(word);
}

export function isSinkLabel(word: string): word is SinkLabel {
  return (SINK_LABELS as readonly string[]).includes(word);
}

/** `sanitizer` (and the British `sanitiser`): a function whose result is clean. */
export function isSanitizerWord(word: string): boolean {
  return word === 'sanitizer' || word === 'sanitiser';
}
