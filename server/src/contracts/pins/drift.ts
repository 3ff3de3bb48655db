// Drift: what a server lists now, compared with what was pinned at import
// (seed 003, dynamic capability injection). Pure functions: the live listing
// comes from mcpClient.ts, the pins from lock.ts.
//
//   changed definition (description, schema, annotations, ...) → warning, with a diff
//   tool removed from the server                             → error
//   new tool the server now offers                            → information (never added automatically)
//   server reports another version                            → information
//
// Pinned prompts, resources and resource templates drift the same way
// (`prompt-changed`, `resource-removed`, `resource-template-added`, …): a
// changed description, argument list, name or mime type is a warning with
// the diff; one the server no longer lists (a resource's uri is its key, so a
// moved uri is a removal and an addition) is an error; a new one is noted
// when the lock pins that kind at all.

import type { Decl, Span, ToolDecl } from '../../syntax/ast';
import type { Diagnostic } from '../../diagnostics';
import { buildSchemaEnv, type SchemaEnv } from '../../schema/env';
import type { JsonValue } from '../../schema/json';
import { diffSchemas, type RawTool, type SchemaDifference } from '../mcp';
import { tryDefinitionHash } from './lockHash';
import { lockedServer, PRIMITIVE_KINDS, type LockFile, type LockServer, type PrimitiveKind } from './lock';
import { itemKey, type RawItem } from '../mcp/primitiveList';

export type DriftKind = 'changed' | 'removed' | 'added' | 'server-version';

export interface DriftItem {
  server: string;
  kind: DriftKind;
  /** The tool's wire name (empty for `server-version`); for a prompt, resource or template, its key (name, uri, uri template). */
  wire: string;
  /** Set when the drift is about a pinned prompt, resource or resource template rather than a tool. */
  item?: PrimitiveKind;
  /** The pinned ilo name (changed, removed). */
  ilo?: string;
  /** changed: every difference, pinned → live. */
  differences?: SchemaDifference[];
  /** added: the new tool's description, to help decide whether to import it. */
  description?: string;
  pinned?: string;
  live?: string;
}

/** What a live listing holds: its tools, and (when it offers them) its prompts, resources and templates. */
export interface LiveListing {
  tools: readonly RawTool[];
  serverInfo?: { name: string; version: string };
  items?: Partial<Record<PrimitiveKind, readonly RawItem[]>>;
}

/** Compare one server's pins with its live tools, prompts, resources and templates. */
export function detectDrift(server: string, locked: LockServer, live: LiveListing): DriftItem[] {
  const items: DriftItem[] = [];
  const liveByName = new Map(live.tools.map((t) => [t.name, t]));
  for (const [wire, pin] of Object.entries(locked.tools)) {
    const now = liveByName.get(wire);
    if (!now) {
      items.push({ server, kind: 'removed', wire, ilo: pin.ilo, pinned: pin.hash });
      continue;
    }
    const hash = tryDefinitionHash(now) ?? 'unhashable';
    if (hash !== pin.hash) {
      items.push({ server, kind: 'changed', wire, ilo: pin.ilo, differences: diffSchemas(pin.definition, now, 'exact'), pinned: pin.hash, live: hash });
    }
  }
  for (const t of live.tools) {
    if (!Object.hasOwn(locked.tools, t.name)) {
      items.push({ server, kind: 'added', wire: t.name, description: typeof t.description === 'string' ? t.description : undefined, live: tryDefinitionHash(t) ?? 'unhashable' });
    }
  }
  for (const kind of PRIMITIVE_KINDS) items.push(...detectItemDrift(server, kind, locked[kind], live.items?.[kind]));
  if (locked.server && live.serverInfo && (locked.server.name !== live.serverInfo.name || locked.server.version !== live.serverInfo.version)) {
    items.push({
      server,
      kind: 'server-version',
      wire: '',
      pinned: `${locked.server.name} ${locked.server.version}`,
      live: `${live.serverInfo.name} ${live.serverInfo.version}`,
    });
  }
  return items;
}

/**
 * Drift of one kind of pinned item. A kind the server no longer lists at all
 * (its capability gone, or the list failed) removes every pin of it; new
 * entries are reported only when the lock pins that kind.
 */
function detectItemDrift(server: string, kind: PrimitiveKind, pins: LockServer[PrimitiveKind], live: readonly RawItem[] | undefined): DriftItem[] {
  if (pins === undefined) return [];
  const out: DriftItem[] = [];
  const liveByKey = new Map<string, RawItem>();
  for (const entry of live ?? []) {
    const key = itemKey(kind, entry);
    if (key !== undefined && !liveByKey.has(key)) liveByKey.set(key, entry);
  }
  for (const [key, pin] of Object.entries(pins)) {
    const now = liveByKey.get(key);
    if (!now) {
      out.push({ server, kind: 'removed', item: kind, wire: key, pinned: pin.hash });
      continue;
    }
    const hash = tryDefinitionHash(now) ?? 'unhashable';
    if (hash !== pin.hash) out.push({ server, kind: 'changed', item: kind, wire: key, differences: diffSchemas(pin.definition, now, 'exact'), pinned: pin.hash, live: hash });
  }
  for (const [key, entry] of liveByKey) {
    if (Object.hasOwn(pins, key)) continue;
    out.push({ server, kind: 'added', item: kind, wire: key, description: typeof entry.description === 'string' ? entry.description : undefined, live: tryDefinitionHash(entry) ?? 'unhashable' });
  }
  return out;
}

/** What a drift item is about, in words: `tool`, `prompt`, `resource`, `resource template`. */
export function driftNoun(item: Pick<DriftItem, 'item'>): string {
  return item.item === undefined ? 'tool' : ITEM_NOUN[item.item];
}

const ITEM_NOUN: Record<PrimitiveKind, string> = { prompts: 'prompt', resources: 'resource', resourceTemplates: 'resource template' };
/** The codes of drifted prompts, resources and templates (each explained in explain/contracts.ts). */
export type ItemDriftCode =
  | 'prompt-changed'
  | 'prompt-removed'
  | 'prompt-added'
  | 'resource-changed'
  | 'resource-removed'
  | 'resource-added'
  | 'resource-template-changed'
  | 'resource-template-removed'
  | 'resource-template-added';

const ITEM_CODE: Record<PrimitiveKind, Record<'changed' | 'removed' | 'added', ItemDriftCode>> = {
  prompts: { changed: 'prompt-changed', removed: 'prompt-removed', added: 'prompt-added' },
  resources: { changed: 'resource-changed', removed: 'resource-removed', added: 'resource-added' },
  resourceTemplates: { changed: 'resource-template-changed', removed: 'resource-template-removed', added: 'resource-template-added' },
};

/** Drift of every locked server that was listed; servers missing from `listings` are skipped. */
export function detectLockDrift(lock: LockFile, listings: ReadonlyMap<string, LiveListing>): DriftItem[] {
  const items: DriftItem[] = [];
  for (const [server, locked] of Object.entries(lock.servers)) {
    const live = listings.get(server);
    if (live) for (const item of detectDrift(server, locked, live)) items.push(item);
  }
  return items;
}

function short(v: JsonValue | undefined): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 120 ? s.slice(0, 117) + '...' : s;
}

/** Human lines for a diff: `description: "old" → "new"`, `inputSchema.properties.q: added {...}`. */
export function formatDifferences(diffs: readonly SchemaDifference[], max = 10): string[] {
  const lines = diffs.slice(0, max).map((d) => {
    const path = d.path || '(whole definition)';
    if (d.original === undefined) return `${path}: added ${short(d.exported)}`;
    if (d.exported === undefined) return `${path}: removed (was ${short(d.original)})`;
    return `${path}: ${short(d.original)} → ${short(d.exported)}`;
  });
  if (diffs.length > max) lines.push(`… and ${diffs.length - max} more`);
  return lines;
}

/** Summary of what parts of a definition changed: `description`, `inputSchema`, `annotations`. */
function changedParts(diffs: readonly SchemaDifference[]): string {
  const parts = [...new Set(diffs.map((d) => d.path.split(/[.[]/)[0] || 'definition'))];
  return parts.join(', ');
}

export interface DriftDiagnosticsOptions {
  env?: SchemaEnv;
  /** The lock the items came from: lets new-tool notes sit on a declaration pinned from the same server. */
  lock?: LockFile;
  /** Shown in the hint for re-importing, e.g. `ilo-ls import --config mcp.json --server memory`. */
  reimportCommand?: (server: string) => string;
}

/**
 * Diagnostics for one ilo file: on the `tool` declarations the items are
 * about (matched by wire name, else by the pinned ilo name). New tools and
 * version changes go on the first declaration pinned from that server, or the
 * file's start. Items about tools this file does not declare are skipped.
 */
export function driftDiagnostics(items: readonly DriftItem[], decls: readonly Decl[], options: DriftDiagnosticsOptions = {}): Diagnostic[] {
  const env = options.env ?? buildSchemaEnv(decls);
  const tools = decls.filter((d): d is ToolDecl => d.kind === 'ToolDecl');
  const wireOf = (d: ToolDecl) => env.annotationsOf(d).annotations.wire ?? d.name.text;
  const find = (item: DriftItem) => tools.find((d) => wireOf(d) === item.wire) ?? (item.ilo ? tools.find((d) => d.name.text === item.ilo) : undefined);
  const reimport = (server: string) => (options.reimportCommand ? options.reimportCommand(server) : `re-import the tools of \`${server}\``);
  const anchors = new Map<string, Span>();
  for (const item of items) {
    if (item.kind !== 'changed' && item.kind !== 'removed') continue;
    const d = find(item);
    if (d && !anchors.has(item.server)) anchors.set(item.server, d.name);
  }
  const out: Diagnostic[] = [];
  const push = (span: Span, severity: Diagnostic['severity'], code: string, message: string, hint?: string) => {
    const diag: Diagnostic = { code, source: 'ilo-contracts', severity, start: span.start, end: span.end, message };
    if (hint) diag.hint = hint;
    out.push(diag);
  };
  for (const item of items) {
    if (item.item !== undefined) {
      itemDiagnostic(item, item.item, anchors.get(item.server) ?? firstPinnedDecl(options.lock ? lockedServer(options.lock, item.server) : undefined, tools, wireOf) ?? { start: 0, end: 0 }, push, reimport);
      continue;
    }
    switch (item.kind) {
      case 'changed': {
        const d = find(item);
        if (!d) break;
        const diffs = item.differences ?? [];
        push(
          d.name,
          'warning',
          'tool-changed',
          [`server \`${item.server}\` changed tool \`${item.wire}\` since it was pinned (${changedParts(diffs)}):`, ...formatDifferences(diffs).map((l) => `  ${l}`)].join('\n'),
          `review the change, then ${reimport(item.server)} to accept it`,
        );
        break;
      }
      case 'removed': {
        const d = find(item);
        if (!d) break;
        push(d.name, 'error', 'tool-removed', `server \`${item.server}\` no longer offers tool \`${item.wire}\`: calls to \`${d.name.text}\` will fail`, `remove the declaration, or ${reimport(item.server)}`);
        break;
      }
      case 'added': {
        const anchor = anchors.get(item.server) ?? firstPinnedDecl(options.lock ? lockedServer(options.lock, item.server) : undefined, tools, wireOf) ?? { start: 0, end: 0 };
        const about = item.description ? `: ${firstSentence(item.description)}` : '';
        push(anchor, 'information', 'tool-added', `server \`${item.server}\` now offers a tool that was not imported, \`${item.wire}\`${about}`, `it is not added automatically; ${reimport(item.server)} to include it after review`);
        break;
      }
      case 'server-version': {
        const anchor = anchors.get(item.server) ?? firstPinnedDecl(options.lock ? lockedServer(options.lock, item.server) : undefined, tools, wireOf) ?? { start: 0, end: 0 };
        push(anchor, 'information', 'server-version', `server \`${item.server}\` now reports ${item.live}; the tools were pinned from ${item.pinned}`);
        break;
      }
    }
  }
  return out;
}

/**
 * A drifted prompt, resource or template: the file declares nothing for it,
 * so it sits where the server's other drift does (its first pinned tool, or
 * the file's start), in the same words and severities as a tool's.
 */
function itemDiagnostic(
  item: DriftItem,
  kind: PrimitiveKind,
  anchor: Span,
  push: (span: Span, severity: Diagnostic['severity'], code: string, message: string, hint?: string) => void,
  reimport: (server: string) => string,
): void {
  const noun = ITEM_NOUN[kind];
  const code = ITEM_CODE[kind];
  const what = `${noun} \`${item.wire}\``;
  if (item.kind === 'changed') {
    const diffs = item.differences ?? [];
    push(
      anchor,
      'warning',
      code.changed,
      [`server \`${item.server}\` changed ${what} since it was pinned (${changedParts(diffs)}):`, ...formatDifferences(diffs).map((l) => `  ${l}`)].join('\n'),
      `review the change, then ${reimport(item.server)} to accept it (the gate withholds the ${noun} until then)`,
    );
  } else if (item.kind === 'removed') {
    const use = kind === 'prompts' ? 'prompts/get of it will fail' : 'reading it will fail';
    push(anchor, 'error', code.removed, `server \`${item.server}\` no longer offers ${what}: ${use}`, `${reimport(item.server)} to drop the pin`);
  } else if (item.kind === 'added') {
    const about = item.description ? `: ${firstSentence(item.description)}` : '';
    push(anchor, 'information', code.added, `server \`${item.server}\` now offers a ${noun} that was not pinned, \`${item.wire}\`${about}`, `it is not served by the gate until pinned; ${reimport(item.server)} to include it after review`);
  }
}

function firstPinnedDecl(locked: LockServer | undefined, tools: ToolDecl[], wireOf: (d: ToolDecl) => string): Span | undefined {
  if (!locked) return undefined;
  return tools.find((d) => Object.hasOwn(locked.tools, wireOf(d)))?.name;
}

function firstSentence(text: string): string {
  const s = text.split(/(?<=[.!?])\s/)[0] ?? text;
  return s.length > 160 ? s.slice(0, 157) + '...' : s;
}

/** The drift items per ilo file, using each server's `file` in the lock (relative to the lock's folder). */
export function driftByFile(lock: LockFile, items: readonly DriftItem[]): Map<string | undefined, DriftItem[]> {
  const out = new Map<string | undefined, DriftItem[]>();
  for (const item of items) {
    const file = lockedServer(lock, item.server)?.file;
    out.set(file, [...(out.get(file) ?? []), item]);
  }
  return out;
}
