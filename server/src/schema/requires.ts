// Level-26 `req` preconditions as JSON Schema: a caller that sends what the
// schema allows should not break a precondition. A comparison of one
// parameter with a number literal becomes a keyword on that parameter
// (`req x>=0` → minimum 0, `req x>0` → exclusiveMinimum, `req 10>x` →
// exclusiveMaximum, `req x!=0` → not {const: 0}); `len p` compared with a
// number bounds a list's length (minItems / maxItems), and a text's only as
// "not empty" (minLength 1: ilo counts bytes, JSON Schema characters). Any
// other condition stays a sentence in the description of the first
// parameter it mentions ("Requires: a<b."), so nothing a function demands is
// silently lost.

import type { Expr, FunctionDecl } from '../syntax/ast';
import { schemaTypes, type JsonSchema } from './json';

/** One `req` condition as it bears on one parameter. */
export type Condition =
  | { kind: 'bound'; subject: 'value' | 'length'; op: '>=' | '>' | '<=' | '<' | '!='; value: number; text: string }
  | { kind: 'prose'; text: string };

/** Conditions by parameter name; conditions that mention no parameter are left out. */
export function requiredConditions(fn: FunctionDecl): Map<string, Condition[]> {
  const out = new Map<string, Condition[]>();
  const reqs = fn.requires;
  if (reqs === undefined || reqs.length === 0) return out;
  const params = new Set(fn.params.map((p) => p.name.text));
  const add = (name: string, c: Condition) => {
    const list = out.get(name);
    if (list) list.push(c);
    else out.set(name, [c]);
  };
  for (const cond of reqs.slice(0, MAX_CONDITIONS)) {
    const text = exprText(cond, 0);
    const bound = asBound(cond, params, text);
    if (bound) {
      add(bound.param, bound.condition);
      continue;
    }
    const mentioned = firstParam(cond, params, 0);
    if (mentioned !== undefined) add(mentioned, { kind: 'prose', text });
  }
  return out;
}

/** Past this many `req` clauses the rest are not looked at (a hostile file). */
const MAX_CONDITIONS = 64;
/** Expressions deeper than this are not printed or searched. */
const MAX_DEPTH = 32;

type Cmp = '>=' | '>' | '<=' | '<' | '!=';
const FLIP: Record<Cmp, Cmp> = { '>=': '<=', '>': '<', '<=': '>=', '<': '>', '!=': '!=' };

function asBound(e: Expr, params: ReadonlySet<string>, text: string): { param: string; condition: Condition } | undefined {
  if (e.kind !== 'Binary' || !Object.hasOwn(FLIP, e.op)) return undefined;
  const op = e.op as Cmp;
  const left = subjectOf(e.left, params);
  const right = numberOf(e.right);
  if (left && right !== undefined) return { param: left.param, condition: { kind: 'bound', subject: left.subject, op, value: right, text } };
  const rl = subjectOf(e.right, params);
  const ln = numberOf(e.left);
  if (rl && ln !== undefined) return { param: rl.param, condition: { kind: 'bound', subject: rl.subject, op: FLIP[op], value: ln, text } };
  return undefined;
}

function subjectOf(e: Expr, params: ReadonlySet<string>): { param: string; subject: 'value' | 'length' } | undefined {
  if (e.kind === 'Ref' && params.has(e.name)) return { param: e.name, subject: 'value' };
  if (e.kind === 'Call' && e.callee.text === 'len' && e.args.length === 1) {
    const a = e.args[0];
    if (a.kind === 'Ref' && params.has(a.name)) return { param: a.name, subject: 'length' };
  }
  return undefined;
}

function numberOf(e: Expr): number | undefined {
  if (e.kind === 'Number' && Number.isFinite(e.value)) return e.value;
  if (e.kind === 'Unary' && e.op === '-' && e.operand.kind === 'Number' && Number.isFinite(e.operand.value)) return -e.operand.value;
  return undefined;
}

function firstParam(e: Expr, params: ReadonlySet<string>, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (e.kind) {
    case 'Ref':
      return params.has(e.name) ? e.name : undefined;
    case 'Binary':
      return firstParam(e.left, params, depth + 1) ?? firstParam(e.right, params, depth + 1);
    case 'Unary':
      return firstParam(e.operand, params, depth + 1);
    case 'Call':
      for (const a of e.args) {
        const hit = firstParam(a, params, depth + 1);
        if (hit !== undefined) return hit;
      }
      return undefined;
    case 'Field':
      return firstParam(e.object, params, depth + 1);
    default:
      return undefined;
  }
}

/** A condition as ilo text, infix for comparisons (as `req` is usually written). */
function exprText(e: Expr, depth: number): string {
  if (depth > MAX_DEPTH) return '…';
  switch (e.kind) {
    case 'Ref':
      return e.name;
    case 'Number':
      return e.raw ?? String(e.value);
    case 'Text':
      return JSON.stringify(e.value);
    case 'Bool':
      return String(e.value);
    case 'Nil':
      return 'nil';
    case 'Binary':
      return e.infix ? `${atomText(e.left, depth + 1)}${e.op}${atomText(e.right, depth + 1)}` : `${e.op}${atomText(e.left, depth + 1)} ${atomText(e.right, depth + 1)}`;
    case 'Unary':
      return `${e.op}${exprText(e.operand, depth + 1)}`;
    case 'Call':
      return [e.callee.text, ...e.args.map((a) => atomText(a, depth + 1))].join(' ');
    case 'Field':
      return `${exprText(e.object, depth + 1)}.${e.field.text}`;
    default:
      return '…';
  }
}

function atomText(e: Expr, depth: number): string {
  const t = exprText(e, depth);
  return e.kind === 'Call' || (e.kind === 'Binary' && e.infix) ? `(${t})` : t;
}

const KEYWORD: Record<'value' | 'length', Partial<Record<string, string>>> = {
  value: { '>=': 'minimum', '>': 'exclusiveMinimum', '<=': 'maximum', '<': 'exclusiveMaximum' },
  length: {},
};

/**
 * A parameter's schema with its conditions: keywords where the schema's type
 * can carry them, a "Requires: …" sentence for the rest. Keywords already
 * set (by `@schema`) are kept: an explicit annotation wins.
 */
export function withConditions(s: JsonSchema, conditions: readonly Condition[] | undefined): JsonSchema {
  if (conditions === undefined || conditions.length === 0) return s;
  const out: JsonSchema = { ...s };
  const types = schemaTypes(s);
  const prose: string[] = [];
  for (const c of conditions) {
    const keyword = c.kind === 'bound' ? keywordFor(c, types) : undefined;
    if (c.kind === 'bound' && keyword !== undefined) {
      if (out[keyword.name] === undefined) out[keyword.name] = keyword.value;
      continue;
    }
    prose.push(c.text);
  }
  if (prose.length > 0) {
    const sentence = `Requires: ${prose.join(', ')}.`;
    const d = typeof out.description === 'string' && out.description !== '' ? `${out.description} ${sentence}` : sentence;
    const { description: _old, ...rest } = out;
    return { description: d, ...rest };
  }
  return out;
}

function keywordFor(c: Extract<Condition, { kind: 'bound' }>, types: string[]): { name: string; value: number | { const: number } } | undefined {
  if (c.subject === 'value') {
    if (!types.includes('number') && !types.includes('integer')) return undefined;
    if (c.op === '!=') return { name: 'not', value: { const: c.value } };
    const name = KEYWORD.value[c.op];
    return name === undefined ? undefined : { name, value: c.value };
  }
  // Lengths are whole numbers: `len s>2` is minLength 3; a fraction cannot be expressed exactly.
  const kind = types.includes('string') ? 'Length' : types.includes('array') ? 'Items' : undefined;
  if (kind === undefined || c.op === '!=') return undefined;
  let min: number | undefined;
  let max: number | undefined;
  if (c.op === '>=') min = Math.ceil(c.value);
  else if (c.op === '>') min = Math.floor(c.value) + 1;
  else if (c.op === '<=') max = Math.floor(c.value);
  else max = Math.ceil(c.value) - 1;
  // ilo's `len` of a text counts UTF-8 bytes, JSON Schema's minLength code
  // points: they agree only on "not empty". Other text bounds stay prose.
  if (kind === 'Length') return min === 1 ? { name: 'minLength', value: 1 } : undefined;
  if (min !== undefined) return { name: 'minItems', value: Math.max(0, min) };
  if (max !== undefined && max >= 0) return { name: 'maxItems', value: max };
  return undefined;
}
