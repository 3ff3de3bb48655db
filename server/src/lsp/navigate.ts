// LSP glue for the navigation features: their capabilities and one thin
// handler per request, each answering "nothing" rather than failing when the
// core throws (through `safely`).

import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { LanguageService } from '../service/languageService';

export const NAVIGATION_CAPABILITIES: ServerCapabilities = {
  // Arguments are space separated; `(` starts a nested call. `)` leaves one, back to the outer call.
  signatureHelpProvider: { triggerCharacters: [' ', '('], retriggerCharacters: [')'] },
  callHierarchyProvider: true,
  workspaceSymbolProvider: true,
  foldingRangeProvider: true,
  selectionRangeProvider: true,
};

export type Safely = <T>(fallback: T, f: () => T) => T;

export function registerNavigation(connection: Connection, service: LanguageService, safely: Safely): void {
  connection.onSignatureHelp((p) => safely(null, () => service.signatureHelp(p.textDocument.uri, p.position) ?? null));
  connection.languages.callHierarchy.onPrepare((p) => safely(null, () => {
    const items = service.prepareCallHierarchy(p.textDocument.uri, p.position);
    return items.length > 0 ? items : null;
  }));
  connection.languages.callHierarchy.onIncomingCalls((p) => safely(null, () => service.incomingCalls(p.item)));
  connection.languages.callHierarchy.onOutgoingCalls((p) => safely(null, () => service.outgoingCalls(p.item)));
  connection.onWorkspaceSymbol((p) => safely([], () => service.workspaceSymbols(p.query)));
  connection.onFoldingRanges((p) => safely([], () => service.foldingRanges(p.textDocument.uri)));
  connection.onSelectionRanges((p) => safely([], () => service.selectionRanges(p.textDocument.uri, p.positions)));
}
