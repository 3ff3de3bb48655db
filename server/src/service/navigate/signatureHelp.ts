// Signature help: inside a call, the callee's parameters with the one being
// written highlighted. User functions and tools show their header, their doc
// prose and each parameter's `@param` description; builtins show every
// overload from the builtin table, the one that fits the arguments so far
// selected.

import { MarkupKind, type ParameterInformation, type SignatureHelp, type SignatureInformation } from 'vscode-languageserver';
import type { Decl, Param } from '../../syntax/ast';
import type { Builtin } from '../../syntax/builtins';
import { typeText } from '../../syntax/typeText';
import { parseAnnotations } from '../../schema/annotations';
import { activeCallAt, type ActiveCall } from './activeCall';
import { meaningAt, type Meaning, type NavFile } from './nameAt';
import { declName } from '../../query/symbols';

/** Parameters and return type of whatever a callee names, when it can be called. */
function callableShape(m: Meaning): { params: readonly Param[]; decl: Decl } | { builtin: Builtin } | undefined {
  if (m.kind === 'builtin') return { builtin: m.builtin };
  if (m.kind !== 'decl') return undefined;
  const d = m.decl;
  if (d.kind === 'FunctionDecl' || d.kind === 'ToolDecl') return { params: d.params, decl: d };
  if (d.kind === 'ErrorDecl' && d.params && (d.intended === 'function' || d.intended === 'tool')) return { params: d.params, decl: d };
  return undefined;
}

function arityOf(file: NavFile, offset: number): number | undefined {
  const m = meaningAt(file, offset);
  const shape = m && callableShape(m.meaning);
  if (!shape) return undefined;
  if ('builtin' in shape) return shape.builtin.variadic ? Infinity : Math.max(0, ...shape.builtin.arities);
  return shape.params.length;
}

/** Builds `name a:T b:T>R` and remembers where each parameter sits in it. */
function labelWithParams(name: string, params: ReadonlyArray<{ text: string; doc?: string }>, returns: string): SignatureInformation {
  let label = name;
  const parameters: ParameterInformation[] = [];
  for (const p of params) {
    label += ' ';
    const start = label.length;
    label += p.text;
    const info: ParameterInformation = { label: [start, label.length] };
    if (p.doc) info.documentation = { kind: MarkupKind.Markdown, value: p.doc };
    parameters.push(info);
  }
  label += `>${returns}`;
  return { label, parameters };
}

function declSignature(decl: Decl, params: readonly Param[]): SignatureInformation {
  const notes = decl.kind === 'FunctionDecl' || decl.kind === 'ToolDecl' ? parseAnnotations(decl.doc, decl).annotations : undefined;
  const returns = decl.kind === 'FunctionDecl' || decl.kind === 'ToolDecl' || decl.kind === 'ErrorDecl' ? decl.returnType : undefined;
  const name = declName(decl)?.text ?? '';
  const info = labelWithParams(
    name,
    params.map((p) => ({ text: `${p.name.text}:${typeText(p.type)}`, doc: notes?.properties.get(p.name.text)?.description })),
    returns ? typeText(returns) : '_',
  );
  const docs = [decl.kind === 'ToolDecl' ? decl.description.value : '', notes?.description ?? ''].map((s) => s.trim()).filter((s) => s !== '');
  if (decl.kind === 'ToolDecl') docs.unshift('tool');
  if (docs.length > 0) info.documentation = { kind: MarkupKind.Markdown, value: docs.join('\n\n') };
  return info;
}

function builtinSignatures(b: Builtin): SignatureInformation[] {
  return b.signatures.map((s) => {
    const params = s.params.map((p) => ({ text: `${p.name}:${p.type}` }));
    if (b.variadic) params.push({ text: '…', doc: 'any number of further arguments' } as { text: string; doc?: string });
    const info = labelWithParams(b.name, params, s.returns);
    info.documentation = { kind: MarkupKind.Markdown, value: b.doc };
    return info;
  });
}

/** The overload to select: the first with room for every argument written so far and the one being written. */
function pickOverload(signatures: readonly SignatureInformation[], call: ActiveCall): number {
  const needed = Math.max(call.written.length, call.activeArg + 1);
  const fits = signatures.findIndex((s) => (s.parameters?.length ?? 0) >= needed);
  if (fits >= 0) return fits;
  let widest = 0;
  signatures.forEach((s, i) => {
    if ((s.parameters?.length ?? 0) > (signatures[widest].parameters?.length ?? 0)) widest = i;
  });
  return widest;
}

export function signatureHelpAt(file: NavFile, offset: number): SignatureHelp | undefined {
  const call = activeCallAt(file.program.decls, file.text, offset, (at) => arityOf(file, at));
  if (!call) return undefined;
  const m = meaningAt(file, call.calleeOffset);
  const shape = m && callableShape(m.meaning);
  if (!shape) return undefined;
  const signatures = 'builtin' in shape ? builtinSignatures(shape.builtin) : [declSignature(shape.decl, shape.params)];
  const activeSignature = pickOverload(signatures, call);
  const count = signatures[activeSignature].parameters?.length ?? 0;
  const variadic = 'builtin' in shape && shape.builtin.variadic === true;
  // Past the last parameter of a variadic builtin, the `…` stays highlighted.
  const activeParameter = variadic && count > 0 ? Math.min(call.activeArg, count - 1) : call.activeArg;
  return { signatures, activeSignature, activeParameter };
}
