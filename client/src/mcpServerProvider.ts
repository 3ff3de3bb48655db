// Offering `ilo-ls mcp` to VS Code's agent mode: an MCP server definition
// provider, where the running VS Code has that API (1.101 and later; the
// extension supports 1.91, so the API is looked up at run time and, where it
// is missing, nothing is registered and nothing is said).
//
// The server runs the extension's own bundled CLI with the editor's Node
// (ELECTRON_RUN_AS_NODE makes the Electron binary behave as Node), from the
// first workspace folder, at the level the `ilo.languageVersion` setting
// gives the editor (offered again when it changes); VS Code shares the
// workspace folders as MCP roots, the only places the server reads files from. In an untrusted workspace no
// server is offered until trust is granted, as with the other MCP features.
//
// No `vscode` import: the API is passed in, so the feature detection is
// tested without an editor.

/** A disposable, as VS Code's. */
export interface Disposable {
  dispose(): unknown;
}

type Event = (listener: () => unknown) => Disposable;

/** `vscode.McpStdioServerDefinition`'s constructor. */
type StdioDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => { cwd?: unknown };

/** The parts of the `vscode` module this uses; each may be missing on older versions. */
export interface McpApi {
  lm?: { registerMcpServerDefinitionProvider?: (id: string, provider: McpProvider) => Disposable };
  McpStdioServerDefinition?: StdioDefinitionClass;
}

export interface McpProvider {
  onDidChangeMcpServerDefinitions: Event;
  provideMcpServerDefinitions(): unknown[];
}

/** Must equal `contributes.mcpServerDefinitionProviders[0].id` in package.json. */
export const MCP_PROVIDER_ID = 'ilo.mcpServer';
export const MCP_SERVER_LABEL = 'ilo';

export interface OfferOptions {
  /** Absolute path of the bundled CLI (dist/cli.js). */
  cliPath: string;
  /** The Node (or Electron) binary that runs it. */
  execPath: string;
  /** The extension's version: VS Code refreshes the tools when it changes. */
  version: string;
  isTrusted(): boolean;
  onDidGrantTrust: Event;
  /** The working directory (a `vscode.Uri`), when a folder is open. */
  cwd?(): unknown;
  /** The `ilo.languageVersion` setting (`auto`, `26`, `0.11`). */
  languageVersion?(): string | undefined;
  /** Fires when that setting changes. */
  onDidChangeLanguageVersion?: Event;
}

/** The CLI arguments of the server: `--language-version` only when the setting names a level. */
export function serverArgs(cliPath: string, languageVersion: string | undefined): string[] {
  const v = languageVersion?.trim();
  return v && v !== 'auto' && /^[0-9.]{1,8}$/.test(v) ? [cliPath, 'mcp', '--language-version', v] : [cliPath, 'mcp'];
}

export interface McpOffer extends Disposable {
  /** The provider as registered (what VS Code asks for definitions). */
  provider: McpProvider;
}

/**
 * Registers the provider when the API exists; undefined (nothing done) when
 * this VS Code has no MCP server definitions.
 */
export function offerMcpServer(api: McpApi, options: OfferOptions): McpOffer | undefined {
  const register = api.lm?.registerMcpServerDefinitionProvider;
  const Definition = api.McpStdioServerDefinition;
  if (typeof register !== 'function' || typeof Definition !== 'function') return undefined;
  const listeners = new Set<() => unknown>();
  const onDidChangeMcpServerDefinitions: Event = (listener) => {
    listeners.add(listener);
    return { dispose: () => listeners.delete(listener) };
  };
  const provider: McpProvider = {
    onDidChangeMcpServerDefinitions,
    provideMcpServerDefinitions() {
      if (!options.isTrusted()) return [];
      const args = serverArgs(options.cliPath, options.languageVersion?.());
      const def = new Definition(MCP_SERVER_LABEL, options.execPath, args, { ELECTRON_RUN_AS_NODE: '1' }, options.version);
      const cwd = options.cwd?.();
      if (cwd !== undefined) def.cwd = cwd;
      return [def];
    },
  };
  const changed = () => {
    for (const l of [...listeners]) l();
  };
  const trust = options.onDidGrantTrust(changed);
  const setting = options.onDidChangeLanguageVersion?.(changed);
  const registration = register.call(api.lm, MCP_PROVIDER_ID, provider);
  return {
    provider,
    dispose() {
      trust.dispose();
      setting?.dispose();
      listeners.clear();
      registration.dispose();
    },
  };
}
