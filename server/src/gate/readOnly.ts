// Read-only means proven read-only. Under `--read-only` a tool is served only
// when both of these hold:
//
//   declared  something the user reviewed says it is PURE: `@behavior` or
//             `@hints readOnly` in the ilo file it was imported into, or the
//             pinned definition's own `_meta` behavior or `readOnlyHint`. A
//             tool that is not pinned has reviewed nothing: its claims are the
//             server's word, and the server is the party being guarded against;
//   agrees    our own reading of its name, title, description and parameters
//             says PURE with at least medium confidence, and mentions nothing
//             that changes the world (a shell, POST/PUT/DELETE, "reset to
//             factory defaults", …).
//
// Anything else — a guess without a declaration, a declaration our reading
// contradicts, a low-confidence reading, declarations that disagree — is
// refused. The gate fails closed: serving less is the safe mistake.

import { READ_ONLY_CUES } from '../contracts/behavior/lexicon';
import { behaviorWords, effectTexts, factsFromMcpTool, findEffectCue, inferBehavior, type Mutability, type ToolBehavior } from '../contracts/behavior';
import type { PinnedDeclaration } from '../contracts/pins';
import type { RawTool } from '../contracts/mcp';
import { isJsonObject } from '../schema/json';
import { claimedMutability } from './identity';

export type ReadOnlyProof = { ok: true; why: string } | { ok: false; reason: string };

/** Our reading of a tool, ignoring every claim it makes about itself (annotations, `_meta`). */
export function readingOf(tool: RawTool): ToolBehavior {
  const facts = factsFromMcpTool(tool as Parameters<typeof factsFromMcpTool>[0]);
  delete facts.annotations;
  return inferBehavior(facts);
}

export function readOnlyProof(tool: RawTool, pinned: boolean, declaration?: PinnedDeclaration): ReadOnlyProof {
  if (!pinned) return { ok: false, reason: 'read-only: the tool is not pinned, so nothing reviewed declares it read-only (its own hints are the server\'s word)' };
  const claims: { value: Mutability; by: string }[] = [];
  if (declaration?.behavior?.mutability) claims.push({ value: declaration.behavior.mutability, by: '@behavior in its ilo file' });
  if (declaration?.readOnlyHint !== undefined) claims.push({ value: declaration.readOnlyHint ? 'PURE' : 'MUTATES', by: '@hints in its ilo file' });
  claims.push(...claimedMutability(tool).map((c) => ({ ...c, by: `the pinned definition's ${c.by.replace(/^its /, '')}` })));
  if (claims.length === 0) {
    return { ok: false, reason: 'read-only: nothing declares it read-only (declare `@behavior PURE …` in its ilo file, or pin a definition with readOnlyHint); a guess is not enough' };
  }
  const writes = claims.find((c) => c.value !== 'PURE');
  if (writes) return { ok: false, reason: `read-only: ${writes.by} says it changes the world` };
  const by = claims.map((c) => c.by).join(' and ');
  const reading = readingOf(tool);
  const words = behaviorWords(reading);
  if (reading.mutability !== 'PURE') {
    return { ok: false, reason: `read-only: declared read-only by ${by}, but its name and description read as ${words}${reading.reasons?.mutability ? ` (${reading.reasons.mutability})` : ''}` };
  }
  const confidence = reading.confidences?.mutability ?? reading.confidence;
  if (confidence === 'low') return { ok: false, reason: `read-only: declared read-only by ${by}, but its name and description do not confirm it (${words}, low confidence)` };
  const facts = factsFromMcpTool(tool as Parameters<typeof factsFromMcpTool>[0]);
  const texts = effectTexts(facts);
  if (isJsonObject(tool.annotations) && typeof tool.annotations.title === 'string') texts.push(tool.annotations.title);
  const description = typeof tool.description === 'string' ? tool.description : '';
  const cue = findEffectCue(texts, { readOnlyExecution: READ_ONLY_CUES.some((re) => re.test(description)) });
  if (cue) return { ok: false, reason: `read-only: declared read-only by ${by}, but its text mentions ${cue.label}` };
  return { ok: true, why: `declared read-only by ${by}; its name and description agree (${words})` };
}
