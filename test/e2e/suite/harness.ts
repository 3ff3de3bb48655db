// Helpers shared by the in-VS-Code tests: where the scratch workspace is,
// opening files, waiting for the language server, and asking the runner
// (outside VS Code, driving the browser) to check and photograph the page.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export const extensionId = 'ilo-tooling.ilo-tooling';

/** The workspace folder the runner opened: a fresh copy of test/e2e/workspace. */
export function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('VS Code opened no workspace folder');
  return folder.uri.fsPath;
}

/** The run's scratch folder (.e2e/run), parent of the workspace copy. */
export function runDir(): string {
  return path.dirname(workspaceDir());
}

export function resultsFile(): string {
  return path.join(runDir(), 'results.json');
}

export function workspaceUri(name: string): vscode.Uri {
  return vscode.Uri.file(path.join(workspaceDir(), name));
}

export async function showFile(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(workspaceUri(name));
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** Position of the first occurrence of `needle` (plus `delta` characters). */
export function positionOf(doc: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const at = doc.getText().indexOf(needle);
  if (at < 0) throw new Error(`'${needle}' does not occur in ${doc.uri.fsPath}`);
  return doc.positionAt(at + delta);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something other than undefined. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(200);
  }
}

/** The diagnostic code as a plain string, whatever shape VS Code gives it. */
export function codeOf(d: vscode.Diagnostic): string {
  const c = d.code;
  if (c === undefined) return '';
  return typeof c === 'object' ? String(c.value) : String(c);
}

/** Diagnostics of `uri` from our server, once it has published any. */
export function iloDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'ilo');
}

/** Joined markdown of every hover the providers return at `pos`. */
export async function hoverText(uri: vscode.Uri, pos: vscode.Position): Promise<string> {
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos)) ?? [];
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n\n');
}

/** Every ```json fenced block in a markdown text, parsed (unparsable ones skipped). */
export function jsonBlocks(markdown: string): unknown[] {
  const out: unknown[] = [];
  for (const m of markdown.matchAll(/```json\s*\n([\s\S]*?)\n\s*```/g)) {
    try {
      out.push(JSON.parse(m[1]));
    } catch {
      // not JSON after all: the assertion that needs it will say so
    }
  }
  return out;
}

export interface DomCheckRequest {
  /** Base name of the screenshot the runner saves under .e2e/. */
  name: string;
  /** Text the editor hover widget must show before the picture is taken. */
  hoverIncludes: string;
  /** Text the Problems panel must show before the picture is taken. */
  problemsIncludes: string;
}

export interface DomCheckResponse {
  hoverVisible: boolean;
  hoverText: string;
  problemsVisible: boolean;
  problemsText: string;
  screenshot?: string;
  error?: string;
}

/**
 * Asks the runner, which drives the browser page this VS Code runs in, to
 * look at the real DOM and take a screenshot. The two sides talk through
 * files in the run folder: request, then response.
 */
export async function requestDomCheck(req: DomCheckRequest, timeoutMs = 45_000): Promise<DomCheckResponse> {
  return askRunner<DomCheckResponse>(req.name, req, timeoutMs);
}

/**
 * Shows the hover at the active editor's selection and asks the runner what is
 * on screen; once more when the hover did not come up (the editor may not have
 * had the focus yet when the command ran). The caller still asserts what it sees.
 */
export async function showHoverAndCheck(req: DomCheckRequest): Promise<DomCheckResponse> {
  let seen: DomCheckResponse | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await vscode.commands.executeCommand('editor.action.showHover');
    seen = await requestDomCheck(req);
    if (seen.error !== undefined || seen.hoverVisible) return seen;
  }
  return seen!;
}

/** Writes a request for the runner and waits for its answer (files in the run folder). */
async function askRunner<T>(name: string, req: object, timeoutMs: number): Promise<T> {
  const dir = path.join(runDir(), 'handshake');
  fs.mkdirSync(dir, { recursive: true });
  const responsePath = path.join(dir, `${name}.response.json`);
  fs.rmSync(responsePath, { force: true });
  // Written under a temporary name first so the runner never reads half a file.
  const requestPath = path.join(dir, `${name}.request.json`);
  fs.writeFileSync(`${requestPath}.tmp`, JSON.stringify(req));
  fs.renameSync(`${requestPath}.tmp`, requestPath);
  const text = await waitFor(`the runner's answer to ${name}`, () =>
    fs.existsSync(responsePath) ? fs.readFileSync(responsePath, 'utf8') : undefined, timeoutMs);
  return JSON.parse(text) as T;
}

/**
 * One step of real input in the page: a key press (playwright key names such
 * as `F2`, `Enter`), text typed at the focus, or a value filled into the
 * first element matching a CSS selector once it is visible.
 */
export type KeyStep = { press: string } | { type: string } | { fill: string; text: string };

export interface KeysResponse {
  done: boolean;
  screenshot?: string;
  error?: string;
}

/**
 * Asks the runner to type into the browser page, as a user at the keyboard
 * would (the extension host cannot press keys in VS Code's own widgets).
 */
export async function requestKeys(name: string, steps: KeyStep[], timeoutMs = 45_000): Promise<KeysResponse> {
  return askRunner<KeysResponse>(name, { kind: 'keys', name, steps }, timeoutMs);
}

export interface VisibleCheck {
  /** CSS selector of the page element (`.codelens-decoration`, `.view-lines`). */
  selector: string;
  /** Text the element must show. */
  includes: string;
}

export interface VisibleResponse {
  /** Per check, whether it became visible. */
  seen: boolean[];
  /** Per check, the text its selector showed. */
  texts: string[];
  screenshot?: string;
  error?: string;
}

/** Asks the runner whether each text is visible in the page (and saves a screenshot). */
export async function requestVisible(name: string, checks: VisibleCheck[], timeoutMs = 45_000): Promise<VisibleResponse> {
  return askRunner<VisibleResponse>(name, { kind: 'visible', name, checks }, timeoutMs);
}
