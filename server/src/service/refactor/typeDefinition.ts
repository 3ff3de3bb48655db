// Go to type definition: from a parameter, a local binding or a field to the
// record types (and aliases) its type names — `p:pt` goes to `type pt`,
// `q=mk 1` to the record `mk` returns, `xs:L pt` to `pt`.

import type { Location } from 'vscode-languageserver';
import type { Decl } from '../../syntax/ast';
import { namedRefs } from '../../check/typeExprs';
import type { Ty } from '../../check/types';
import { declSymbolKind, namespaceOf, type ResolvedSymbol } from '../../query/symbolIdentity';
import { rangeOf } from '../lspDiagnostics';
import type { ProjectFile, ProjectView } from './project';
import { declName } from '../../query/symbols';

export function typeDefinitionAt(view: ProjectView, here: ProjectFile, offset: number): Location[] {
  const at = here.symbols.at(offset);
  if (!at) return [];
  const out: Location[] = [];
  const seen = new Set<string>();
  for (const name of typeNamesOf(at.symbol)) {
    if (seen.has(name)) continue;
    seen.add(name);
    const found = visibleType(here, name);
    const foundName = found && declName(found.decl);
    if (!found || !foundName) continue;
    const { start, end } = foundName;
    if (found.file === here.path) {
      out.push({ uri: here.uri, range: rangeOf(here.index, start, end) });
      continue;
    }
    const other = view.file(found.file);
    if (other) out.push({ uri: other.uri, range: rangeOf(other.index, start, end) });
  }
  return out;
}

/** The type names a symbol's type mentions, outermost first. */
function typeNamesOf(s: ResolvedSymbol): string[] {
  switch (s.kind) {
    case 'param':
    case 'field':
      return s.typeExpr ? namedRefs(s.typeExpr) : [];
    case 'local':
      if (s.typeExpr) return namedRefs(s.typeExpr);
      return s.ty ? namedIn(s.ty) : [];
    case 'type':
    case 'alias':
      return [s.name];
    default:
      return [];
  }
}

function namedIn(t: Ty, out: string[] = [], depth = 0): string[] {
  if (depth > 50) return out;
  switch (t.kind) {
    case 'named':
      out.push(t.name);
      break;
    case 'opt':
      namedIn(t.inner, out, depth + 1);
      break;
    case 'list':
      namedIn(t.elem, out, depth + 1);
      break;
    case 'map':
      namedIn(t.key, out, depth + 1);
      namedIn(t.value, out, depth + 1);
      break;
    case 'result':
      namedIn(t.ok, out, depth + 1);
      namedIn(t.err, out, depth + 1);
      break;
    case 'fn':
      for (const p of t.params) namedIn(p, out, depth + 1);
      namedIn(t.ret, out, depth + 1);
      break;
    default:
      break;
  }
  return out;
}

/** The record type or alias a name means in this file (its own declarations first, then imports). */
function visibleType(here: ProjectFile, name: string): { decl: Decl; file: string } | undefined {
  const isType = (d: Decl): boolean => {
    const k = declSymbolKind(d);
    return k !== undefined && namespaceOf(k) === 'type' && declName(d)?.text === name;
  };
  const own = here.analysis.program.decls.find(isType);
  if (own) return { decl: own, file: here.path };
  const imported = here.analysis.importedLocated.find((l) => isType(l.decl));
  return imported && { decl: imported.decl, file: imported.file ?? here.path };
}
