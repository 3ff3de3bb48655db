// LSP glue for formatting: textDocument/formatting and rangeFormatting. The
// style comes from the `ilo.format.style` setting of the document's folder
// (workspace/configuration), read at each request; a file that does not
// parse is refused with a RequestFailed error that says where.

import { LSPErrorCodes, ResponseError, type Connection, type ServerCapabilities } from 'vscode-languageserver/node';
import type { TextEdit } from 'vscode-languageserver';
import type { LanguageService } from '../service/languageService';
import { formatStyleSetting, type FormattingOutcome } from '../service/formatting';
import type { FormatStyle } from '../format';

export const FORMATTING_CAPABILITIES: Pick<ServerCapabilities, 'documentFormattingProvider' | 'documentRangeFormattingProvider'> = {
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
};

/**
 * `settings.canPull`: whether the client answers workspace/configuration;
 * else the style comes from the settings it pushed (`settings.pushed`).
 */
export function registerFormatting(
  connection: Connection,
  service: LanguageService,
  settings: { canPull: () => boolean; pushed: () => { style?: unknown } | undefined },
): void {
  const styleFor = async (uri: string): Promise<FormatStyle> => {
    if (!settings.canPull()) return formatStyleSetting(settings.pushed()?.style);
    try {
      const cfg = (await connection.workspace.getConfiguration({ scopeUri: uri, section: 'ilo.format' })) as { style?: unknown } | null;
      return formatStyleSetting(cfg?.style);
    } catch {
      return 'expanded';
    }
  };
  const answer = (uri: string, run: () => FormattingOutcome): TextEdit[] => {
    let out: FormattingOutcome;
    try {
      out = run();
    } catch (err) {
      connection.console.error(`ilo: formatting ${uri} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return [];
    }
    if ('refused' in out) throw new ResponseError(LSPErrorCodes.RequestFailed, out.refused);
    return out.edits;
  };
  connection.onDocumentFormatting(async (p) => {
    const style = await styleFor(p.textDocument.uri);
    return answer(p.textDocument.uri, () => service.format(p.textDocument.uri, style));
  });
  connection.onDocumentRangeFormatting(async (p) => {
    const style = await styleFor(p.textDocument.uri);
    return answer(p.textDocument.uri, () => service.formatRange(p.textDocument.uri, p.range, style));
  });
}
