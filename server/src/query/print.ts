// Renders declaration headers back to ilo syntax (types through the one
// type printer, syntax/typeText), for hover, symbols and completion details.

import type { Decl, Param } from '../syntax/ast';
import { typeText } from '../syntax/typeText';

export function paramsToString(params: readonly Param[]): string {
  return params.map((p) => `${p.name.text}:${typeText(p.type)}`).join(' ');
}

/** The header of a declaration as it would be written (without the body). */
export function declSignature(d: Decl): string {
  switch (d.kind) {
    case 'FunctionDecl': {
      const ps = paramsToString(d.params);
      return `${d.name.text}${ps ? ' ' + ps : ''}>${typeText(d.returnType)}`;
    }
    case 'ToolDecl': {
      const ps = paramsToString(d.params);
      const opts = [d.timeout ? `timeout:${d.timeout.raw}` : '', d.retry ? `retry:${d.retry.raw}` : ''].filter(Boolean).join(',');
      return `tool ${d.name.text}${JSON.stringify(d.description.value)}${ps ? ' ' + ps : ''}>${typeText(d.returnType)}${opts ? ' ' + opts : ''}`;
    }
    case 'TypeDecl':
      return `type ${d.name.text}{${d.fields.map((f) => `${f.name.text}:${typeText(f.type)}`).join(';')}}`;
    case 'AliasDecl':
      return `alias ${d.name.text} ${typeText(d.target)}`;
    case 'UseDecl':
      return `use ${JSON.stringify(d.path.value)}${d.only ? ` [${d.only.map((n) => n.text).join(' ')}]` : ''}`;
    case 'ErrorDecl':
      return d.name ? `${d.name.text} (does not parse)` : '(does not parse)';
  }
}
