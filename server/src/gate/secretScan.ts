// Secrets in what upstream servers answer (seed 003, "output sanitization":
// API tokens must not reach the model's context). Every string of a tool
// result, a resource's text or a prompt's messages is scanned for credentials
// of a recognisable shape and each is replaced by `[redacted:category]`; the
// caller learns the categories and counts, never the text.
//
// Linear time, whatever the input: candidate starts are found by one pass of
// a pattern made only of literal alternatives (no quantifier that could
// backtrack), and each candidate is then checked by hand with character-class
// runs. A run is measured once per class: a candidate that starts inside a
// run already measured reuses its end, so `eyJ-eyJ-eyJ-…` or `a:a:a:…@` cost
// one pass, not one pass per candidate. (re2js, which the gate uses for
// schema patterns, was measured at about 2 s per MB on such input, and 0.7 s
// to compile the combined pattern; this scanner does the same work at native
// string speed.)
//
// What is recognised (docs/gate.md, "Secrets in results"):
//   private-key        -----BEGIN … PRIVATE KEY----- through its END line (to the end of the text when there is none)
//   aws-access-key     AKIA/ASIA/ABIA/ACCA + 16 upper-case letters or digits
//   github-token       ghp_/gho_/ghu_/ghs_/ghr_ + 36 or more; github_pat_…
//   gitlab-token       glpat-…
//   slack-token        xoxa-/xoxb-/xoxp-/xoxo-/xoxs-/xoxr-…
//   anthropic-key      sk-ant-…
//   openai-key         sk-… (sk-proj-, sk-svcacct-, sk-admin-) with 32 or more characters
//   stripe-key         sk_live_/sk_test_/rk_live_/rk_test_…
//   google-api-key     AIza + 35
//   npm-token          npm_ + 36
//   huggingface-token  hf_ + 30 or more
//   jwt                three base64url segments, the first starting eyJ
//   bearer-token       the token after `Bearer ` (the word is kept)
//   connection-string  the user:password of scheme://user:password@host, and `Password=…`/`Pwd=…` values

export const SECRET_CATEGORIES = [
  'private-key',
  'aws-access-key',
  'github-token',
  'gitlab-token',
  'slack-token',
  'anthropic-key',
  'openai-key',
  'stripe-key',
  'google-api-key',
  'npm-token',
  'huggingface-token',
  'jwt',
  'bearer-token',
  'connection-string',
] as const;
export type SecretCategory = (typeof SECRET_CATEGORIES)[number];

/** How many secrets of each category were redacted. */
export type SecretCounts = Partial<Record<SecretCategory, number>>;

const ALNUM = 0;
const UPPER_ALNUM = 1;
const ALNUM_UNDERSCORE = 2;
const B64URL = 3; // A-Z a-z 0-9 _ -
const ALNUM_DASH = 4;
const TOKEN68 = 5; // A-Z a-z 0-9 . _ ~ + / -
const URL_USER = 6; // not whitespace, ':', '/', '@'
const URL_PASS = 7; // not whitespace, '/', '@'
const SPACE = 8;
const CONN_VALUE = 9; // not whitespace, ';', quotes

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function inClass(cls: number, c: number): boolean {
  switch (cls) {
    case ALNUM:
      return isAlnum(c);
    case UPPER_ALNUM:
      return (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    case ALNUM_UNDERSCORE:
      return isAlnum(c) || c === 95;
    case B64URL:
      return isAlnum(c) || c === 95 || c === 45;
    case ALNUM_DASH:
      return isAlnum(c) || c === 45;
    case TOKEN68:
      return isAlnum(c) || c === 46 || c === 95 || c === 126 || c === 43 || c === 47 || c === 45;
    case URL_USER:
      return !isSpace(c) && c !== 58 && c !== 47 && c !== 64;
    case URL_PASS:
      return !isSpace(c) && c !== 47 && c !== 64;
    case SPACE:
      return c === 32 || c === 9;
    case CONN_VALUE:
      return !isSpace(c) && c !== 59 && c !== 34 && c !== 39;
    default:
      return false;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0;
}

/** Run ends by class, each measured once: a start inside one of the last runs measured reuses its end. */
class Runs {
  /** Per class, the last few runs measured: [start, end, start, end, …] (made when a class is first measured: most texts have no candidate at all). */
  private readonly recent: (number[] | undefined)[] = [];
  constructor(private readonly text: string) {}

  /** The end of the run of `cls` characters that starts at `from` (`from` itself when there is none). */
  end(cls: number, from: number): number {
    const r = (this.recent[cls] ??= []);
    for (let k = 0; k < r.length; k += 2) if (from >= r[k] && from < r[k + 1]) return r[k + 1];
    let i = from;
    const t = this.text;
    while (i < t.length && inClass(cls, t.charCodeAt(i))) i++;
    if (i > from) {
      r.push(from, i);
      if (r.length > 8) r.splice(0, 2);
    }
    return i;
  }
}

interface Hit {
  start: number;
  end: number;
  category: SecretCategory;
}

/** Where a check may start. Literals only: matching it cannot backtrack. */
const STARTS = /-----BEGIN |AKIA|ASIA|ABIA|ACCA|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xox[abposr]-|sk-|sk_live_|sk_test_|rk_live_|rk_test_|AIza|npm_|hf_|eyJ|[Bb]earer[ \t]|:\/\/|[Pp][Aa][Ss][Ss][Ww][Oo][Rr][Dd]=|[Pp][Ww][Dd]=/g;

const KEY_HEADER_MAX = 80;

/** The secrets in one text, in order, not overlapping. */
export function findSecrets(text: string): Hit[] {
  const hits: Hit[] = [];
  const runs = new Runs(text);
  // The next END line at or after a position, searched once per END (a thousand BEGINs without one cost one search).
  let endFrom = -1;
  let endAt = -1;
  const nextKeyEnd = (from: number): number => {
    if (endFrom === -1 || from < endFrom || (endAt !== -1 && endAt < from)) {
      endFrom = from;
      endAt = text.indexOf('-----END ', from);
    }
    return endAt;
  };
  STARTS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STARTS.exec(text))) {
    const at = m.index;
    const lit = m[0];
    const hit = check(text, at, lit, runs, nextKeyEnd);
    if (hit) {
      hits.push(hit);
      STARTS.lastIndex = Math.max(hit.end, at + 1);
    } else if (lit === 'eyJ') {
      // Every later `eyJ` inside this run has the same end, so fails the same way.
      STARTS.lastIndex = Math.max(runs.end(B64URL, at), at + 1);
    } else {
      STARTS.lastIndex = at + 1;
    }
  }
  return hits;
}

function boundaryBefore(text: string, at: number): boolean {
  return at === 0 || !isAlnum(text.charCodeAt(at - 1));
}

function check(text: string, at: number, lit: string, runs: Runs, nextKeyEnd: (from: number) => number): Hit | undefined {
  const after = at + lit.length;
  const span = (cls: number, from: number, min: number, category: SecretCategory): Hit | undefined => {
    const end = runs.end(cls, from);
    return end - from >= min ? { start: at, end, category } : undefined;
  };
  if (lit === '-----BEGIN ') return privateKey(text, at, nextKeyEnd);
  if (lit === '://') return urlPassword(text, at, runs);
  if (lit.endsWith('=') && /^(?:password|pwd)=$/i.test(lit)) {
    if (!boundaryBefore(text, at) || text.charCodeAt(at - 1) === 95) return undefined;
    const end = runs.end(CONN_VALUE, after);
    return end > after ? { start: after, end, category: 'connection-string' } : undefined;
  }
  if (!boundaryBefore(text, at)) return undefined;
  switch (lit) {
    case 'AKIA':
    case 'ASIA':
    case 'ABIA':
    case 'ACCA': {
      const end = runs.end(ALNUM, after);
      if (end - after !== 16) return undefined;
      for (let i = after; i < end; i++) if (!inClass(UPPER_ALNUM, text.charCodeAt(i))) return undefined;
      return { start: at, end, category: 'aws-access-key' };
    }
    case 'ghp_':
    case 'gho_':
    case 'ghu_':
    case 'ghs_':
    case 'ghr_':
      return span(ALNUM, after, 36, 'github-token');
    case 'github_pat_':
      return span(ALNUM_UNDERSCORE, after, 22, 'github-token');
    case 'glpat-':
      return span(B64URL, after, 20, 'gitlab-token');
    case 'sk-':
      if (text.startsWith('ant-', after)) return span(B64URL, after + 4, 20, 'anthropic-key');
      return span(B64URL, after, 32, 'openai-key');
    case 'sk_live_':
    case 'sk_test_':
    case 'rk_live_':
    case 'rk_test_':
      return span(ALNUM, after, 16, 'stripe-key');
    case 'AIza':
      return span(B64URL, after, 35, 'google-api-key');
    case 'npm_':
      return span(ALNUM, after, 36, 'npm-token');
    case 'hf_':
      return span(ALNUM, after, 30, 'huggingface-token');
    case 'eyJ':
      return jwt(text, at, runs);
  }
  if (lit.startsWith('xox')) return span(ALNUM_DASH, after, 10, 'slack-token');
  if (/^[Bb]earer[ \t]$/.test(lit)) {
    const from = runs.end(SPACE, after);
    const end = runs.end(TOKEN68, from);
    if (end - from < 16) return undefined;
    let stop = end;
    while (stop < text.length && text.charCodeAt(stop) === 61) stop++;
    return { start: from, end: stop, category: 'bearer-token' };
  }
  return undefined;
}

/** header.payload.signature, each base64url; the signature may be empty (`alg: none`). */
function jwt(text: string, at: number, runs: Runs): Hit | undefined {
  const head = runs.end(B64URL, at);
  if (head - at < 11 || text.charCodeAt(head) !== 46) return undefined;
  const body = runs.end(B64URL, head + 1);
  if (body - (head + 1) < 8 || text.charCodeAt(body) !== 46) return undefined;
  const sig = runs.end(B64URL, body + 1);
  return { start: at, end: sig, category: 'jwt' };
}

function isSchemeChar(c: number): boolean {
  return isAlnum(c) || c === 43 || c === 46 || c === 45;
}

/** `scheme://user:password@host`: the user and password are redacted, scheme and host kept. */
function urlPassword(text: string, at: number, runs: Runs): Hit | undefined {
  let start = at;
  while (start > 0 && at - start < 32 && isSchemeChar(text.charCodeAt(start - 1))) start--;
  const first = text.charCodeAt(start);
  if (start === at || !((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return undefined;
  const userStart = at + 3;
  const userEnd = runs.end(URL_USER, userStart);
  if (text.charCodeAt(userEnd) !== 58) return undefined;
  const passEnd = runs.end(URL_PASS, userEnd + 1);
  if (passEnd === userEnd + 1 || text.charCodeAt(passEnd) !== 64) return undefined;
  return { start: userStart, end: passEnd, category: 'connection-string' };
}

/** A PEM private key block: from BEGIN through its END line, or to the end of the text when it has none. */
function privateKey(text: string, at: number, nextKeyEnd: (from: number) => number): Hit | undefined {
  const window = text.slice(at + 11, at + 11 + KEY_HEADER_MAX);
  const rel = window.indexOf('-----');
  if (rel === -1) return undefined;
  const headerEnd = at + 11 + rel;
  const label = text.slice(at + 11, headerEnd);
  if (!/^(?:[A-Z0-9]{1,20} ){0,4}PRIVATE KEY(?: BLOCK)?$/.test(label)) return undefined;
  const bodyStart = headerEnd + 5;
  const endLine = nextKeyEnd(bodyStart);
  if (endLine === -1) return { start: at, end: text.length, category: 'private-key' };
  const close = text.slice(endLine + 9, endLine + 9 + KEY_HEADER_MAX).indexOf('-----');
  const end = close !== -1 ? endLine + 9 + close + 5 : text.length;
  return { start: at, end, category: 'private-key' };
}

/** The text with each secret replaced by `[redacted:category]`, and the counts. */
export function redactText(text: string, counts: SecretCounts = {}): { text: string; counts: SecretCounts; changed: boolean } {
  const hits = findSecrets(text);
  if (hits.length === 0) return { text, counts, changed: false };
  let out = '';
  let last = 0;
  for (const h of hits) {
    out += text.slice(last, h.start) + `[redacted:${h.category}]`;
    last = h.end;
    counts[h.category] = (counts[h.category] ?? 0) + 1;
  }
  return { text: out + text.slice(last), counts, changed: true };
}

/** Fields holding base64 binary (images, audio, blobs): not text, never rewritten. */
const BINARY_FIELDS: ReadonlySet<string> = new Set(['blob', 'data']);

/** Most values visited in one answer; past it the answer is refused rather than passed on half-scanned. */
export const MAX_SCANNED_VALUES = 2_000_000;

export class SecretScanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretScanError';
  }
}

/**
 * Every string value of a JSON answer redacted, in place, without recursion
 * (keys are left alone: they are the answer's structure). Base64 `blob` and
 * `data` fields are skipped. `_meta` is scanned too. Throws SecretScanError
 * past MAX_SCANNED_VALUES values.
 */
export function redactJson(value: unknown, counts: SecretCounts = {}): SecretCounts {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (++visited > MAX_SCANNED_VALUES) throw new SecretScanError(`the answer has more than ${MAX_SCANNED_VALUES} values`);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string') {
          const r = redactText(x, counts);
          if (r.changed) v[i] = r.text;
        } else if (x !== null && typeof x === 'object') stack.push(x);
      }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (typeof x === 'string') {
        if (BINARY_FIELDS.has(k)) continue;
        const r = redactText(x, counts);
        if (r.changed) Object.defineProperty(o, k, { value: r.text, writable: true, enumerable: true, configurable: true });
      } else if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  return counts;
}

/** `2 secrets (github-token, jwt)` for a log line; empty when nothing was redacted. */
export function countsText(counts: SecretCounts): string {
  const entries = SECRET_CATEGORIES.filter((c) => (counts[c] ?? 0) > 0).map((c) => [c, counts[c]!] as [SecretCategory, number]);
  const total = entries.reduce((a, [, n]) => a + n, 0);
  if (total === 0) return '';
  return `${total} secret${total === 1 ? '' : 's'} (${entries.map(([c, n]) => (n > 1 ? `${c} ×${n}` : c)).join(', ')})`;
}
