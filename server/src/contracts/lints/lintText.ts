// Text detectors for tool contract lints: each looks at one string (a tool
// name, a description, a parameter name) and reports what it finds with the
// offsets inside that string. No knowledge of ilo or MCP here; lintTools.ts
// decides which strings to look at and how serious a finding is.

/** A match inside one string: `[start, end)` are UTF-16 offsets into it. */
export interface TextHit {
  start: number;
  end: number;
  /** What was found, for the message (a phrase, a code point list, a key kind). */
  label: string;
}

// ---------------------------------------------------------------- invisible and bidirectional characters

/** Bidirectional formatting characters: they reorder what a reviewer sees (Trojan Source). */
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** True for a code point a reader cannot see, or that changes how the text around it is displayed. */
export function isHiddenCodePoint(cp: number): boolean {
  if (BIDI.has(cp) || cp in NAMES) return true;
  if (cp >= 0xe0000 && cp <= 0xe007f) return true; // tag characters: invisible ASCII ("ASCII smuggling")
  if (cp >= 0xfe00 && cp <= 0xfe0f) return true; // variation selectors
  if (cp >= 0xe0100 && cp <= 0xe01ef) return true; // variation selectors supplement (used to hide bytes)
  if (cp >= 0xfff9 && cp <= 0xfffb) return true; // interlinear annotation controls
  // C0/C1 controls other than tab, line feed and carriage return.
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f)) return true;
  return false;
}

export function isBidiCodePoint(cp: number): boolean {
  return BIDI.has(cp);
}

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, `U+E0041 TAG LATIN CAPITAL LETTER A`, `U+0007 control`. */
export function describeCodePoint(cp: number): string {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  const name = NAMES[cp];
  if (name) return `${hex} ${name}`;
  if (cp >= 0xe0000 && cp <= 0xe007f) return `${hex} TAG CHARACTER`;
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return `${hex} VARIATION SELECTOR`;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `${hex} control character`;
  return `${hex} invisible character`;
}

export interface HiddenRun extends TextHit {
  /** Every distinct code point in the run, described. */
  codePoints: string[];
  bidi: boolean;
  /** Tag characters spell out hidden ASCII text: this is it, decoded. */
  smuggled?: string;
}

/**
 * Runs of invisible or bidirectional characters. Adjacent hidden characters
 * form one run, so a smuggled sentence of tag characters is one finding.
 */
export function findHiddenCharacters(text: string): HiddenRun[] {
  const runs: HiddenRun[] = [];
  let cur: { start: number; end: number; cps: number[] } | undefined;
  const flush = () => {
    if (!cur) return;
    const distinct = [...new Set(cur.cps)];
    const tags = cur.cps.filter((c) => c >= 0xe0020 && c <= 0xe007e);
    const run: HiddenRun = {
      start: cur.start,
      end: cur.end,
      codePoints: distinct.slice(0, 4).map(describeCodePoint).concat(distinct.length > 4 ? [`and ${distinct.length - 4} more`] : []),
      bidi: distinct.some(isBidiCodePoint),
      label: '',
    };
    if (tags.length > 0) run.smuggled = String.fromCodePoint(...tags.map((c) => c - 0xe0000));
    run.label = run.codePoints.join(', ');
    runs.push(run);
    cur = undefined;
  };
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isHiddenCodePoint(cp)) {
      if (cur && cur.end === i) {
        cur.end = i + ch.length;
        cur.cps.push(cp);
      } else {
        flush();
        cur = { start: i, end: i + ch.length, cps: [cp] };
      }
    }
    i += ch.length;
  }
  flush();
  return runs;
}

// ---------------------------------------------------------------- descriptions that instruct the model

/**
 * Phrases by which a tool description steers the planner instead of
 * describing the tool. Written to stay quiet on ordinary usage notes:
 * "use this tool when you need X", "use X instead" (deprecation) and
 * "use with caution" are not instructions to prefer this tool.
 */
const INSTRUCTION_PATTERNS: readonly { re: RegExp; label: string }[] = [
  { re: /\b(?:use|call|invoke|run|choose|select|prefer|trigger)\b[^.!?\n]{0,60}?\b(?:whenever|every\s+time|at\s+all\s+times|in\s+all\s+cases)\b/i, label: 'a trigger for every situation' },
  { re: /\bwhenever\s+the\s+user\b/i, label: 'a trigger on anything the user says' },
  { re: /\balways\s+(?:use|call|invoke|run|choose|select|prefer|pick|route|send)\b/i, label: '"always use/call"' },
  { re: /\b(?:you|the\s+(?:assistant|agent|model|ai))\s+(?:must|should)\s+(?:always|first|only)\s+(?:use|call|invoke|run)\b/i, label: 'an order to the model' },
  { re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|earlier|above|preceding|other|system|original)\s+(?:instructions?|prompts?|rules|directions|messages|guidelines|tools?)\b/i, label: '"ignore previous instructions"' },
  { re: /\binstead\s+of\s+(?:using\s+|calling\s+|invoking\s+)?(?:the\s+|any\s+)?(?:other\s+tools?|[`'"]?[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+[`'"]?)/i, label: '"instead of <another tool>"' },
  { re: /\b(?:never|do\s+not|don'?t)\s+(?:use|call|invoke)\s+(?:any\s+)?(?:other|another|the\s+other)\s+tools?\b/i, label: '"do not use other tools"' },
  { re: /\bbefore\s+(?:using|calling|invoking)\s+(?:any|every|each)\s+(?:other\s+)?tools?\b/i, label: '"before using any other tool"' },
  {
    re: /\b(?:do\s+not|don'?t|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|notify(?:ing)?|alert(?:ing)?|ask(?:ing)?|show(?:ing)?)\s+(?:this\s+|it\s+|anything\s+)?(?:to\s+)?the\s+user\b/i,
    label: 'hiding actions from the user',
  },
  { re: /<\/?\s*(?:important|system|instructions?|secret)\s*>/i, label: 'a pseudo-system tag' },
  { re: /\b(?:you\s+are\s+now|new\s+instructions?\s*:|system\s+prompt\s*:)/i, label: 'a prompt override' },
];

/** Instruction-like phrases in a description: first hit per pattern, overlapping hits reported once. */
export function findModelInstructions(text: string): TextHit[] {
  const hits: TextHit[] = [];
  for (const { re, label } of INSTRUCTION_PATTERNS) {
    const m = re.exec(text);
    if (m) hits.push({ start: m.index, end: m.index + m[0].length, label: `${label}: "${m[0]}"` });
  }
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  return hits.filter((h, i) => !hits.slice(0, i).some((k) => k.start < h.end && h.start < k.end));
}

// ---------------------------------------------------------------- secrets

/** Words naming a secret. `key` and `token` alone are too common (Redis keys, pagination tokens). */
const SECRET_WORDS =
  /\b(?:passwords?|passphrases?|passwd|pass[\s_-]?codes?|api[\s_-]?(?:keys?|tokens?|secrets?)|apikeys?|secret[\s_-]?keys?|client[\s_-]?secrets?|private[\s_-]?keys?|ssh[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication|orization)?[\s_-]?tokens?|bearer[\s_-]?tokens?|refresh[\s_-]?tokens?|session[\s_-]?(?:tokens?|cookies?)|credentials?|seed[\s_-]?phrases?|recovery[\s_-]?phrases?|mnemonic(?:[\s_-]?phrases?)?|credit[\s_-]?card(?:[\s_-]?numbers?)?|card[\s_-]?numbers?|cvv|cvc|social[\s_-]?security(?:[\s_-]?numbers?)?|ssn|one[\s_-]?time[\s_-]?(?:passwords?|codes?)|otp|2fa[\s_-]?codes?|id_rsa|id_ed25519|\.ssh\/|\.aws\/credentials|\.env\b|mcp\.json|\.netrc|keychain)/i;

/** Verbs that turn a mention of a secret into a request for one. */
const REQUEST_VERBS =
  /\b(?:provide|pass|include|send|enter|paste|supply|give|share|read|attach|submit|forward|upload|type|add|append|put|insert|requires?|needs?|asks?\s+for|must\s+contain)\b/i;

/** A description that asks for a secret: a secret word in the same sentence as a request verb. */
export function findSecretRequests(text: string): TextHit[] {
  const hits: TextHit[] = [];
  const sentence = /[^.!?\n]+[.!?]?/g;
  let m: RegExpExecArray | null;
  while ((m = sentence.exec(text))) {
    const s = m[0];
    const w = SECRET_WORDS.exec(s);
    if (w && REQUEST_VERBS.test(s)) {
      hits.push({ start: m.index + w.index, end: m.index + w.index + w[0].length, label: `"${w[0]}"` });
    }
  }
  return hits;
}

/** A parameter whose name says it carries a secret (`password`, `api_key`, `accessToken`, `ssn`). */
export function isSecretParameterName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const joined = words.join(' ');
  if (/^(?:password|passwd|passphrase|pwd|pin|ssn|cvv|cvc|otp|secret|mnemonic|credentials?)$/.test(joined)) return true;
  return SECRET_WORDS.test(joined) && !/^(?:key|token|cursor|page token|next token)$/.test(joined);
}

/** Credential shapes with a distinctive prefix or frame, so that false positives stay rare. */
const CREDENTIAL_SHAPES: readonly { re: RegExp; label: string }[] = [
  { re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g, label: 'a private key' },
  { re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, label: 'an AWS access key id' },
  { re: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, label: 'a GitHub token' },
  { re: /\bgithub_pat_[A-Za-z0-9_]{40,}\b/g, label: 'a GitHub token' },
  { re: /\bglpat-[A-Za-z0-9_-]{20,}\b/g, label: 'a GitLab token' },
  { re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, label: 'a Slack token' },
  { re: /\bsk-ant-[A-Za-z0-9_-]{20,}\b/g, label: 'an Anthropic API key' },
  { re: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,}\b/g, label: 'an OpenAI-style secret key' },
  { re: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b/g, label: 'a Stripe key' },
  { re: /\bAIza[0-9A-Za-z_-]{35}\b/g, label: 'a Google API key' },
  { re: /\bnpm_[A-Za-z0-9]{36}\b/g, label: 'an npm token' },
  { re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, label: 'a JSON Web Token' },
  { re: /\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*/g, label: 'a bearer token' },
  { re: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:[^\s:/@]{3,}@[^\s/]+/gi, label: 'a URL with a password' },
];

/** Strings that look like real credentials (matched text is masked in the label). */
export function findCredentials(text: string): TextHit[] {
  const hits: TextHit[] = [];
  for (const { re, label } of CREDENTIAL_SHAPES) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      if (!hits.some((h) => h.start < end && start < h.end)) hits.push({ start, end, label: `${label} (${mask(m[0])})` });
    }
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
