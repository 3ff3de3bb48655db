// Tool contract lints on ilo `tool` declarations: the rules of lintTools.ts
// applied to what each declaration puts on the wire (its `@wire` name, title,
// description literal, parameter wire names and `@param` descriptions), with
// diagnostics placed on the part of the source that says it; and tools named
// like a builtin, which a call never reaches (shadowedByBuiltin.ts).

import { capabilityParams } from '../../schema/typeSchema';
import type { Decl, Span, ToolDecl } from '../../syntax/ast';
import type { Diagnostic, RelatedInfo } from '../../diagnostics';
import { buildSchemaEnv, type SchemaEnv } from '../../schema/env';
import { lintToolContracts, type LintFinding, type LintOptions, type LintTool } from './lintTools';
import { builtinShadowDiagnostics } from './shadowedByBuiltin';

export interface LintDeclsOptions {
  /** Declarations visible through `use`, with their file: checked for confusable names, not reported on. */
  imported?: readonly { decl: Decl; file?: string }[];
  /** An environment already built over the file and its imports (annotations are cached there). */
  env?: SchemaEnv;
  lint?: LintOptions;
  /** The file's text: lets quick fixes keep indentation. */
  text?: string;
  /** Findings kept from the last call for this document (reused while what the tools show a model is the same). */
  reuse?: LintReuse;
}

/**
 * The lint findings of one document's tools, kept across edits: they depend
 * only on what each tool shows a model (its view) and the options, never on
 * where the declarations are, so an edit that changes no tool's view reuses
 * them; the diagnostics are placed afresh.
 */
export class LintReuse {
  private last?: { key: string; findings: LintFinding[] };

  findings(views: readonly LintTool[], options: LintOptions | undefined): LintFinding[] {
    const key = JSON.stringify([views, options ?? null]);
    if (this.last?.key === key) return this.last.findings;
    const findings = lintToolContracts(views, options);
    this.last = { key, findings };
    return findings;
  }
}

interface Located {
  decl: ToolDecl;
  file?: string;
  own: boolean;
}

/**
 * `ilo-contracts` lint diagnostics for the tool declarations in `decls` (one
 * file's own declarations). Never throws.
 */
export function lintToolDecls(decls: readonly Decl[], options: LintDeclsOptions = {}): Diagnostic[] {
  try {
    const tools: Located[] = [
      ...decls.filter((d): d is ToolDecl => d.kind === 'ToolDecl').map((decl) => ({ decl, own: true })),
      ...(options.imported ?? []).filter((l) => l.decl.kind === 'ToolDecl').map((l) => ({ decl: l.decl as ToolDecl, file: l.file, own: false })),
    ];
    if (tools.length === 0) return [];
    const env = options.env ?? buildSchemaEnv([...decls, ...(options.imported ?? []).map((l) => l.decl)]);
    const views = tools.map((t) => lintViewOfDecl(t.decl, env));
    const out: Diagnostic[] = builtinShadowDiagnostics(decls, env, options.text);
    const findings = options.reuse ? options.reuse.findings(views, options.lint) : lintToolContracts(views, options.lint);
    for (const f of findings) {
      const at = tools[f.tool];
      if (!at.own) continue;
      out.push(toDiagnostic(f, at.decl, env, f.other !== undefined ? tools[f.other] : undefined));
    }
    return out;
  } catch {
    return [];
  }
}

/** What a tool declaration shows a model: wire names and annotation texts. */
export function lintViewOfDecl(decl: ToolDecl, env: SchemaEnv): LintTool {
  const { annotations } = env.annotationsOf(decl);
  const capabilities = new Set(capabilityParams(decl, env));
  return {
    name: annotations.wire ?? decl.name.text,
    title: annotations.title,
    // Always present in ilo (possibly ""), so findings point at the literal.
    description: decl.description.value,
    params: decl.params.map((p) => {
      const note = annotations.properties.get(p.name.text);
      const view: LintTool['params'][number] = { name: note?.wire ?? p.name.text, description: note?.description };
      if (capabilities.has(p)) view.capability = true;
      return view;
    }),
  };
}

function spanOf(f: LintFinding, decl: ToolDecl, env: SchemaEnv): Span {
  const { annotations } = env.annotationsOf(decl);
  const entry = (key: string) => annotations.entries.find((e) => e.key === key);
  switch (f.target.kind) {
    case 'name': {
      // A finding about the wire name belongs on `@wire` when there is one.
      const wire = annotations.wire !== undefined ? entry('wire') : undefined;
      return wire ?? decl.name;
    }
    case 'title':
      return entry('title') ?? decl.name;
    case 'description': {
      const lit = decl.description;
      // Point inside the literal when no escape shifts the offsets.
      if (f.range && lit.end - lit.start === lit.value.length + 2) {
        return { start: lit.start + 1 + f.range.start, end: lit.start + 1 + f.range.end };
      }
      return lit;
    }
    case 'param-name':
    case 'param-description': {
      const p = decl.params[f.target.param];
      if (!p) return decl.name;
      const note = annotations.properties.get(p.name.text);
      if (f.target.kind === 'param-name' && note?.wire === undefined) return p.name;
      return note ?? p.name;
    }
    case 'schema-text':
      return decl.name;
  }
}

function toDiagnostic(f: LintFinding, decl: ToolDecl, env: SchemaEnv, other: Located | undefined): Diagnostic {
  const span = spanOf(f, decl, env);
  const d: Diagnostic = {
    code: f.code,
    source: 'ilo-contracts',
    severity: f.severity,
    start: span.start,
    end: Math.max(span.start, span.end),
    message: `${f.message}. Risk: ${f.risk}`,
  };
  if (other) {
    const related: RelatedInfo = { start: other.decl.name.start, end: other.decl.name.end, message: `\`${other.decl.name.text}\` is declared here` };
    if (other.file !== undefined) related.file = other.file;
    d.related = [related];
  }
  return d;
}
