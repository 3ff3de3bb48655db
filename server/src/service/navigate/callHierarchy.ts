// Call hierarchy over functions and tools: prepare (the function or tool
// named at the cursor), incoming calls (functions in any file that call it,
// through `use`) and outgoing calls (what a function's body calls). Items
// carry the declaring file's path and the name, so the follow-up requests
// find the declaration again in the current text.

import {
  SymbolKind,
  type CallHierarchyIncomingCall,
  type CallHierarchyItem,
  type CallHierarchyOutgoingCall,
  type Range,
} from 'vscode-languageserver';
import { LineIndex } from '../../syntax/lineIndex';
import { declSignature } from '../../query/print';
import { rangeOf } from '../lspDiagnostics';
import { callersIn, findCallable, outgoingSites, refKey, type CallableRef } from './callGraph';
import { isCallable, meaningAt, type CallableDecl, type NavFile } from './nameAt';
import type { NavFileSource } from './navFiles';

/** What an item remembers (`CallHierarchyItem.data`). */
type ItemData = CallableRef;

function itemData(item: CallHierarchyItem): ItemData | undefined {
  const d = item.data as Partial<ItemData> | undefined;
  return d && typeof d.path === 'string' && typeof d.name === 'string' ? { path: d.path, name: d.name } : undefined;
}

/** Line indexes of the files touched by one request. */
class Indexes {
  private readonly byPath = new Map<string, LineIndex | undefined>();
  constructor(private readonly source: NavFileSource) {}
  of(path: string, text?: string): LineIndex | undefined {
    if (!this.byPath.has(path)) {
      const t = text ?? this.source.decls(path)?.text;
      this.byPath.set(path, t === undefined ? undefined : new LineIndex(t));
    }
    return this.byPath.get(path);
  }
}

function toItem(decl: CallableDecl, path: string, uri: string, index: LineIndex): CallHierarchyItem {
  const data: ItemData = { path, name: decl.name.text };
  return {
    name: decl.name.text,
    kind: decl.kind === 'ToolDecl' ? SymbolKind.Interface : SymbolKind.Function,
    detail: declSignature(decl),
    uri,
    range: rangeOf(index, decl.start, decl.end),
    selectionRange: rangeOf(index, decl.name.start, decl.name.end),
    data,
  };
}

function itemFor(source: NavFileSource, indexes: Indexes, ref: CallableRef, decl?: CallableDecl): CallHierarchyItem | undefined {
  const file = source.decls(ref.path);
  if (!file) return undefined;
  const d = decl ?? findCallable(file.decls, ref.name);
  const index = indexes.of(ref.path, file.text);
  return d && index ? toItem(d, ref.path, file.uri, index) : undefined;
}

/** The function or tool declared or called at `offset`. */
export function prepareCallHierarchy(source: NavFileSource, file: NavFile, offset: number): CallHierarchyItem[] {
  const hit = meaningAt(file, offset);
  if (!hit || hit.meaning.kind !== 'decl' || !isCallable(hit.meaning.decl)) return [];
  const { decl, path } = hit.meaning;
  // A declaration of another file is looked up again in that file's own text (its offsets are that text's).
  const item = itemFor(source, new Indexes(source), { path, name: decl.name.text }, path === file.path ? decl : undefined);
  return item ? [item] : [];
}

/** The functions that call the item's function or tool, in every file that can see it. */
export function incomingCalls(source: NavFileSource, item: CallHierarchyItem): CallHierarchyIncomingCall[] {
  const target = itemData(item);
  if (!target) return [];
  const indexes = new Indexes(source);
  const out: CallHierarchyIncomingCall[] = [];
  const paths = [target.path, ...source.paths().filter((p) => p !== target.path)];
  for (const p of paths) {
    // Most files never mention the name: skip them before resolving their imports.
    if (!source.decls(p)?.text.includes(target.name)) continue;
    const file = source.file(p);
    if (!file) continue;
    const index = indexes.of(p, file.text)!;
    for (const { caller, sites } of callersIn(file, target)) {
      out.push({ from: toItem(caller, p, file.uri, index), fromRanges: sites.map((s) => rangeOf(index, s.start, s.end)) });
    }
  }
  return out;
}

/** The functions and tools the item's function calls, each with the call sites in its body. */
export function outgoingCalls(source: NavFileSource, item: CallHierarchyItem): CallHierarchyOutgoingCall[] {
  const ref = itemData(item);
  if (!ref) return [];
  const file = source.file(ref.path);
  const fn = file?.program.decls.find((d) => d.kind === 'FunctionDecl' && d.name.text === ref.name);
  if (!file || !fn || fn.kind !== 'FunctionDecl') return [];
  const indexes = new Indexes(source);
  const index = indexes.of(ref.path, file.text)!;
  const grouped = new Map<string, { to: CallHierarchyItem; fromRanges: Range[] }>();
  for (const site of outgoingSites(file, fn)) {
    const to = { path: site.target.path, name: site.target.decl.name.text };
    const key = refKey(to);
    let entry = grouped.get(key);
    if (!entry) {
      const toItem = itemFor(source, indexes, to, site.target.path === ref.path ? site.target.decl : undefined);
      if (!toItem) continue;
      entry = { to: toItem, fromRanges: [] };
      grouped.set(key, entry);
    }
    entry.fromRanges.push(rangeOf(index, site.callee.start, site.callee.end));
  }
  return [...grouped.values()];
}
