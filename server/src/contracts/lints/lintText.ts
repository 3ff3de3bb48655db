// Text detectors for tool contract lints: each looks at one string (a tool
// name, a description, a parameter name) and reports what it finds with the
// offsets inside that string. No knowledge of ilo or MCP here; lintTools.ts
// decides which strings to look at and how serious a finding is.
//
// Invisible characters live in hiddenChars.ts, instructions to the model in
// instructionPatterns.ts; this file has secrets, credentials and the
// documentation-quality checks. Every detector is linear in the length of
// its text (no unbounded quantifier that can backtrack over another).

export type { TextHit } from './textHit';
export { findHiddenCharacters, isHiddenCodePoint, isBidiCodePoint, describeCodePoint, type HiddenRun } from './hiddenChars';
export { findModelInstructions } from './instructionPatterns';
import type { TextHit } from './textHit';
import { foldText, originalRange, wordsView, type TextView } from './textFold';

// ---------------------------------------------------------------- secrets

/**
 * Words naming a secret. `key` and `token` alone are too common (Redis keys,
 * pagination tokens); with a word that says whose or what kind, they name a
 * secret. Matched on the words view (snake_case and camelCase split), with
 * boundaries that treat `_` and `-` as separators.
 */
const SECRET_WORDS = new RegExp(
  '(?<![a-z0-9])(?:' +
    [
      'passwords?', 'passphrases?', 'passwd', 'pass[\\s-]?codes?',
      'api[\\s-]?(?:keys?|tokens?|secrets?)', 'apikeys?',
      '(?:secret|private|signing|encryption|master|ssh|deploy|license)[\\s-]?keys?',
      'secret[\\s-]?access[\\s-]?keys?', 'access[\\s-]?keys?(?:[\\s-]?ids?)?', 'client[\\s-]?secrets?', 'app[\\s-]?secrets?',
      '(?:aws|azure|gcp|google|github|gitlab|slack|stripe|openai|anthropic|hugging[\\s-]?face|hf|npm|pypi|docker|twilio|sendgrid|discord|telegram|jira|notion|linear)[\\s-]?(?:api[\\s-]?)?(?:keys?|tokens?|secrets?|credentials?|passwords?|pat)',
      '(?:access|auth(?:entication|orization)?|bearer|refresh|session|personal[\\s-]?access|oauth|jwt)[\\s-]?tokens?',
      'session[\\s-]?cookies?', 'credentials?', 'creds',
      '(?:seed|recovery|secret)[\\s-]?phrases?', 'mnemonic(?:[\\s-]?phrases?)?', 'wallet[\\s-]?(?:keys?|seeds?)',
      'credit[\\s-]?card(?:[\\s-]?numbers?)?', 'card[\\s-]?numbers?', 'cvv', 'cvc', 'social[\\s-]?security(?:[\\s-]?numbers?)?', 'ssn',
      'one[\\s-]?time[\\s-]?(?:passwords?|codes?)', 'otp', '2fa[\\s-]?codes?', 'mfa[\\s-]?codes?',
      'id[\\s_]rsa', 'id[\\s_](?:dsa|ecdsa|ed25519)', '\\.ssh\\/', '\\.aws\\/(?:credentials|config)', '\\.env(?:\\.[a-z]+)?(?![a-z0-9])',
      'mcp\\.json', '\\.netrc', '\\.npmrc', '\\.pypirc', '\\.git-credentials', '\\.kube\\/config', '\\.docker\\/config\\.json', '\\.pem(?![a-z0-9])', '\\.p12', '\\.pfx',
      '\\/etc\\/(?:passwd|shadow)', 'keychain', 'keystore', 'process\\.env', 'os\\.environ', 'printenv',
      '(?:your|the)\\s+system[\\s-]?prompt', '(?:your|the\\s+(?:full|entire|whole|complete))\\s+(?:conversation|chat)(?:\\s+history)?', '(?:full|entire|whole|complete)\\s+(?:conversation|chat)\\s+history',
    ].join('|') +
    ')(?![a-z0-9])',
  'i',
);

/** Upper-case environment variable names that hold secrets (`OPENAI_API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`). */
const SECRET_ENV_NAME = /(?<![A-Za-z0-9_])\$?\{?[A-Z][A-Z0-9]{0,30}(?:_[A-Z0-9]{1,30}){0,6}_(?:API_?KEY|KEY|SECRET(?:_KEY)?|TOKEN|PASSWORD|PASSWD|PWD|PASS|CREDENTIALS?|AUTH|PAT)(?![A-Za-z0-9_])/;

/** Verbs that turn a mention of a secret into a request for one. */
const REQUEST_VERBS =
  /(?<![a-z0-9])(?:provide|pass|include|send|enter|paste|supply|give|share|read|attach|submit|forward|upload|type|add|append|put|insert|embed|copy|dump|print|reveal|disclose|output|echo|fill(?:\s+in)?|place|cat|requires?|needs?|asks?\s+for|must\s+contain|contents?\s+of|values?\s+of)(?![a-z0-9])/i;

/** The same without verbs that only say a secret is configured ("requires the GITHUB_TOKEN variable"). */
const ACTIVE_VERBS =
  /(?<![a-z0-9])(?:provide|pass|include|send|enter|paste|supply|give|share|read|attach|submit|forward|upload|type|add|append|put|insert|embed|copy|dump|print|reveal|disclose|output|echo|fill(?:\s+in)?|place|cat|contents?\s+of|values?\s+of)(?![a-z0-9])/i;

/** At most this many hits of one detector in one text (a hostile text can repeat a phrase a million times). */
const MAX_HITS = 20;

/**
 * A text that asks for a secret: a secret word (or a secret-holding
 * environment variable name) in the same sentence as a request verb. Read on
 * the folded words view, so look-alike letters, invisible characters and
 * `SNAKE_CASE` do not hide the words.
 */
export function findSecretRequests(text: string, folded: TextView = foldText(text)): TextHit[] {
  const view = wordsView(folded);
  const hits: TextHit[] = [];
  const sentence = /[^.!?\n]+[.!?]?/g;
  let m: RegExpExecArray | null;
  while ((m = sentence.exec(view.text)) && hits.length < MAX_HITS) {
    const s = m[0];
    if (!REQUEST_VERBS.test(s)) continue;
    const w = SECRET_WORDS.exec(s);
    const at = w ? m.index + w.index : undefined;
    if (w && at !== undefined) {
      const { start, end } = originalRange(view, at, at + w[0].length);
      const original = text.slice(start, end);
      // An environment variable's name with "requires"/"needs" is a configuration note, not a request.
      if (/^[A-Z0-9]+(?:_[A-Z0-9]+)+$/.test(original) && !ACTIVE_VERBS.test(s)) continue;
      hits.push({ start, end, label: `"${original}"` });
    }
  }
  // Environment variable names are matched where their underscores still are.
  const env = /[^.!?\n]+[.!?]?/g;
  while ((m = env.exec(folded.text)) && hits.length < MAX_HITS) {
    const s = m[0];
    const e = SECRET_ENV_NAME.exec(s);
    if (!e || !ACTIVE_VERBS.test(s.replace(/_/g, ' '))) continue;
    const { start, end } = originalRange(folded, m.index + e.index, m.index + e.index + e[0].length);
    if (!hits.some((h) => h.start < end && start < h.end)) hits.push({ start, end, label: `"${text.slice(start, end)}"` });
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** A parameter whose name says it carries a secret (`password`, `api_key`, `accessToken`, `aws_secret_access_key`, `OPENAI_API_KEY`). */
export function isSecretParameterName(name: string): boolean {
  const folded = foldText(name).text;
  if (SECRET_ENV_NAME.test(folded)) return true;
  const words = folded
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const joined = words.join(' ');
  if (/^(?:password|passwd|passphrase|pwd|pin|ssn|cvv|cvc|otp|secret|secrets|mnemonic|credentials?|creds|private key|token secret)$/.test(joined)) return true;
  if (/^(?:key|token|cursor|page token|next token|id token|session id|csrf token|xsrf token)$/.test(joined)) return false;
  const w = SECRET_WORDS.exec(joined);
  // A file or path word (".env", "mcp.json") does not make a parameter name secret.
  return w !== null && !/[./]/.test(w[0]);
}

/**
 * Credential shapes with a distinctive prefix or frame, so that false
 * positives stay rare. Each is tried only where its prefix starts (found by
 * one linear scan for all prefixes), as a sticky match with bounded
 * repetition, and the work on one text has a budget proportional to its
 * length: a text built to make the shapes rescan it ("sk-sk-sk-…") costs
 * linear time and at worst loses findings in itself.
 */
const CREDENTIAL_SHAPES: readonly { prefix: RegExp; re: RegExp; label: string }[] = [
  { prefix: /^-----BEGIN /, re: /-----BEGIN (?:[A-Z0-9]{1,20} ){0,4}PRIVATE KEY(?: BLOCK)?-----/y, label: 'a private key' },
  { prefix: /^A(?:KIA|SIA|BIA|CCA)/, re: /(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![0-9A-Za-z])/y, label: 'an AWS access key id' },
  { prefix: /^gh[pousr]_/, re: /gh[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9])/y, label: 'a GitHub token' },
  { prefix: /^github_pat_/, re: /github_pat_[A-Za-z0-9_]{40,255}/y, label: 'a GitHub token' },
  { prefix: /^glpat-/, re: /glpat-[A-Za-z0-9_-]{20,255}/y, label: 'a GitLab token' },
  { prefix: /^xox[abposr]-/, re: /xox[abposr]-[A-Za-z0-9-]{10,255}/y, label: 'a Slack token' },
  { prefix: /^sk-ant-/, re: /sk-ant-[A-Za-z0-9_-]{20,255}/y, label: 'an Anthropic API key' },
  { prefix: /^sk-/, re: /sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,255}/y, label: 'an OpenAI-style secret key' },
  { prefix: /^[rs]k_(?:live|test)_/, re: /[rs]k_(?:live|test)_[A-Za-z0-9]{16,255}/y, label: 'a Stripe key' },
  { prefix: /^AIza/, re: /AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/y, label: 'a Google API key' },
  { prefix: /^npm_/, re: /npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/y, label: 'an npm token' },
  { prefix: /^hf_/, re: /hf_[A-Za-z0-9]{30,255}/y, label: 'a Hugging Face token' },
  { prefix: /^eyJ/, re: /eyJ[A-Za-z0-9_-]{8,1024}\.eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,1024}/y, label: 'a JSON Web Token' },
  { prefix: /^Bearer\s/, re: /Bearer\s{1,4}[A-Za-z0-9._~+/-]{20,1024}=*/y, label: 'a bearer token' },
];

/** Where a shape may start: a prefix at a word start (`://` for URLs is handled apart). */
const CREDENTIAL_START = /(?<![A-Za-z0-9])(?:-----BEGIN |A(?:KIA|SIA|BIA|CCA)|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|sk-|[rs]k_(?:live|test)_|AIza|npm_|hf_|eyJ|Bearer\s)/g;
const URL_PASSWORD = /[^\s:/@]{1,256}:[^\s:/@]{3,256}@[^\s/]{1,256}/y;

/** Strings that look like real credentials (matched text is masked in the label). */
export function findCredentials(text: string): TextHit[] {
  const hits: TextHit[] = [];
  let budget = 8 * text.length + 20_000;
  const add = (start: number, end: number, label: string, matched: string) => {
    if (!hits.some((h) => h.start < end && start < h.end)) hits.push({ start, end, label: `${label} (${mask(matched)})` });
  };
  CREDENTIAL_START.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CREDENTIAL_START.exec(text)) && hits.length < MAX_HITS && budget > 0) {
    const at = m.index;
    const head = text.slice(at, at + 16);
    let matchedEnd = at + m[0].length;
    for (const shape of CREDENTIAL_SHAPES) {
      if (!shape.prefix.test(head)) continue;
      shape.re.lastIndex = at;
      const hit = shape.re.exec(text);
      budget -= 1100;
      if (hit) {
        add(at, at + hit[0].length, shape.label, hit[0]);
        matchedEnd = Math.max(matchedEnd, at + hit[0].length);
        break;
      }
    }
    CREDENTIAL_START.lastIndex = Math.max(CREDENTIAL_START.lastIndex, matchedEnd);
  }
  // URLs with a password: `scheme://user:pass@host`, found from each `://`.
  for (let at = text.indexOf('://'); at >= 0 && hits.length < MAX_HITS && budget > 0; at = text.indexOf('://', at + 3)) {
    let start = at;
    while (start > 0 && at - start < 31 && /[A-Za-z0-9+.-]/.test(text[start - 1])) start--;
    if (start === at || !/[A-Za-z]/.test(text[start])) continue;
    URL_PASSWORD.lastIndex = at + 3;
    const hit = URL_PASSWORD.exec(text);
    budget -= 800;
    if (hit) add(start, at + 3 + hit[0].length, 'a URL with a password', text.slice(start, at + 3 + hit[0].length));
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** Keep just enough of a secret to recognise it in a message. */
function mask(s: string): string {
  return s.length <= 8 ? '…' : `${s.slice(0, 6)}…`;
}

// ---------------------------------------------------------------- documentation quality

/** Descriptions longer than this (in o200k_base tokens, see measure/tokenCount.ts) get a `long-description` note. */
export const LONG_DESCRIPTION_TOKENS = 250;

const FILLER = /^(?:todo|tbd|fixme|n\/?a|none|null|undefined|description|desc|tool|a tool|the tool|this tool|my tool|test|testing|foo|bar|placeholder|helper|utility|does stuff|does things|function|a function)\.?$/i;

/**
 * Why a present description says nothing useful, or undefined when it is
 * fine: it only repeats the tool's name, is a placeholder, or is shorter
 * than three words.
 */
export function vagueDescriptionReason(description: string, toolName: string): string | undefined {
  const text = description.trim();
  const words = text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  if (FILLER.test(text)) return 'it is a placeholder';
  if (norm(text) === norm(toolName.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))) return "it only repeats the tool's name";
  if (words.length < 3) return `it has ${words.length === 1 ? 'one word' : `${words.length} words`}`;
  return undefined;
}
