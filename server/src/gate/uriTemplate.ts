// Whether a uri is one a pinned resource template (RFC 6570) describes, so
// that resources/read can be sent to the server that pinned it. The template
// becomes an anchored pattern run by the linear-time engine (safeRegex.ts):
// a template is text from a server, and `{a}{b}{c}…` against a long uri
// would be a backtracking trap for an ordinary regular expression.
//
//   {var} {a,b}   one or more values without / ? #
//   {+var}        reserved expansion: anything but #
//   {#var}        a fragment, or nothing
//   {.var} {/var} {;var}   repeated . / ; segments, or nothing
//   {?a,b} {&a}   a query part, or nothing

import { linearRegExp, type LinearRegExp } from './safeRegex';

export interface UriMatcher {
  matches(uri: string): boolean;
}

const VARSPEC = /^[A-Za-z0-9_%][A-Za-z0-9_.%]*(?::[1-9][0-9]{0,3}|\*)?$/;

function escape(literal: string): string {
  return literal.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

const EXPANSION: Record<string, string> = {
  '': '[^/?#]*',
  '+': '[^#]*',
  '#': '(?:#.*)?',
  '.': '(?:\\.[^/?#]*)*',
  '/': '(?:/[^/?#]*)*',
  ';': '(?:;[^/?#]*)*',
  '?': '(?:\\?[^#]*)?',
  '&': '(?:&[^#]*)?',
};

/** A matcher for a uri template, or why it cannot be used. */
export function compileUriTemplate(template: string): UriMatcher | { error: string } {
  if (template.length > 2048) return { error: 'it is longer than 2048 characters' };
  let pattern = '^';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const close = template.indexOf('}', i);
    if (close !== -1 && (open === -1 || close < open)) return { error: 'it has a closing brace without an opening one' };
    if (open === -1) {
      pattern += escape(template.slice(i));
      break;
    }
    pattern += escape(template.slice(i, open));
    const end = template.indexOf('}', open);
    if (end === -1) return { error: 'it has an opening brace without a closing one' };
    let body = template.slice(open + 1, end);
    const op = body !== '' && '+#./;?&'.includes(body[0]) ? body[0] : '';
    body = body.slice(op.length);
    const vars = body.split(',');
    if (vars.some((v) => !VARSPEC.test(v))) return { error: 'it has an expression that is not RFC 6570' };
    pattern += EXPANSION[op];
    i = end + 1;
  }
  pattern += '$';
  let re: LinearRegExp;
  try {
    re = linearRegExp(pattern, 's');
  } catch {
    return { error: 'it cannot be matched in linear time' };
  }
  return { matches: (uri: string) => uri.length <= 8192 && re.test(uri) };
}
