// A tool named like a builtin: the reference accepts the declaration, but a
// call by that name always reaches the builtin (short names and their long
// forms alike), so the tool can never be called from ilo. Warned on the
// declaration, with a fix that renames it and keeps its name on the wire.

import type { Diagnostic } from '../../diagnostics';
import type { Decl, ToolDecl } from '../../syntax/ast';
import { canonicalBuiltinName } from '../../syntax/builtins';
import type { SchemaEnv } from '../../schema/env';

/** `shadowed-by-builtin` warnings for the tool declarations among `decls`. */
export function builtinShadowDiagnostics(decls: readonly Decl[], env: SchemaEnv, text?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The names in use, gathered only when some tool has a builtin's name (rare).
  let taken: Set<string> | undefined;
  for (const decl of decls) {
    if (decl.kind !== 'ToolDecl') continue;
    const name = decl.name.text;
    const builtin = canonicalBuiltinName(name);
    if (builtin === undefined) continue;
    if (taken === undefined) {
      taken = new Set<string>();
      for (const d of decls) if (d.kind === 'ToolDecl' || d.kind === 'FunctionDecl' || d.kind === 'TypeDecl' || d.kind === 'AliasDecl') taken.add(d.name.text);
    }
    const which = builtin === name ? `the name of the builtin \`${builtin}\`` : `the long-form name of the builtin \`${builtin}\``;
    const renamed = freeName(`${name}-tool`, taken);
    const d: Diagnostic = {
      code: 'shadowed-by-builtin',
      source: 'ilo-contracts',
      severity: 'warning',
      start: decl.name.start,
      end: decl.name.end,
      message: `tool \`${name}\` has ${which}: a call \`${name} …\` always reaches the builtin, never this tool`,
      hint: `rename the tool (e.g. \`${renamed}\`) and keep \`${name}\` as its name on the wire with \`-- @wire ${name}\``,
      suggestions: [{ message: `Rename to \`${renamed}\` (wire name stays \`${name}\`)`, edits: renameEdits(decl, renamed, env, text) }],
    };
    out.push(d);
  }
  return out;
}

function freeName(base: string, taken: ReadonlySet<string>): string {
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}-${i}`;
  return candidate;
}

/** Rename the declaration; add `-- @wire OLD` above it unless it already says its wire name. */
function renameEdits(decl: ToolDecl, renamed: string, env: SchemaEnv, text: string | undefined): Array<{ start: number; end: number; newText: string }> {
  const edits = [{ start: decl.name.start, end: decl.name.end, newText: renamed }];
  if (env.annotationsOf(decl).annotations.wire !== undefined) return edits;
  const lineStart = text === undefined ? decl.start : text.lastIndexOf('\n', decl.start - 1) + 1;
  const indent = text === undefined ? '' : text.slice(lineStart, decl.start);
  if (/^[ \t]*$/.test(indent)) edits.unshift({ start: lineStart, end: lineStart, newText: `${indent}-- @wire ${decl.name.text}\n` });
  else edits.unshift({ start: decl.start, end: decl.start, newText: `\n-- @wire ${decl.name.text}\n` });
  return edits;
}
