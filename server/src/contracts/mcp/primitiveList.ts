// Listing a connected server's prompts, resources and resource templates
// (the MCP primitives besides tools), exactly as sent, over all pages, for
// pinning (`ilo-ls import`) and for the gate. Bounded like tool listings:
// pages, entries, and the size of each entry; entries that are not valid are
// reported by index and left out.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { isJsonObject, type JsonObject } from '../../schema/json';
import { DEFINITION_LIMITS, MAX_TOOL_NAME, measureJson } from '../safeJson';

export type PrimitiveListKind = 'prompts' | 'resources' | 'resourceTemplates';

/** A listed prompt, resource or template, as sent. */
export type RawItem = JsonObject;

const METHOD: Record<PrimitiveListKind, string> = { prompts: 'prompts/list', resources: 'resources/list', resourceTemplates: 'resources/templates/list' };

/** Most entries of one kind taken from one server. */
export const MAX_LISTED_ITEMS = 10_000;
const MAX_PAGES = 100;
/** Longest uri or uri template accepted. */
export const MAX_URI = 2048;

/** The key an item is pinned and served under: a prompt's name, a resource's uri, a template's uri template. */
export function itemKey(kind: PrimitiveListKind, item: unknown): string | undefined {
  if (!isJsonObject(item)) return undefined;
  const field = kind === 'prompts' ? 'name' : kind === 'resources' ? 'uri' : 'uriTemplate';
  const key = item[field];
  const max = kind === 'prompts' ? MAX_TOOL_NAME : MAX_URI;
  return typeof key === 'string' && key !== '' && key.length <= max ? key : undefined;
}

/** Why an item is not a usable definition of its kind, or undefined. */
export function itemProblem(kind: PrimitiveListKind, item: unknown): string | undefined {
  if (!isJsonObject(item)) return 'not a JSON object';
  if (itemKey(kind, item) === undefined) return kind === 'prompts' ? 'no usable "name"' : kind === 'resources' ? 'no usable "uri"' : 'no usable "uriTemplate"';
  if (kind !== 'prompts' && typeof item.name !== 'string') return 'no "name"';
  if (item.description !== undefined && typeof item.description !== 'string') return '"description" is not a string';
  if (kind === 'prompts' && item.arguments !== undefined) {
    if (!Array.isArray(item.arguments)) return '"arguments" is not a list';
    for (const a of item.arguments) if (!isJsonObject(a) || typeof a.name !== 'string' || a.name === '') return 'an argument has no "name"';
  }
  const size = measureJson(item, DEFINITION_LIMITS);
  if (!size.ok) return `too large: ${size.reason}`;
  return undefined;
}

export interface ItemListing {
  items: RawItem[];
  /** Entries left out, with why (their index in the listing; never their text). */
  problems: string[];
}

/** Every entry of one kind, over all pages; rejects on a protocol fault or a listing past the bounds. */
export async function listAllItems(client: Client, kind: PrimitiveListKind, remaining: () => number): Promise<ItemListing> {
  // Loaded on first use, like the rest of the SDK's client side (analysing files never needs it).
  const { ResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const out: ItemListing = { items: [], problems: [] };
  const seen = new Set<string>();
  const keys = new Set<string>();
  const dup = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let index = 0;
  do {
    const page = (await client.request({ method: METHOD[kind], params: cursor === undefined ? {} : { cursor } } as never, ResultSchema, { timeout: remaining() })) as Record<string, unknown>;
    pages++;
    const list = page[kind];
    if (!Array.isArray(list)) throw new Error(`${METHOD[kind]} answered without a "${kind}" list`);
    for (const item of list) {
      const problem = itemProblem(kind, item);
      const key = itemKey(kind, item);
      if (problem) out.problems.push(`${kind}[${index}]: ${problem}`);
      else if (keys.has(key!)) {
        out.problems.push(`${kind}[${index}]: listed twice; neither copy is used`);
        dup.add(key!);
      }
      else {
        out.items.push(item as RawItem);
        keys.add(key!);
      }
      index++;
      if (index > MAX_LISTED_ITEMS) throw new Error(`${METHOD[kind]} lists more than ${MAX_LISTED_ITEMS} entries`);
    }
    const next = page.nextCursor;
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) throw new Error(`${METHOD[kind]} repeated a page cursor`);
      seen.add(cursor);
    }
  } while (cursor !== undefined && pages < MAX_PAGES);
  if (cursor !== undefined) throw new Error(`${METHOD[kind]} still had more pages after ${MAX_PAGES}`);
  // A key listed twice: the first copy is dropped too (which of the two is meant cannot be told).
  if (dup.size > 0) out.items = out.items.filter((item) => !dup.has(itemKey(kind, item)!));
  return out;
}

/** Which kinds a server's capabilities say it lists. */
export function listedKinds(capabilities: { prompts?: unknown; resources?: unknown } | undefined): PrimitiveListKind[] {
  const kinds: PrimitiveListKind[] = [];
  if (capabilities?.prompts) kinds.push('prompts');
  if (capabilities?.resources) kinds.push('resources', 'resourceTemplates');
  return kinds;
}
