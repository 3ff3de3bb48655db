// Prompts and resources as flow sources (issue 31). What `prompts/get` and
// `resources/read` answer comes from the upstream, like a tool result, and
// lands in the agent's context:
//
//   a prompt's messages are text someone else wrote for the model: untrusted
//     content — and private data too when a message embeds a resource;
//   a resource is the user's data (files, records, mail) that a server
//     chose what to put in: private data and untrusted content both. The gate
//     cannot tell a public page from a private file by its uri, so it fails
//     closed and counts every resource as both.
//
// After such an answer, a sink or destructive tool call is handled by the
// session's flow policy exactly as after a tool's. Pure.

import type { SourceLabel } from '../schema/flowWords';
import type { PrimitiveKind } from '../contracts/pins';
import { logName } from './logShapes';

/** The source labels an answer of this kind brings into the session. */
export function itemSourceLabels(kind: PrimitiveKind, answer: unknown): SourceLabel[] {
  if (kind !== 'prompts') return ['private', 'untrusted'];
  return embedsResource(answer) ? ['private', 'untrusted'] : ['untrusted'];
}

/**
 * How the flow policy names the answer in refusals, questions and the log:
 * `prompt/NAME`, `resource/NAME` (the listed resource's or template's name),
 * or `resource/SCHEME/N-characters` when that name is not a plain identifier
 * — never a uri (it is data).
 */
export function itemSourceName(kind: PrimitiveKind, key: string, definition: { name?: unknown }): string {
  if (kind === 'prompts') return `prompt/${logName(key)}`;
  const name = typeof definition.name === 'string' ? definition.name : '';
  if (/^[A-Za-z0-9_.-]{1,64}$/.test(name) && logName(name) === name) return `resource/${name}`;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]{0,30}):/.exec(key)?.[1] ?? 'no-scheme';
  return `resource/${scheme}/${[...key].length}-characters`;
}

/** Most messages looked at for embedded resources (a larger answer counts as embedding one: fail closed). */
const MAX_MESSAGES = 10_000;

/** Whether a prompts/get answer carries an embedded resource (`{"type": "resource"}` content) in any message. */
function embedsResource(answer: unknown): boolean {
  const messages = (answer as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return false;
  if (messages.length > MAX_MESSAGES) return true;
  for (const m of messages) {
    const content = (m as { content?: unknown } | null)?.content;
    const parts = Array.isArray(content) ? content : [content];
    for (const c of parts) if ((c as { type?: unknown } | null)?.type === 'resource') return true;
  }
  return false;
}
