// Renders declaration headers back to ilo syntax (types through the one
// type printer, syntax/typeText), for hover, symbols and completion details.

import type { Decl, Param, TypeParam } from '../syntax/ast';
import { typeText } from '../syntax/typeText';

export function paramsToString(params: readonly Param[]): string {
  return params.map((p) => `${p.name.text}:${typeText(p.type)}`).join(' ');
}

/** `a:comparable b` (generic parameters as written between `<` and `>`). */
export function typeParamsToString(tps: readonly TypeParam[]): string {
  return tps.map((t) => (t.bounds ? `${t.name.text}:${t.bounds.map((b) => b.text).join('+')}` : t.name.text)).join(' ');
}

/** The header of a declaration as it would be written (without the body). */
export function declSignature(d: Decl): string {
  switch (d.kind) {
    case 'FunctionDecl': {
      const ps = paramsToString(d.params);
      const tps = d.typeParams && d.typeParams.length > 0 ? `<${typeParamsToString(d.typeParams)}>` : '';
      const errs = d.errorSet ? ` ^${d.errorSet.map((n) => n.text).join('|')}` : '';
      const effects = d.effects ? d.effects.map((e) => ` /${e.name.text}`).join('') : '';
      return `${d.name.text}${tps}${ps ? ' ' + ps : ''}>${typeText(d.returnType)}${errs}${effects}`;
    }
    case 'ToolDecl': {
      const ps = paramsToString(d.params);
      const opts = [d.timeout ? `timeout:${d.timeout.raw}` : '', d.retry ? `retry:${d.retry.raw}` : ''].filter(Boolean).join(',');
      return `tool ${d.name.text}${JSON.stringify(d.description.value)}${ps ? ' ' + ps : ''}>${typeText(d.returnType)}${opts ? ' ' + opts : ''}`;
    }
    case 'TypeDecl':
      return `type ${d.name.text}{${d.fields.map((f) => `${f.name.text}:${typeText(f.type)}`).join(';')}}`;
    case 'SumTypeDecl': {
      const tps = d.typeParams.length > 0 ? `<${typeParamsToString(d.typeParams)}>` : '';
      const vs = d.variants.map((v) => (v.payload ? `${v.name.text}(${typeText(v.payload)})` : v.name.text));
      return `type ${d.name.text}${tps} = ${vs.join(' | ')}`;
    }
    case 'TestDecl':
      return `test ${d.target.text}`;
    case 'AliasDecl':
      return `alias ${d.name.text} ${typeText(d.target)}`;
    case 'UseDecl': {
      const prefix = d.reexport ? 're:' : d.alias ? `${d.alias.text}:` : '';
      return `use ${prefix}${JSON.stringify(d.path.value)}${d.only ? ` [${d.only.map((n) => n.text).join(' ')}]` : ''}`;
    }
    case 'ErrorDecl':
      return d.name ? `${d.name.text} (does not parse)` : '(does not parse)';
  }
}
