// LSP glue: wires vscode-languageserver to the LanguageService facade. Every
// handler is a thin adapter; the work happens in ./service and the core.

import { parseLevelPreference, resolvePreference, type LanguageLevel } from './level';
import { installedIloVersion } from './level/installed';
import {
  CodeActionKind,
  DiagnosticSeverity,
  FileChangeType,
  Message,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { editorDocuments } from './lsp/editorDocument';
import { LanguageService, type PublishedDiagnostics } from './service/languageService';
import { ChangeBatch } from './service/changeBatch';
import { schemaHoverSections } from './service/schemaHover';
import { uriToPath } from './service/documents';
import { EXPORT_FORMATS, type ExportFormat } from './service/exports';
import type { CollisionScope } from './contracts';
import { planImport, verifyAgainstServers, type ImportSource } from './service/importWorkflow';
import { refactorCapabilities, registerRefactorHandlers } from './lsp/refactor';
import { NAVIGATION_CAPABILITIES, registerNavigation } from './lsp/navigate';
import { registerDisplay, type DisplayConfig } from './lsp/display';
import { FORMATTING_CAPABILITIES, registerFormatting } from './lsp/formatting';
import { gateRouteRequest } from './gate/routeFile';
import { commandLineConnection } from './lsp/connection';
import { IdleWarmUp } from './lsp/idleWarmUp';
import { declName } from './query/symbols';
import { VERSION } from './version';
import { SHOW_LENS_DETAIL_COMMAND } from './service/display/codeLenses';
import * as path from 'node:path';

/** The `ilo` settings section, as far as the server reads it. */
type IloSettings = {
  collisions?: { scope?: CollisionScope };
  check?: { baseline?: unknown };
  format?: { style?: unknown };
  languageVersion?: unknown;
} & DisplayConfig;

const SETTING_KEYS = ['collisions', 'check', 'format', 'inlayHints', 'export', 'trace', 'server', 'mcp', 'languageVersion'];

/**
 * The `ilo` section of settings a client pushed: `{ilo: {…}}`, the section
 * itself (`{collisions: …}`, as some clients send their server config), or
 * dotted keys (`{"ilo.collisions.scope": "workspace"}`). Undefined when the
 * push carries no settings of ours (VS Code without a configuration section
 * sends `null`): then they are pulled.
 */
export function iloSection(pushed: unknown): IloSettings | undefined {
  if (pushed === null || typeof pushed !== 'object' || Array.isArray(pushed)) return undefined;
  const o = pushed as Record<string, unknown>;
  if (Object.hasOwn(o, 'ilo') && o.ilo !== null && typeof o.ilo === 'object' && !Array.isArray(o.ilo)) return o.ilo as IloSettings;
  const dotted = Object.keys(o).filter((k) => k.startsWith('ilo.'));
  if (dotted.length > 0) {
    const out: Record<string, unknown> = Object.create(null);
    for (const k of dotted) {
      const parts = k.split('.').slice(1);
      if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype' || p === '')) continue;
      let at = out;
      for (const part of parts.slice(0, -1)) {
        if (!Object.hasOwn(at, part) || at[part] === null || typeof at[part] !== 'object') at[part] = Object.create(null);
        at = at[part] as Record<string, unknown>;
      }
      at[parts[parts.length - 1]] = o[k];
    }
    return out as IloSettings;
  }
  return SETTING_KEYS.some((k) => Object.hasOwn(o, k)) ? (o as IloSettings) : undefined;
}

/** Commands the client invokes through `workspace/executeCommand`. */
export const SERVER_COMMANDS = {
  /** `[{uri, format, includeBehavior?, baseUrl? (a2a)}]` → ExportResult (content to write, tool count, what was left out or relaxed). */
  export: 'ilo.server.export',
  /** `[{uri}]` → `{tools, used, level, pragma?, levelSource}` for the status bar (tools and the file's language level). */
  toolCount: 'ilo.server.toolCount',
  /** `[{source: ImportSource, targetUri?}]` → the ilo source, the lock update and what it replaces. */
  importPlan: 'ilo.server.importPlan',
  /** `[{configPath, lockPath}]` → re-lists pinned servers; drift is published as diagnostics. */
  verify: 'ilo.server.verify',
  /** `[{configPath, server?, cliPath?, lockPath?}]` → the config's entries, or the rewrite that routes one through `ilo-ls gate`. */
  gateRoute: 'ilo.server.gateRoute',
  /** `[{title, detail}]` (the arguments of a token lens) → shows the detail as an information message; returns it. */
  showLensDetail: SHOW_LENS_DETAIL_COMMAND,
} as const;

export function startServer(connectionFor: (beforeMessage: (message: Message) => void) => Connection = serverConnection): void {
  const documents = new TextDocuments(editorDocuments);
  const service = new LanguageService(schemaHoverSections);
  let configurationSupport = false;
  /** The settings last applied, and the ones the client gave at initialization. */
  let settings: IloSettings = {};
  let initialSettings: IloSettings | undefined;
  let workspaceRoot: string | undefined;
  let baselineFile: string | undefined;
  // Changes are analysed once the queue of incoming messages is drained: a
  // burst of keystrokes is one analysis, published for the latest version.
  const changes = new ChangeBatch((uris, settling) => {
    for (const uri of uris) analyseLatest(uri, settling);
  });
  // The first large document opened is rehearsed in idle time (service/rehearsal.ts).
  const warmUp = new IdleWarmUp({
    report: (err) => connection.console.error(`ilo: internal error while rehearsing edits: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
    ended: (o) =>
      connection.console.log(
        `ilo: rehearsed edits in idle time to warm up the edit path: ${o.analyses} analyses in ${Math.round(o.ms)} ms${o.interrupted ? ', cut short by a message' : ''}`,
      ),
  });
  const connection = connectionFor((message) => {
    // Nothing a handler reads may come from a rehearsal.
    warmUp.interrupt();
    changes.messageHandled();
    // A request about a document answers for its latest text: a change
    // still waiting in the batch is analysed first, whichever handler
    // (here or in lsp/) answers it.
    const uri = requestDocument(message);
    if (uri !== undefined) changes.settle(uri);
  });
  const analyseLatest = (uri: string, settling: boolean): void => {
    const doc = documents.get(uri);
    if (!doc) return;
    guarded(uri, () => service.setDocument(uri, doc.getText(), doc.version));
    // Not under a request that settles this document: its handler is about to read it.
    if (!settling) warmUp.analysed(() => service.rehearsal(uri));
  };
  /** Before answering a command about `uri`, analyse its pending change (requests with a textDocument are settled by the connection). */
  const current = (uri: string): string => {
    changes.settle(uri);
    return uri;
  };
  const display = registerDisplay(connection, documents, service);

  const publish = (items: PublishedDiagnostics[]): void => {
    for (const item of items) void connection.sendDiagnostics(item);
  };

  /** Runs an analysis step; a bug in the core becomes one visible diagnostic, never a dead server. */
  const guarded = (uri: string, step: () => PublishedDiagnostics[]): void => {
    try {
      publish(step());
    } catch (err) {
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      connection.console.error(`ilo: internal error while analysing ${uri}: ${message}`);
      publish([
        {
          uri,
          diagnostics: [
            {
              range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
              severity: DiagnosticSeverity.Error,
              source: 'ilo-ls',
              code: 'internal-error',
              message: `The ilo language server failed on this file (see the ilo output channel): ${String(err)}`,
            },
          ],
        },
      ]);
    }
  };

  // The level of files without a pragma: `ilo.languageVersion` (or the
  // initialization option `languageVersion` for editors without settings),
  // `auto` meaning the version of an `ilo` on PATH (asked once), else 26.
  let installedIlo: { version: string | undefined } | undefined;
  const levelFor = (value: unknown): LanguageLevel => {
    const pref = parseLevelPreference(typeof value === 'string' ? value : undefined) ?? 'auto';
    if (pref === 'auto') installedIlo ??= { version: installedIloVersion() };
    return resolvePreference(pref, installedIlo?.version);
  };

  // The initialization option, kept for when the client's settings do not name a level.
  let initLevel: unknown;
  connection.onInitialize((params): InitializeResult => {
    configurationSupport = params.capabilities.workspace?.configuration === true;
    const init = params.initializationOptions as { languageVersion?: unknown } | null | undefined;
    initialSettings = iloSection(params.initializationOptions);
    // `{languageVersion}` (editors without settings) or the `ilo` section's `languageVersion`.
    initLevel = init?.languageVersion ?? initialSettings?.languageVersion;
    service.configure({ level: levelFor(initLevel) });
    const folders = params.workspaceFolders?.map((f) => uriToPath(f.uri)) ?? (params.rootUri ? [uriToPath(params.rootUri)] : []);
    const local = folders.filter((f) => f.startsWith('/') || /^[A-Za-z]:/.test(f));
    workspaceRoot = local[0];
    service.setWorkspaceFolders(local);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        definitionProvider: true,
        documentSymbolProvider: true,
        completionProvider: { triggerCharacters: ['.', ':', '>'] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: Object.values(SERVER_COMMANDS) },
        ...refactorCapabilities,
        ...NAVIGATION_CAPABILITIES,
        ...display.capabilities(params.capabilities),
        ...FORMATTING_CAPABILITIES,
      },
      serverInfo: { name: 'ilo-ls', version: VERSION },
    };
  });

  /** Applies the `ilo` settings section, however it came (pulled, pushed or in the initialization options). */
  const applySettings = (cfg: IloSettings | null): void => {
    settings = cfg ?? {};
    // A setting that is absent (a client without `ilo.languageVersion`) leaves the initialization option in force.
    const level = levelFor(cfg?.languageVersion ?? initLevel);
    publish(service.configure({ collisionScope: cfg?.collisions?.scope, level }));
    display.configure(cfg);
    const wanted = typeof cfg?.check?.baseline === 'string' && cfg.check.baseline.trim() !== '' ? cfg.check.baseline.trim() : undefined;
    const file = wanted === undefined ? undefined : path.resolve(workspaceRoot ?? process.cwd(), wanted);
    if (file !== baselineFile) {
      baselineFile = file;
      const { publish: changed, problem } = service.setBaselineFile(file);
      publish(changed);
      if (problem) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `ilo: the baseline (ilo.check.baseline) is not applied: ${problem}` });
    }
  };
  const pullSettings = async (): Promise<void> => {
    if (!configurationSupport) return;
    applySettings((await connection.workspace.getConfiguration('ilo')) as IloSettings | null);
  };
  const reportSettingsError = (err: unknown): void => connection.console.error(`ilo: cannot read settings: ${String(err)}`);
  connection.onInitialized(() => {
    if (configurationSupport) void pullSettings().catch(reportSettingsError);
    else if (initialSettings) applySettings(initialSettings);
  });
  // Clients push the settings (Neovim, Helix, VS Code with a configuration section)
  // or only say that they changed (then they are pulled).
  connection.onDidChangeConfiguration((params) => {
    const pushed = iloSection(params.settings);
    if (pushed) applySettings(pushed);
    else void pullSettings().catch(reportSettingsError);
  });

  connection.onExecuteCommand(async (params) => {
    const arg = (params.arguments?.[0] ?? {}) as {
      uri?: string;
      format?: string;
      includeBehavior?: boolean;
      baseUrl?: string;
      source?: ImportSource;
      targetUri?: string;
      configPath?: string;
      lockPath?: string;
    };
    const analysisOf = (uri: string | undefined) => {
      if (!uri) throw new Error(`${params.command}: a document uri is required`);
      const analysis = service.getAnalysis(current(uri));
      if (!analysis) throw new Error(`${params.command}: ${uri} is not open in the ilo language server`);
      return analysis;
    };
    switch (params.command) {
      case SERVER_COMMANDS.export: {
        analysisOf(arg.uri);
        const format = (arg.format ?? 'mcp') as ExportFormat;
        if (!EXPORT_FORMATS.includes(format)) throw new Error(`unknown export format '${arg.format}'`);
        return service.exportTools(arg.uri!, format, arg.includeBehavior !== false, { baseUrl: arg.baseUrl });
      }
      case SERVER_COMMANDS.toolCount:
        analysisOf(arg.uri);
      {
        const count = service.toolCount(arg.uri!);
        const level = service.languageLevel(arg.uri!);
        return { tools: count.own, used: count.used, level: level?.level, pragma: level?.pragma, levelSource: level?.source };
      }
      case SERVER_COMMANDS.importPlan: {
        if (!arg.source) throw new Error('importPlan: a source is required');
        const target = arg.targetUri ? service.getAnalysis(current(arg.targetUri)) : undefined;
        const taken = target ? target.program.decls.flatMap((d) => {
              const n = declName(d);
              return n ? [n.text] : [];
            }) : [];
        const plan = await planImport(arg.source, arg.targetUri ? uriToPath(arg.targetUri) : undefined, taken);
        return {
          server: plan.server,
          source: plan.result.source,
          tools: plan.result.tools.map((t) => ({ wire: t.wire, ilo: t.ilo, status: t.status })),
          problems: plan.result.problems,
          lint: plan.result.lint.map((f) => ({ code: f.code, tool: f.toolName, message: f.message })),
          lockPath: plan.lockPath,
          lockText: plan.lockText,
          lockChange: plan.lockChange,
          replacesPins: plan.replacesPins,
        };
      }
      case SERVER_COMMANDS.verify: {
        if (!arg.configPath || !arg.lockPath) throw new Error('verify: configPath and lockPath are required');
        const outcome = await verifyAgainstServers(arg.lockPath, arg.configPath);
        publish(service.setDrift(outcome.byFile, outcome.texts));
        return {
          checked: outcome.checked,
          findings: [...outcome.byFile.values()].reduce((n, d) => n + d.length, 0),
          failures: outcome.failures.map((f) => f.message),
          notConfigured: outcome.notConfigured,
          unplaced: [...outcome.unplaced, ...outcome.missingDeclarations],
        };
      }
      case SERVER_COMMANDS.showLensDetail: {
        const lens = params.arguments?.[0] as { title?: unknown; detail?: unknown } | undefined;
        const text = [lens?.title, lens?.detail].filter((x): x is string => typeof x === 'string' && x !== '').join(': ').slice(0, 2000);
        if (!text) throw new Error('showLensDetail: a lens title or detail is required');
        // A notification, not showMessageRequest: no client has to answer it.
        void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: text });
        return text;
      }
      case SERVER_COMMANDS.gateRoute: {
        const route = params.arguments?.[0] as { configPath?: string; server?: string; cliPath?: string; lockPath?: string; gateArgs?: string[] } | undefined;
        if (!route?.configPath) throw new Error('gateRoute: configPath is required');
        return gateRouteRequest({ ...route, configPath: route.configPath });
      }
      default:
        throw new Error(`unknown command ${params.command}`);
    }
  });

  documents.onDidChangeContent((e) => changes.changed(e.document.uri));
  documents.onDidClose((e) => {
    changes.drop(e.document.uri);
    guarded(e.document.uri, () => service.closeDocument(e.document.uri));
  });
  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) {
      // Open documents are tracked through their buffers; these events are for files on disk.
      if (documents.get(change.uri)) continue;
      if (change.type === FileChangeType.Created || change.type === FileChangeType.Changed || change.type === FileChangeType.Deleted) {
        guarded(change.uri, () => service.fileChangedOnDisk(change.uri));
      }
    }
  });

  /** Feature requests answer "nothing" rather than fail when the core throws. */
  const safely = <T>(fallback: T, f: () => T): T => {
    try {
      return f();
    } catch (err) {
      connection.console.error(`ilo: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return fallback;
    }
  };
  connection.onHover((p) => safely(null, () => service.hover(p.textDocument.uri, p.position) ?? null));
  connection.onDefinition((p) => safely(null, () => service.definition(p.textDocument.uri, p.position) ?? null));
  connection.onCompletion((p) => safely([], () => service.completion(p.textDocument.uri, p.position)));
  connection.onDocumentSymbol((p) => safely([], () => service.documentSymbols(p.textDocument.uri)));
  connection.onCodeAction((p) => safely([], () => service.codeActions(p.textDocument.uri, p.context.diagnostics)));
  registerRefactorHandlers(connection, service);
  registerNavigation(connection, service, safely);
  registerFormatting(connection, service, { canPull: () => configurationSupport, pushed: () => settings.format });

  documents.listen(connection);
  connection.listen();
}

/** The connection of a server process (transport from the command line); `beforeMessage` sees every message before its handler. */
function serverConnection(beforeMessage: (message: Message) => void): Connection {
  return commandLineConnection({
    messageStrategy: {
      handleMessage(message, next) {
        beforeMessage(message);
        return next(message);
      },
    },
  });
}

/** The document a request is about (`params.textDocument.uri`), if it is a request and names one. */
function requestDocument(message: Message): string | undefined {
  if (!Message.isRequest(message)) return undefined;
  const params = message.params as { textDocument?: { uri?: unknown } } | undefined;
  const uri = params?.textDocument?.uri;
  return typeof uri === 'string' ? uri : undefined;
}
