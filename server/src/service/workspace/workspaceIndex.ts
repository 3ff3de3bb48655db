// The workspace collision scope's index: the tools of every workspace file,
// each file read and resolved once, then kept current from the editor's
// buffers and watched-file events. An edit never reads the workspace from
// disk: the edited file's tools are compared with the index, and only with
// the tools that can collide with them (the same schema hash, or a schema
// that is near one of theirs). The diagnostics are those of comparing every
// workspace file's tools at once (test/service/workspaceIndex.test.ts).

import type { Diagnostic } from '../../diagnostics';
import { fileContractDiagnostics, nearDifferences, toolsOf, type ContractInput, type ContractTool, type FileContracts } from '../../contracts';

interface IndexedFile {
  /** The tools the file declares, in order. */
  own: ContractTool[];
  /** The tools it sees through `use`. */
  imported: ContractTool[];
  /** Files it uses, transitively. */
  dependencies: readonly string[];
  text: string;
  /** What other files' diagnostics depend on: the tools' keys (names, positions), schemas and behaviors. */
  signature: string;
}

/** Where the index gets files from. */
export interface IndexSource {
  /** A file's text (open buffer first, then disk); undefined when it cannot be read. */
  readFile(path: string): string | undefined;
  /** A file's declarations and what it sees through `use` (no verification needed). */
  declarations(path: string, text: string): { input: ContractInput; dependencies: readonly string[] };
}

/**
 * The keyword `tool` or `use` may be here: not inside a longer word (an ilo
 * word is lower-case letters and digits joined by hyphens, starting with a
 * letter). Deliberately loose: comments and text match too.
 */
const MAY_HAVE_TOOLS = /(?<![a-z])(?:tool|use)(?![a-z0-9]|-[a-z0-9])/;

/** How many near / not-near verdicts between schema hashes are remembered. */
const NEAR_CACHE_LIMIT = 100_000;

function signature(tools: readonly ContractTool[]): string {
  return JSON.stringify(tools.map((t) => [t.key, t.decl.name.end, t.schemaHash, t.behavior]));
}

export class WorkspaceIndex {
  /** By path; null: the file cannot be read. */
  private readonly files = new Map<string, IndexedFile | null>();
  /** `hashA hashB` → whether schemas of those hashes are near (see nearDifferences). */
  private readonly near = new Map<string, boolean>();

  constructor(private readonly source: IndexSource) {}

  clear(): void {
    this.files.clear();
  }

  /**
   * A file's text changed (or it was created or deleted): read it again when
   * needed. With `dependants`, also the files that use it (what they import
   * changed); an open document's edits do not need that, as a file's own
   * entry speaks for its tools (see diagnostics).
   */
  invalidate(path: string, dependants = false): void {
    this.files.delete(path);
    if (!dependants) return;
    for (const [p, entry] of this.files) if (entry?.dependencies.includes(path)) this.files.delete(p);
  }

  /**
   * The entry of a file analysed in the editor (an open document), from its
   * live analysis. Returns whether its tools changed as other files see them.
   */
  update(f: FileContracts, dependencies: readonly string[], text: string): boolean {
    const before = this.files.get(f.input.path);
    const entry = this.entryOf(f, dependencies, text);
    this.files.set(f.input.path, entry);
    return before?.signature !== entry.signature;
  }

  /** The indexed text of a file (for ranges in related information), without reading the disk. */
  textOf(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  /**
   * The `ilo-contracts` diagnostics of `f` when the tools of every file of
   * `workspace` (in this order) are compared with each other.
   */
  diagnostics(f: FileContracts, workspace: readonly string[]): Diagnostic[] {
    const path = f.input.path;
    const others: IndexedFile[] = [];
    for (const p of workspace) {
      if (p === path) continue;
      const entry = this.entry(p);
      if (entry) others.push(entry);
    }
    // The pool in the order a comparison of all files builds it: every file's
    // own tools first (this file's, then the others'), then what they import.
    // A tool imported from a workspace file is that file's own tool: its
    // entry speaks for it (another file's view of it may predate an edit).
    const pool = new Map<string, ContractTool>();
    for (const t of f.tools) if (t.file === path) pool.set(t.key, t);
    for (const e of others) for (const t of e.own) pool.set(t.key, t);
    for (const t of f.tools) if (!pool.has(t.key)) pool.set(t.key, t);
    const indexed = new Set(workspace);
    for (const e of others) {
      for (const t of e.imported) if (!pool.has(t.key) && !(t.file !== undefined && indexed.has(t.file))) pool.set(t.key, t);
    }
    return fileContractDiagnostics(f, this.relevant(pool, path));
  }

  /**
   * The tools of `pool` that can collide with the file's own: whole classes
   * of equal schemas (by hash), those of the file's tools and those near one
   * of them, in pool order. Collisions found in this part are, for the
   * file's tools, exactly those found in the whole pool.
   */
  private relevant(pool: ReadonlyMap<string, ContractTool>, path: string): Map<string, ContractTool> {
    const first = new Map<string, ContractTool>();
    const mine = new Set<string>();
    for (const t of pool.values()) {
      if (!first.has(t.schemaHash)) first.set(t.schemaHash, t);
      if (t.file === path) mine.add(t.schemaHash);
    }
    const keep = new Set(mine);
    if (mine.size > 0) {
      for (const [hash, rep] of first) {
        if (keep.has(hash)) continue;
        for (const m of mine) {
          if (this.isNear(rep, first.get(m)!)) {
            keep.add(hash);
            break;
          }
        }
      }
    }
    const out = new Map<string, ContractTool>();
    for (const [key, t] of pool) if (keep.has(t.schemaHash)) out.set(key, t);
    return out;
  }

  private isNear(a: ContractTool, b: ContractTool): boolean {
    const key = a.schemaHash < b.schemaHash ? `${a.schemaHash} ${b.schemaHash}` : `${b.schemaHash} ${a.schemaHash}`;
    let near = this.near.get(key);
    if (near === undefined) {
      near = nearDifferences(a.schema, b.schema, a.name, b.name) !== undefined;
      if (this.near.size >= NEAR_CACHE_LIMIT) this.near.clear();
      this.near.set(key, near);
    }
    return near;
  }

  private entry(path: string): IndexedFile | null {
    let entry = this.files.get(path);
    if (entry === undefined) {
      entry = this.read(path);
      this.files.set(path, entry);
    }
    return entry;
  }

  private read(path: string): IndexedFile | null {
    const text = this.source.readFile(path);
    if (text === undefined) return null;
    // A file without the words `tool` and `use` neither declares nor imports a tool.
    if (!MAY_HAVE_TOOLS.test(text)) return { own: [], imported: [], dependencies: [], text, signature: '[]' };
    try {
      const { input, dependencies } = this.source.declarations(path, text);
      const { tools, env } = toolsOf(input);
      return this.entryOf({ input, env, tools }, dependencies, text);
    } catch {
      return null;
    }
  }

  private entryOf(f: FileContracts, dependencies: readonly string[], text: string): IndexedFile {
    const own = f.tools.filter((t) => t.file === f.input.path);
    const imported = f.tools.filter((t) => t.file !== f.input.path);
    return { own, imported, dependencies, text, signature: signature(f.tools) };
  }
}
