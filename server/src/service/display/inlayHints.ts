// Inlay hints: the parameter name before each positional argument of a call
// to a function, tool or builtin (`area 3 4` reads `area w:3 h:4`), left out
// where the argument already says it (a variable of that name); and the type
// the verifier infers for a binding (`tot:n=+a b`). Both can be turned off.

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { CallExpr, Decl, Expr, FunctionDecl, Span } from '../../syntax/ast';
import { signaturesForArity } from '../../syntax/builtins';
import type { BuiltinTable } from '../../syntax/builtinKit';
import { levelById } from '../../level';
import { declName, visibleDecls } from '../../query/symbols';
import { bindingTypes } from '../../query/bindingTypes';
import { forEachNode, isArm, isParam } from '../../syntax/walk';
import type { LineIndex } from '../../syntax/lineIndex';
import type { FileAnalysis } from '../analysis';

export interface InlayHintOptions {
  /** Parameter names before arguments (`ilo.inlayHints.parameterNames`). */
  parameterNames: boolean;
  /** Inferred types after bound names (`ilo.inlayHints.bindingTypes`). */
  bindingTypes: boolean;
}

export const DEFAULT_INLAY_HINT_OPTIONS: InlayHintOptions = { parameterNames: true, bindingTypes: true };

/** Values whose type is plain to see: no type hint for a binding to one of them. */
const OBVIOUS = new Set<Expr['kind']>(['Number', 'Text', 'Bool', 'Record']);

export function inlayHints(analysis: FileAnalysis, index: LineIndex, range: Range, options: InlayHintOptions): InlayHint[] {
  if (!options.parameterNames && !options.bindingTypes) return [];
  const from = index.offsetAt(range.start.line, range.start.character);
  const to = index.offsetAt(range.end.line, range.end.character);
  const overlaps = (s: Span): boolean => s.start <= to && s.end >= from;
  const inside = (offset: number): boolean => offset >= from && offset <= to;
  const functions = analysis.program.decls.filter((d): d is FunctionDecl => d.kind === 'FunctionDecl' && overlaps(d));
  const hints: Array<InlayHint & { at: number }> = [];

  if (options.parameterNames) {
    const params = new ParamNames(analysis);
    forEachNode(functions, (n) => {
      if (isParam(n) || isArm(n) || n.kind !== 'Call' || !overlaps(n)) return;
      const names = params.of(n);
      n.args.forEach((arg, i) => {
        if (n.piped && i === n.args.length - 1) return; // the piped value stands before the callee
        const name = names[i];
        // A labelled argument (level 26, `f(lo: 1)`) already says its parameter.
        if (n.labels?.[i] !== undefined) return;
        // An interpolated text (`"hi {who}"`) is a fmt call written inside the text: no hints in it.
        if (n.interpolated) return;
        if (name === undefined || !inside(arg.start) || saysItself(arg, name)) return;
        hints.push({
          at: arg.start,
          position: index.toPosition0(arg.start),
          label: `${name}:`,
          kind: InlayHintKind.Parameter,
          paddingRight: true,
        });
      });
    });
  }

  if (options.bindingTypes) {
    const types = bindingTypes(analysis.program, analysis.imported, functions);
    for (const fn of functions) {
      // A rebinding keeps the type its name already has: only first bindings get a hint.
      const bound = new Set(fn.params.map((p) => p.name.text));
      forEachNode(fn.body, (n) => {
        if (isParam(n) || isArm(n)) return;
        const names = n.kind === 'Bind' ? [n.name] : n.kind === 'Destructure' ? n.names : n.kind === 'ForEach' ? [n.binding] : [];
        for (const name of names) {
          const first = !bound.has(name.text);
          bound.add(name.text);
          if (!first || (n.kind === 'Bind' && OBVIOUS.has(n.value.kind))) continue;
          const t = types.get(name.start);
          if (t === undefined || !inside(t.end)) continue;
          hints.push({ at: t.end, position: index.toPosition0(t.end), label: `:${t.type}`, kind: InlayHintKind.Type });
        }
      });
    }
  }

  hints.sort((a, b) => a.at - b.at);
  return hints.map(({ at: _at, ...hint }) => hint);
}

/** An argument that already shows the parameter's name: a variable (or bare name) spelled the same. */
function saysItself(arg: Expr, name: string): boolean {
  if (arg.kind === 'Ref') return arg.name === name;
  if (arg.kind === 'Call') return arg.args.length === 0 && arg.unwrap === 'none' && arg.callee.text === name;
  return false;
}

/** Parameter names of what a call calls, by argument position. */
class ParamNames {
  private readonly decls = new Map<string, Decl>();
  private readonly builtins: BuiltinTable;

  constructor(analysis: FileAnalysis) {
    this.builtins = levelById(analysis.program.level ?? '0.11').builtins;
    for (const { decl } of visibleDecls(analysis.program, analysis.importedLocated)) {
      const name = declName(decl)?.text;
      if (name === undefined) continue;
      const had = this.decls.get(name);
      if (had === undefined || (had.kind === 'ErrorDecl' && decl.kind !== 'ErrorDecl')) this.decls.set(name, decl);
    }
  }

  of(call: CallExpr): Array<string | undefined> {
    const d = this.decls.get(call.callee.text);
    if (d?.kind === 'FunctionDecl' || d?.kind === 'ToolDecl') return d.params.map((p) => p.name.text);
    if (d?.kind === 'ErrorDecl' && (d.intended === 'function' || d.intended === 'tool')) return (d.params ?? []).map((p) => p.name.text);
    if (d !== undefined) return [];
    const b = this.builtins.lookup(call.callee.text);
    // One argument to a builtin (`len xs`, `str n`): its name adds nothing.
    if (!b || call.args.length < 2) return [];
    const sigs = signaturesForArity(b, call.args.length);
    const names: Array<string | undefined> = [];
    for (let i = 0; i < call.args.length; i++) {
      const at = sigs.map((s) => s.params[i]?.name);
      names.push(at.length > 0 && at.every((x) => x !== undefined && x === at[0]) ? at[0] : undefined);
    }
    return names;
  }
}
