// Doc-comment annotations: the `-- @key ...` lines directly above a
// declaration. They carry what ilo's own syntax has no room for (titles, wire
// names, parameter descriptions, extra JSON Schema keywords, behavior) while
// keeping files valid for the `ilo` CLI, which ignores comments.
//
// The syntax is documented for users in docs/annotations.md. In short:
//   a doc line whose text (after `--` and spaces) starts with `@word` is an
//   annotation; `@@` at that place stands for a literal `@` in prose; every
//   other line is prose, and the prose lines together are the declaration's
//   description.
//
// parseAnnotations is pure and never throws: malformed lines are skipped and
// reported as `ilo-contracts` diagnostics.

import type { Comment, Decl, Span } from '../syntax/ast';
import type { Diagnostic, Suggestion } from '../diagnostics';
import { contractDiagnostic } from './contractDiagnostic';
import { closestName } from '../syntax/names';
import { isJsonObject, tryParseJson, type JsonObject } from './json';
import {
  allowedBehaviorWords,
  classifyBehaviorWord,
  type Action,
  type BehaviorField,
  type Domain,
  type Mutability,
} from './behaviorWords';
import { FLOW_LABELS, isFlowLabel, isSanitizerWord, isSourceLabel, type FlowLabel, type SinkLabel, type SourceLabel } from './flowWords';

/** Declarations that can carry annotations. */
export type AnnotatedKind = 'tool' | 'function' | 'type' | 'alias';

/** `@param` (tools, functions) or `@field` (record types). */
export interface PropertyNote extends Span {
  /** The ilo name of the parameter or field. */
  name: string;
  /** The property name on the wire, when it differs from the ilo name. */
  wire?: string;
  description?: string;
}

/** `@schema name {...}`: extra JSON Schema keywords for one property ('' = the declaration's own schema). */
export interface SchemaPatch extends Span {
  target: string;
  keywords: JsonObject;
}

/** `@behavior MUTATES DELETE ACK` (seed 002's behavioral identity). */
export interface Behavior extends Span {
  mutability?: Mutability;
  action?: Action;
  domain?: Domain;
}

/** `@hints readOnly idempotent destructive=false openWorld`: MCP tool annotations. */
export interface ToolHints extends Span {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * `@flow private sink=body`: where a tool's data comes from and goes
 * (docs/flows.md). On a function, `sanitizer` says its result is clean.
 */
export interface FlowAnnotation extends Span {
  /** The labels declared, in order (empty with `none` or a bare `sanitizer`). */
  labels: FlowLabel[];
  /** `none`: the tool has no flow labels (switches inference off). */
  none: boolean;
  /** For `sink` / `destructive`: the parameters the label is about (`sink=body,subject`); absent: every parameter. */
  params: Partial<Record<SinkLabel, string[]>>;
  /** Functions: `sanitizer` (both source labels) or `sanitizer=untrusted`: what the function's result is cleaned of. */
  sanitizes?: SourceLabel[];
}

/** One annotation line as written (also lines with keys this module does not know but was told to accept). */
export interface AnnotationEntry extends Span {
  key: string;
  /** Text after the key, trimmed. */
  argument: string;
  /** Document offset of `argument`'s first character. */
  argumentStart: number;
}

export interface Annotations {
  /** The prose lines, trimmed and joined with '\n'; undefined when there are none. */
  description?: string;
  title?: string;
  wire?: string;
  /** Parameters (tools, functions) or fields (types), keyed by ilo name. */
  properties: Map<string, PropertyNote>;
  /**
   * Keyed by the parameter/field ilo name; '' for the declaration's own
   * schema (an alias's, a record's object, a tool's or function's input object).
   */
  schemas: Map<string, SchemaPatch>;
  output?: { schema: JsonObject } & Span;
  /** `@mcp {...}`: fields of the MCP tool definition ilo has no syntax for (`execution`, `icons`, `_meta`, …). */
  mcp?: { fields: JsonObject } & Span;
  behavior?: Behavior;
  hints?: ToolHints;
  flow?: FlowAnnotation;
  /** Every annotation line, in order, including ones that produced diagnostics. */
  entries: AnnotationEntry[];
}

export interface ParseAnnotationsOptions {
  /** Extra keys other analyses understand: accepted silently and listed in `entries`. */
  extraKeys?: readonly string[];
}

export interface AnnotationsResult {
  annotations: Annotations;
  diagnostics: Diagnostic[];
}

const KEYS_BY_KIND: Record<AnnotatedKind, readonly string[]> = {
  tool: ['title', 'wire', 'param', 'schema', 'output', 'mcp', 'behavior', 'hints', 'flow'],
  function: ['param', 'schema', 'behavior', 'flow'],
  type: ['field', 'schema'],
  alias: ['schema'],
};
const ALL_KEYS = ['title', 'wire', 'param', 'field', 'schema', 'output', 'mcp', 'behavior', 'hints', 'flow'];

/**
 * Fields of an MCP tool that ilo says in its own way, so `@mcp` may not:
 * the name (`@wire`), title (`@title`), description (the literal), the
 * schemas (parameters, `@schema`, the return type, `@output`).
 */
const MCP_SAID_ELSEWHERE: Readonly<Record<string, string>> = {
  name: 'the tool name or `@wire`',
  title: '`@title`',
  description: 'the description literal',
  inputSchema: 'the parameters and `@schema`',
  outputSchema: 'the return type or `@output`',
};
const MCP_HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** MCP's tool-name rule: 1–128 of letters, digits, `_`, `-`, `.`. */
export const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const HINT_WORDS: Record<string, keyof Omit<ToolHints, 'start' | 'end'>> = {
  readonly: 'readOnlyHint',
  readonlyhint: 'readOnlyHint',
  destructive: 'destructiveHint',
  destructivehint: 'destructiveHint',
  idempotent: 'idempotentHint',
  idempotenthint: 'idempotentHint',
  openworld: 'openWorldHint',
  openworldhint: 'openWorldHint',
};

/** The kind of annotations a declaration takes, or undefined (use, error decls). */
export function annotatedKind(decl: Decl): AnnotatedKind | undefined {
  switch (decl.kind) {
    case 'ToolDecl':
      return 'tool';
    case 'FunctionDecl':
      return 'function';
    case 'TypeDecl':
      return 'type';
    case 'AliasDecl':
      return 'alias';
    default:
      return undefined;
  }
}

function memberNames(decl: Decl): string[] {
  switch (decl.kind) {
    case 'ToolDecl':
    case 'FunctionDecl':
      return (decl.params ?? []).map((p) => p.name.text);
    case 'TypeDecl':
      return (decl.fields ?? []).map((f) => f.name.text);
    default:
      return [];
  }
}

export function emptyAnnotations(): Annotations {
  return { properties: new Map(), schemas: new Map(), entries: [] };
}

/**
 * The maps and list of a result with no annotation line, shared by all such
 * results (most declarations: results are read, never changed, see AnnotationsResult).
 */
const NO_PROPERTIES: Map<string, PropertyNote> = new Map();
const NO_SCHEMAS: Map<string, SchemaPatch> = new Map();
const NO_ENTRIES: AnnotationEntry[] = [];

/** The annotations of a declaration whose doc has no annotation line: its prose, if any. */
export function proseOnlyAnnotations(description?: string): Annotations {
  const a: Annotations = { properties: NO_PROPERTIES, schemas: NO_SCHEMAS, entries: NO_ENTRIES };
  if (description !== undefined && description !== '') a.description = description;
  return a;
}

/**
 * Whether a doc comment line may be more than prose: an annotation (`@key`,
 * also `@@`, which parseAnnotations reads as escaped prose) or a suppression
 * (`ilo-ignore`). Lines for which this is false are prose, as they are.
 */
function mayBeMoreThanProse(c: Comment): boolean {
  const t = c.text.trimStart();
  return t.startsWith('@') || t.startsWith('ilo-ignore');
}

/** One doc line: its text with leading spaces removed, and where that text starts in the document. */
interface DocLine {
  text: string;
  start: number;
}

function toDocLine(c: Comment): DocLine {
  const base = Math.max(c.start, c.end - c.text.length);
  const lead = c.text.length - c.text.trimStart().length;
  // trim() drops the white space \s matches, at both ends.
  return { text: c.text.trim(), start: base + lead };
}

const KEY_RE = /^@([A-Za-z][A-Za-z0-9_-]*)/;

function annotationKey(line: DocLine): string | undefined {
  if (line.text.startsWith('@@')) return undefined;
  return KEY_RE.exec(line.text)?.[1];
}

/** A cursor over one annotation's argument text, tracking document offsets. */
class ArgCursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly base: number,
  ) {}
  skipSpaces(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }
  atEnd(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): string {
    return this.text[this.pos] ?? '';
  }
  offset(at = this.pos): number {
    return this.base + at;
  }
  /** A run of characters up to whitespace (and, when asked, up to `=`). */
  word(stopAtEquals: boolean): Span & { text: string } {
    const from = this.pos;
    while (this.pos < this.text.length && !/\s/.test(this.text[this.pos]) && !(stopAtEquals && this.text[this.pos] === '=')) {
      this.pos++;
    }
    return { text: this.text.slice(from, this.pos), start: this.offset(from), end: this.offset() };
  }
  /** A JSON string literal starting at the cursor, decoded; undefined if malformed. */
  jsonString(): (Span & { text: string }) | undefined {
    const from = this.pos;
    let i = from + 1;
    while (i < this.text.length && this.text[i] !== '"') i += this.text[i] === '\\' ? 2 : 1;
    if (i >= this.text.length) return undefined;
    const parsed = tryParseJson(this.text.slice(from, i + 1));
    if (!parsed.ok || typeof parsed.value !== 'string') return undefined;
    this.pos = i + 1;
    return { text: parsed.value, start: this.offset(from), end: this.offset() };
  }
  rest(): Span & { text: string } {
    const from = this.pos;
    this.pos = this.text.length;
    return { text: this.text.slice(from).trim(), start: this.offset(from), end: this.offset() };
  }
}

/** Free text, or exactly one JSON string literal (decoded: how to write newlines or edge spaces). */
function decodeText(raw: string): string {
  const t = raw.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    const parsed = tryParseJson(t);
    if (parsed.ok && typeof parsed.value === 'string') return parsed.value;
  }
  return t;
}

/**
 * Read the annotations in a declaration's doc comment. `decl` decides which
 * keys are allowed and which parameter/field names `@param`/`@field`/`@schema`
 * may name.
 */
export function parseAnnotations(
  doc: readonly Comment[],
  decl: Decl,
  options: ParseAnnotationsOptions = {},
): AnnotationsResult {
  // Most docs are prose alone: nothing to parse, nothing to report.
  if (!(doc ?? []).some(mayBeMoreThanProse)) {
    const prose = (doc ?? []).map((c) => c.text.trim());
    return { annotations: proseOnlyAnnotations(prose.join('\n').trim()), diagnostics: [] };
  }
  const annotations = emptyAnnotations();
  const diagnostics: Diagnostic[] = [];
  const kind = annotatedKind(decl);
  const members = memberNames(decl);
  const extra = new Set(options.extraKeys ?? []);
  const prose: string[] = [];
  const lines = (doc ?? []).map(toDocLine);

  const warn = (code: Parameters<typeof contractDiagnostic>[0], span: Span, message: string, more?: { hint?: string; suggestions?: Suggestion[] }) =>
    diagnostics.push(contractDiagnostic(code, 'warning', span, message, more));

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const key = annotationKey(line);
    // `-- ilo-ignore CODE reason` silences a finding (suppress/inline.ts): it is not prose.
    if (key === undefined && /^ilo-ignore(?:\s|$)/.test(line.text)) continue;
    if (key === undefined) {
      const text = line.text.startsWith('@@') ? line.text.slice(1) : line.text;
      prose.push(text);
      continue;
    }
    const keySpan = { start: line.start, end: line.start + 1 + key.length };
    const cur = new ArgCursor(line.text.slice(keySpan.end - line.start), keySpan.end);
    cur.skipSpaces();
    const entry: AnnotationEntry = {
      key,
      argument: line.text.slice(keySpan.end - line.start).trim(),
      argumentStart: cur.offset(),
      start: line.start,
      end: line.start + line.text.length,
    };
    annotations.entries.push(entry);
    const lineSpan: Span = { start: entry.start, end: entry.end };

    if (extra.has(key)) continue;
    if (kind === undefined) {
      warn('annotation', keySpan, `annotations have no meaning on this declaration; \`@${key}\` is ignored`);
      continue;
    }
    if (!ALL_KEYS.includes(key)) {
      const near = closestName(key, KEYS_BY_KIND[kind]);
      warn('annotation', keySpan, `unknown annotation \`@${key}\``, {
        hint: `known on a ${kind}: ${KEYS_BY_KIND[kind].map((k) => '@' + k).join(' ')}; write \`@@\` for a prose line starting with \`@\``,
        suggestions: near ? [{ message: `change to @${near}`, edits: [{ ...keySpan, newText: '@' + near }] }] : undefined,
      });
      continue;
    }
    if (!KEYS_BY_KIND[kind].includes(key)) {
      warn('annotation', keySpan, `\`@${key}\` has no meaning on a ${kind} declaration and is ignored`, {
        hint: `allowed here: ${KEYS_BY_KIND[kind].map((k) => '@' + k).join(' ')}`,
      });
      continue;
    }

    switch (key) {
      case 'title':
      case 'wire': {
        if (cur.atEnd()) {
          warn('annotation', lineSpan, `\`@${key}\` needs a value`);
          break;
        }
        if (annotations[key] !== undefined) {
          warn('duplicate-annotation', lineSpan, `a second \`@${key}\` is ignored; the first one applies`);
          break;
        }
        if (key === 'title') {
          annotations.title = decodeText(cur.rest().text);
          break;
        }
        const w = cur.peek() === '"' ? cur.jsonString() : cur.word(false);
        const restAfter = (cur.skipSpaces(), cur.rest());
        if (!w || restAfter.text !== '') {
          warn('bad-wire-name', lineSpan, '`@wire` takes one name (a bare word or a JSON string)');
          break;
        }
        if (!MCP_TOOL_NAME.test(w.text)) {
          warn('bad-wire-name', w, `\`${w.text}\` is not a valid MCP tool name`, {
            hint: 'MCP tool names are 1 to 128 characters from A-Z a-z 0-9 _ - .',
          });
          break;
        }
        annotations.wire = w.text;
        break;
      }

      case 'param':
      case 'field': {
        const what = key === 'param' ? 'parameter' : 'field';
        const name = cur.word(true);
        if (name.text === '') {
          warn('annotation', lineSpan, `\`@${key}\` needs a ${what} name: \`@${key} name[=wireName] description\``);
          break;
        }
        if (!members.includes(name.text)) {
          reportUnknownMember(key === 'param' ? 'unknown-param' : 'unknown-field', what, name, members, warn);
          break;
        }
        let wire: string | undefined;
        if (cur.peek() === '=') {
          cur.pos++;
          const w = cur.peek() === '"' ? cur.jsonString() : cur.word(false);
          if (!w || w.text === '') {
            warn('annotation', lineSpan, `the wire name after \`${name.text}=\` is missing or malformed`, {
              hint: 'write name=wireName, or name="wire name" for names with spaces or quotes',
            });
            break;
          }
          wire = w.text;
        }
        cur.skipSpaces();
        const description = decodeText(cur.rest().text);
        if (annotations.properties.has(name.text)) {
          warn('duplicate-annotation', lineSpan, `\`${name.text}\` is already described above; this line is ignored`);
          break;
        }
        const note: PropertyNote = { name: name.text, start: lineSpan.start, end: lineSpan.end };
        if (wire !== undefined && wire !== name.text) note.wire = wire;
        if (description !== '') note.description = description;
        annotations.properties.set(name.text, note);
        break;
      }

      case 'schema': {
        let target = '';
        // With no name, the keywords are for the declaration's own schema.
        if (kind !== 'alias' && cur.peek() !== '{') {
          const name = cur.word(false);
          if (name.text === '') {
            warn('annotation', lineSpan, `\`@schema\` on a ${kind} names the ${kind === 'type' ? 'field' : 'parameter'} first (\`@schema name {...}\`), or gives keywords for the ${kind === 'type' ? 'record' : 'input object'} itself (\`@schema {...}\`)`);
            break;
          }
          if (!members.includes(name.text)) {
            reportUnknownMember(kind === 'type' ? 'unknown-field' : 'unknown-param', kind === 'type' ? 'field' : 'parameter', name, members, warn);
            break;
          }
          target = name.text;
          cur.skipSpaces();
        }
        const json = readJson(cur, lines, i, lineSpan, warn);
        if (!json) break;
        i = json.lastLine;
        if (!isJsonObject(json.value)) {
          warn('bad-schema', { start: json.start, end: json.end }, '`@schema` takes a JSON object of schema keywords');
          break;
        }
        if (annotations.schemas.has(target)) {
          warn('duplicate-annotation', lineSpan, `a second \`@schema\` for \`${target || `this ${kind}`}\` is ignored`);
          break;
        }
        annotations.schemas.set(target, { target, keywords: json.value, start: lineSpan.start, end: json.end });
        break;
      }

      case 'output': {
        const json = readJson(cur, lines, i, lineSpan, warn);
        if (!json) break;
        i = json.lastLine;
        if (!isJsonObject(json.value) || json.value.type !== 'object') {
          warn('bad-output', { start: json.start, end: json.end }, '`@output` must be a JSON Schema object with "type": "object" (MCP requires it)');
          break;
        }
        if (annotations.output) {
          warn('duplicate-annotation', lineSpan, 'a second `@output` is ignored');
          break;
        }
        annotations.output = { schema: json.value, start: lineSpan.start, end: json.end };
        break;
      }

      case 'mcp': {
        const json = readJson(cur, lines, i, lineSpan, warn);
        if (!json) break;
        i = json.lastLine;
        const fields = mcpFields(json.value, { start: json.start, end: json.end }, warn);
        if (!fields) break;
        if (annotations.mcp) {
          warn('duplicate-annotation', lineSpan, 'a second `@mcp` is ignored');
          break;
        }
        annotations.mcp = { fields, start: lineSpan.start, end: json.end };
        break;
      }

      case 'behavior': {
        if (annotations.behavior) {
          warn('duplicate-annotation', lineSpan, 'a second `@behavior` is ignored');
          break;
        }
        const behavior = readBehavior(cur, kind, lineSpan, warn);
        if (behavior) annotations.behavior = behavior;
        break;
      }

      case 'flow': {
        if (annotations.flow) {
          warn('duplicate-annotation', lineSpan, 'a second `@flow` is ignored');
          break;
        }
        const flow = readFlow(cur, kind, members, lineSpan, warn);
        if (flow) annotations.flow = flow;
        break;
      }

      case 'hints': {
        if (annotations.hints) {
          warn('duplicate-annotation', lineSpan, 'a second `@hints` is ignored');
          break;
        }
        const hints = readHints(cur, lineSpan, warn);
        if (hints) annotations.hints = hints;
        break;
      }
    }
  }

  const description = prose.join('\n').trim();
  if (description !== '') annotations.description = description;
  return { annotations, diagnostics };
}

type Warn = (code: Parameters<typeof contractDiagnostic>[0], span: Span, message: string, more?: { hint?: string; suggestions?: Suggestion[] }) => void;

function reportUnknownMember(
  code: 'unknown-param' | 'unknown-field',
  what: string,
  name: Span & { text: string },
  members: string[],
  warn: Warn,
): void {
  const near = closestName(name.text, members);
  warn(code, name, `there is no ${what} \`${name.text}\` in this declaration`, {
    hint: members.length > 0 ? `${what}s: ${members.join(', ')}` : `this declaration has no ${what}s`,
    suggestions: near ? [{ message: `change to ${near}`, edits: [{ start: name.start, end: name.end, newText: near }] }] : undefined,
  });
}

/**
 * The JSON value after the cursor. When it does not parse on its own line,
 * following prose lines are added one at a time (pretty-printed JSON spread
 * over several comment lines); those lines are then consumed.
 */
function readJson(
  cur: ArgCursor,
  lines: DocLine[],
  lineIndex: number,
  lineSpan: Span,
  warn: Warn,
): { value: JsonObject | JsonObject[keyof JsonObject]; start: number; end: number; lastLine: number } | undefined {
  const first = cur.rest();
  if (first.text === '') {
    warn('bad-json', lineSpan, 'a JSON object is expected here');
    return undefined;
  }
  const parsed = tryParseJson(first.text);
  if (parsed.ok) return { value: parsed.value, start: first.start, end: first.end, lastLine: lineIndex };
  let joined = first.text;
  for (let j = lineIndex + 1; j < lines.length && annotationKey(lines[j]) === undefined; j++) {
    joined += '\n' + lines[j].text;
    const more = tryParseJson(joined);
    if (more.ok) return { value: more.value, start: first.start, end: lines[j].start + lines[j].text.length, lastLine: j };
  }
  warn('bad-json', { start: first.start, end: first.end }, `this is not valid JSON: ${parsed.error}`);
  return undefined;
}

/** The fields of `@mcp` that may be used; the others are reported (`bad-mcp`). */
function mcpFields(value: unknown, span: Span, warn: Warn): JsonObject | undefined {
  if (!isJsonObject(value)) {
    warn('bad-mcp', span, '`@mcp` takes a JSON object of MCP tool fields, e.g. {"execution": {"taskSupport": "optional"}}');
    return undefined;
  }
  const fields: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (Object.hasOwn(MCP_SAID_ELSEWHERE, k)) {
      warn('bad-mcp', span, `\`${k}\` is said by ${MCP_SAID_ELSEWHERE[k]}, not \`@mcp\`; it is ignored here`);
      continue;
    }
    if (k === '_meta' || k === 'annotations') {
      if (!isJsonObject(v)) {
        warn('bad-mcp', span, `\`${k}\` must be a JSON object; it is ignored`);
        continue;
      }
      if (k === 'annotations') {
        const hints = Object.keys(v).filter((h) => MCP_HINT_KEYS.includes(h));
        if (hints.length > 0) {
          warn('bad-mcp', span, `${hints.map((h) => `\`${h}\``).join(', ')} belong in \`@hints\`; \`@mcp\` annotations are ignored`);
          continue;
        }
      }
    }
    fields[k] = v as JsonObject[keyof JsonObject];
  }
  return fields;
}

function readBehavior(cur: ArgCursor, kind: AnnotatedKind, lineSpan: Span, warn: Warn): Behavior | undefined {
  const behavior: Behavior = { start: lineSpan.start, end: lineSpan.end };
  const seen = new Map<BehaviorField, string>();
  let ok = true;
  for (cur.skipSpaces(); !cur.atEnd(); cur.skipSpaces()) {
    const w = cur.word(false);
    const cls = classifyBehaviorWord(w.text.replace(/,$/, ''));
    if (!cls) {
      warn('bad-behavior', w, `\`${w.text}\` is not a behavior word`, { hint: `allowed: ${allowedBehaviorWords()}` });
      ok = false;
      continue;
    }
    const prev = seen.get(cls.field);
    if (prev !== undefined) {
      warn('bad-behavior', w, `two ${cls.field} words (\`${prev}\` and \`${cls.value}\`); a tool has exactly one`);
      ok = false;
      continue;
    }
    seen.set(cls.field, cls.value);
    if (cls.field === 'mutability') behavior.mutability = cls.value as Mutability;
    else if (cls.field === 'action') behavior.action = cls.value as Action;
    else behavior.domain = cls.value as Domain;
  }
  if (seen.size === 0) {
    warn('bad-behavior', lineSpan, '`@behavior` needs words', { hint: `allowed: ${allowedBehaviorWords()}` });
    return undefined;
  }
  if (kind === 'tool' && ok) {
    const missing = (['mutability', 'action', 'domain'] as const).filter((f) => !seen.has(f));
    if (missing.length > 0) {
      warn('bad-behavior', lineSpan, `a tool's behavior names all three fields; missing: ${missing.join(', ')}`, {
        hint: `allowed: ${allowedBehaviorWords()}`,
      });
    }
  }
  return ok ? behavior : undefined;
}

const FLOW_WORDS_TOOL = `${FLOW_LABELS.join(' ')} none`;
const FLOW_WORDS_FUNCTION = `${FLOW_LABELS.join(' ')} sanitizer`;

/**
 * `@flow WORD[=a,b] ...`: flow labels (a tool's, or a function's added to
 * what its body does), `none` (a tool with no labels), `sanitizer[=labels]`
 * (a function whose result is clean). Undefined when anything is wrong: a
 * half-understood declaration must not silence the analysis.
 */
function readFlow(cur: ArgCursor, kind: AnnotatedKind, members: string[], lineSpan: Span, warn: Warn): FlowAnnotation | undefined {
  const flow: FlowAnnotation = { labels: [], none: false, params: {}, start: lineSpan.start, end: lineSpan.end };
  const allowed = kind === 'function' ? FLOW_WORDS_FUNCTION : FLOW_WORDS_TOOL;
  let ok = true;
  let words = 0;
  const bad = (span: Span, message: string, hint?: string) => {
    warn('bad-flow', span, message, { hint: hint ?? `allowed on a ${kind}: ${allowed}` });
    ok = false;
  };
  for (cur.skipSpaces(); !cur.atEnd(); cur.skipSpaces()) {
    const w = cur.word(false);
    const text = w.text.replace(/,$/, '');
    if (text === '') continue;
    words++;
    const eq = text.indexOf('=');
    const word = (eq < 0 ? text : text.slice(0, eq)).toLowerCase();
    const list = eq < 0 ? undefined : text.slice(eq + 1).split(',').filter((x) => x !== '');
    const wordSpan = { start: w.start, end: w.start + (eq < 0 ? text.length : eq) };
    if (word === 'none') {
      if (kind === 'function') bad(wordSpan, '`none` is for tools; on a function, `sanitizer` says its result is clean');
      else if (list !== undefined) bad(w, '`none` takes no list');
      else flow.none = true;
      continue;
    }
    if (isSanitizerWord(word)) {
      if (kind !== 'function') {
        bad(wordSpan, 'only a function can be a sanitizer; a tool names its labels (or `none`)');
        continue;
      }
      if (flow.sanitizes) {
        bad(wordSpan, '`sanitizer` is given twice');
        continue;
      }
      const cleaned = list ?? ['private', 'untrusted'];
      const wrong = cleaned.filter((l) => !isSourceLabel(l.toLowerCase()));
      if (list !== undefined && list.length === 0) bad(w, '`sanitizer=` needs the labels it removes: private, untrusted');
      else if (wrong.length > 0) bad(w, `a sanitizer removes \`private\` or \`untrusted\`, not ${wrong.map((x) => `\`${x}\``).join(', ')}`);
      else flow.sanitizes = [...new Set(cleaned.map((l) => l.toLowerCase() as SourceLabel))];
      continue;
    }
    if (!isFlowLabel(word)) {
      bad(wordSpan, `\`${word}\` is not a flow label`);
      continue;
    }
    if (flow.labels.includes(word)) {
      bad(wordSpan, `\`${word}\` is given twice`);
      continue;
    }
    if (list !== undefined) {
      if (word !== 'sink' && word !== 'destructive') {
        bad(w, `\`${word}\` is about what the ${kind} returns and takes no parameter list`, 'only `sink=…` and `destructive=…` name the parameters they are about');
        continue;
      }
      if (list.length === 0) {
        bad(w, `\`${word}=\` needs parameter names: \`${word}=body,subject\``);
        continue;
      }
      const unknown = list.filter((p) => !members.includes(p));
      if (unknown.length > 0) {
        const at = text.indexOf(unknown[0], eq + 1);
        reportUnknownMember('unknown-param', 'parameter', { text: unknown[0], start: w.start + at, end: w.start + at + unknown[0].length }, members, warn);
        ok = false;
        continue;
      }
      flow.params[word] = [...new Set(list)];
    }
    flow.labels.push(word);
  }
  if (words === 0) {
    warn('bad-flow', lineSpan, '`@flow` needs words', { hint: `allowed on a ${kind}: ${allowed}` });
    return undefined;
  }
  if (ok && flow.none && (flow.labels.length > 0 || flow.sanitizes)) bad(lineSpan, '`none` cannot go with other labels');
  return ok ? flow : undefined;
}

function readHints(cur: ArgCursor, lineSpan: Span, warn: Warn): ToolHints | undefined {
  const hints: ToolHints = { start: lineSpan.start, end: lineSpan.end };
  let count = 0;
  for (cur.skipSpaces(); !cur.atEnd(); cur.skipSpaces()) {
    const w = cur.word(false);
    const m = /^([A-Za-z]+)(?:=(true|false))?$/.exec(w.text);
    const field = m ? HINT_WORDS[m[1].toLowerCase()] : undefined;
    if (!m || !field) {
      warn('bad-hints', w, `\`${w.text}\` is not a tool hint`, {
        hint: 'allowed: readOnly destructive idempotent openWorld, each optionally =true or =false',
      });
      continue;
    }
    hints[field] = m[2] !== 'false';
    count++;
  }
  if (count === 0) {
    warn('bad-hints', lineSpan, '`@hints` needs at least one hint: readOnly destructive idempotent openWorld');
    return undefined;
  }
  return hints;
}

/**
 * The same result moved by `delta` (its declaration and doc comment moved
 * that far in the document): a copy, the original is left as it is.
 */
export function relocateAnnotations(r: AnnotationsResult, delta: number): AnnotationsResult {
  const a0 = r.annotations;
  const placed = r.diagnostics.length > 0 || a0.entries.length > 0 || a0.properties.size > 0 || a0.schemas.size > 0 || a0.output || a0.behavior || a0.hints || a0.flow;
  // Prose only (or nothing): no offsets to move.
  if (!placed) return r;
  const move = <T extends Span>(s: T): T => ({ ...s, start: s.start + delta, end: s.end + delta });
  const a = r.annotations;
  const annotations: Annotations = {
    ...a,
    properties: new Map([...a.properties].map(([k, v]) => [k, move(v)])),
    schemas: new Map([...a.schemas].map(([k, v]) => [k, move(v)])),
    entries: a.entries.map((e) => ({ ...move(e), argumentStart: e.argumentStart + delta })),
  };
  if (a.output) annotations.output = move(a.output);
  if (a.behavior) annotations.behavior = move(a.behavior);
  if (a.hints) annotations.hints = move(a.hints);
  if (a.flow) annotations.flow = move(a.flow);
  const diagnostics = r.diagnostics.map((d) => {
    const out: Diagnostic = move(d);
    if (d.related) out.related = d.related.map((x) => (x.file === undefined ? move(x) : x));
    if (d.suggestions) out.suggestions = d.suggestions.map((x) => (x.file === undefined ? { ...x, edits: x.edits.map(move) } : x));
    return out;
  });
  return { annotations, diagnostics };
}
