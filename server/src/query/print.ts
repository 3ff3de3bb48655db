// Renders types and declaration headers back to ilo syntax, for hover,
// completion details and messages.

import type { Decl, Param, TypeExpr } from '../syntax/ast';

/** `L n`, `R (L n) t`, `F n t`, `S red green` … compound arguments parenthesised. */
export function typeToString(t: TypeExpr): string {
  const arg = (x: TypeExpr): string => {
    const s = typeToString(x);
    return isCompound(x) ? `(${s})` : s;
  };
  switch (t.kind) {
    case 'PrimType':
      return t.name;
    case 'NamedType':
      return t.name;
    case 'ListType':
      return `L ${arg(t.elem)}`;
    case 'OptType':
      return `O ${arg(t.inner)}`;
    case 'MapType':
      return `M ${arg(t.key)} ${arg(t.value)}`;
    case 'ResultType':
      return `R ${arg(t.ok)} ${arg(t.err)}`;
    case 'SumType':
      return `S ${t.variants.map((v) => v.text).join(' ')}`;
    case 'FnType':
      return `F ${[...t.params, t.ret].map(arg).join(' ')}`;
  }
}

function isCompound(t: TypeExpr): boolean {
  return t.kind !== 'PrimType' && t.kind !== 'NamedType';
}

export function paramsToString(params: readonly Param[]): string {
  return params.map((p) => `${p.name.text}:${typeToString(p.type)}`).join(' ');
}

/** The header of a declaration as it would be written (without the body). */
export function declSignature(d: Decl): string {
  switch (d.kind) {
    case 'FunctionDecl': {
      const ps = paramsToString(d.params);
      return `${d.name.text}${ps ? ' ' + ps : ''}>${typeToString(d.returnType)}`;
    }
    case 'ToolDecl': {
      const ps = paramsToString(d.params);
      const opts = [d.timeout ? `timeout:${d.timeout.raw}` : '', d.retry ? `retry:${d.retry.raw}` : ''].filter(Boolean).join(',');
      return `tool ${d.name.text}${JSON.stringify(d.description.value)}${ps ? ' ' + ps : ''}>${typeToString(d.returnType)}${opts ? ' ' + opts : ''}`;
    }
    case 'TypeDecl':
      return `type ${d.name.text}{${d.fields.map((f) => `${f.name.text}:${typeToString(f.type)}`).join(';')}}`;
    case 'AliasDecl':
      return `alias ${d.name.text} ${typeToString(d.target)}`;
    case 'UseDecl':
      return `use ${JSON.stringify(d.path.value)}${d.only ? ` [${d.only.map((n) => n.text).join(' ')}]` : ''}`;
    case 'ErrorDecl':
      return d.name ? `${d.name.text} (does not parse)` : '(does not parse)';
  }
}
