// LSP glue for the display features (service/display/): semantic tokens,
// inlay hints, token-cost code lenses and `use` document links. Registers
// the handlers, says which capabilities they add, reads their settings and
// asks the client to refresh what it shows after each edit (a lens or hint
// can change when another file changes, and the manifest lens counts what a
// file uses).

import type { ClientCapabilities, Connection, ServerCapabilities, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import { SEMANTIC_TOKENS_LEGEND, type DisplaySettings } from '../service/display';

/** How long after the last edit the client is asked to refresh lenses, hints and tokens. */
const REFRESH_DELAY_MS = 300;

/** The `ilo` settings section, as far as the display features read it. */
export interface DisplayConfig {
  inlayHints?: { parameterNames?: boolean; bindingTypes?: boolean };
  export?: { includeBehavior?: boolean };
}

export interface DisplayFeatures {
  /** The capabilities to announce in `initialize`, given what the client supports. */
  capabilities(client: ClientCapabilities): ServerCapabilities;
  /** Applies the settings; refreshes the hints and lenses when they change what is shown. */
  configure(config: DisplayConfig | null | undefined): void;
}

export function registerDisplay(connection: Connection, documents: TextDocuments<TextDocument>, service: LanguageService): DisplayFeatures {
  let refresh = { codeLens: false, inlayHint: false, semanticTokens: false };
  let timer: NodeJS.Timeout | undefined;

  const log = (err: unknown): void => connection.console.error(`ilo: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  /** Feature requests answer "nothing" rather than fail when the core throws. */
  const safely = <T>(fallback: T, f: () => T): T => {
    try {
      return f();
    } catch (err) {
      log(err);
      return fallback;
    }
  };

  const refreshNow = (): void => {
    timer = undefined;
    if (refresh.codeLens) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    if (refresh.inlayHint) void connection.sendRequest('workspace/inlayHint/refresh').catch(() => undefined);
    if (refresh.semanticTokens) void connection.sendRequest('workspace/semanticTokens/refresh').catch(() => undefined);
  };
  const scheduleRefresh = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(refreshNow, REFRESH_DELAY_MS);
  };

  documents.onDidChangeContent(scheduleRefresh);
  documents.onDidClose((e) => service.forgetDisplay(e.document.uri));
  connection.languages.semanticTokens.on((p) => safely({ data: [] }, () => service.semanticTokens(p.textDocument.uri)));
  connection.languages.semanticTokens.onDelta((p) =>
    safely({ data: [] }, () => service.semanticTokensDelta(p.textDocument.uri, p.previousResultId)),
  );
  connection.languages.semanticTokens.onRange((p) => safely({ data: [] }, () => service.semanticTokensRange(p.textDocument.uri, p.range)));
  connection.languages.inlayHint.on((p) => safely([], () => service.inlayHints(p.textDocument.uri, p.range)));
  connection.onCodeLens(async (p) => {
    try {
      return await service.codeLenses(p.textDocument.uri);
    } catch (err) {
      log(err);
      return [];
    }
  });
  connection.onDocumentLinks((p) => safely([], () => service.documentLinks(p.textDocument.uri)));

  return {
    capabilities(client) {
      const ws = client.workspace;
      refresh = {
        codeLens: ws?.codeLens?.refreshSupport === true,
        inlayHint: ws?.inlayHint?.refreshSupport === true,
        semanticTokens: ws?.semanticTokens?.refreshSupport === true,
      };
      return {
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true }, range: true },
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentLinkProvider: { resolveProvider: false },
      };
    },
    configure(config) {
      // Settings pushed by other clients are not typed by a schema: only booleans count.
      const flag = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
      const settings: DisplaySettings = {
        parameterNameHints: flag(config?.inlayHints?.parameterNames),
        bindingTypeHints: flag(config?.inlayHints?.bindingTypes),
        includeBehavior: flag(config?.export?.includeBehavior),
      };
      if (service.configureDisplay(settings)) scheduleRefresh();
    },
  };
}
