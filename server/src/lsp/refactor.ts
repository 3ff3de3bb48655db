// LSP handlers for references, document highlights, rename (with
// prepareRename) and go to type definition: thin adapters over the
// LanguageService facade. A refused rename reaches the client as the
// ResponseError the service threw (its message is what the user reads); any
// other failure is logged and answers "nothing".

import { ResponseError, type Connection, type ServerCapabilities } from 'vscode-languageserver/node';
import type { LanguageService } from '../service/languageService';

export const refactorCapabilities: ServerCapabilities = {
  referencesProvider: true,
  documentHighlightProvider: true,
  renameProvider: { prepareProvider: true },
  typeDefinitionProvider: true,
};

export function registerRefactorHandlers(connection: Connection, service: LanguageService): void {
  const answer = <T>(fallback: T, f: () => T): T => {
    try {
      return f();
    } catch (err) {
      if (err instanceof ResponseError) throw err;
      connection.console.error(`ilo: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return fallback;
    }
  };
  connection.onReferences((p) => answer([], () => service.references(p.textDocument.uri, p.position, p.context?.includeDeclaration !== false)));
  connection.onDocumentHighlight((p) => answer([], () => service.documentHighlights(p.textDocument.uri, p.position)));
  connection.onPrepareRename((p) => answer(null, () => service.prepareRename(p.textDocument.uri, p.position) ?? null));
  connection.onRenameRequest((p) => answer(null, () => service.rename(p.textDocument.uri, p.position, p.newName) ?? null));
  connection.onTypeDefinition((p) => answer([], () => service.typeDefinition(p.textDocument.uri, p.position)));
}
