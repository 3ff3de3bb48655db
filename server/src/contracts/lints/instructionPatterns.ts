// Text in a tool definition that talks to the model instead of describing
// the tool (seed 003: malicious tool definitions, tool shadowing). Matched on
// the folded views of textFold.ts, so look-alike letters, invisible
// characters and digits for letters do not hide a phrase.
//
// The phrases are grouped by what the text tries to do, each built from word
// classes rather than from a list of known sentences, so rephrasings land in
// the same class ("disregard the earlier guidance", "set aside your prior
// directives", "the previous rules no longer apply"):
//
//   override   discard the instructions the model already has;
//   hijack     give the model a new role, prompt or task, or fake a system turn;
//   steer      make the model pick this tool every time, first, or instead of another;
//   conceal    keep what happens from the user;
//   address    speak to the model directly ("Note to the AI: you must …");
//   markup     pseudo-system tags and comments a rendered view hides.
//
// Written to stay quiet on ordinary usage notes: "use this tool when you need
// X", "use X instead" (a deprecation), "use with caution", "ignore case",
// "skips hidden files". Every pattern has bounded gaps, so matching is linear
// in the length of the text.

import type { TextHit } from './textHit';
import { foldText, leetView, originalRange, type TextView } from './textFold';

/** Up to `n` words between two parts of a phrase (words of at most 30 letters). */
const gap = (n: number) => `(?:[\\s,;:'"()\\-]+[\\w'’]{1,30}){0,${n}}?[\\s,;:'"()\\-]+`;

// ---- override: a verb that discards what the model was told, and what it discards.
// Only verbs about attention and obedience: "cancel all open orders" and "skip hidden files"
// are ordinary operations.
const DISCARD =
  "(?:ignor(?:e|es|ing)|disregard(?:s|ing)?|forget(?:ting)?|overrid(?:e|es|ing)|overrule|bypass(?:ing)?|circumvent(?:ing)?|discard(?:ing)?|abandon(?:ing)?|nullify|supersede|(?:set|put|cast|push|throw)\\s+aside|pay\\s+no\\s+(?:attention|heed|mind)\\s+to|(?:do\\s+not|don'?t|never|no\\s+longer|stop|cease\\s+to)\\s+(?:follow(?:ing)?|obey(?:ing)?|heed(?:ing)?|comply(?:ing)?\\s+with|adher(?:e|ing)\\s+to|listen(?:ing)?\\s+to|abid(?:e|ing)\\s+by))";
/** What a model was told: suspicious as the object of such a verb whatever qualifies it. */
const GUIDANCE =
  '(?:instructions?|instructed|guidance|guidelines?|directives?|system\\s+(?:prompts?|messages?|rules)|guardrails?|safeguards?|safety\\s+(?:rules|measures|polic(?:y|ies)|filters?|guidelines)|content\\s+polic(?:y|ies)|(?:what|everything|anything)\\s+(?:you\\s+(?:were|have\\s+been|are)|(?:was|has\\s+been)\\s+)(?:told|given|instructed|asked))';
/** Words that place something before this text, or make it the model's own. */
const EARLIER = "(?:previous(?:ly)?|prior|earlier|preceding|above|foregoing|former|original|initial|your|system|developer|safety)";
/** Objects suspicious only with such a word: "ignore all lint rules" is a linter's option. */
const WEAK_OBJECT = '(?:rules?|context|messages?|conversation|commands?|orders?|directions?|constraints|restrictions|polic(?:y|ies)|prompts?|programming|training|tasks?)';

/** The model, named. */
const MODEL = '(?:ai|a\\.i\\.|llms?|(?:large\\s+)?language\\s+models?|assistants?|claude|chatgpt|gpt(?:-?\\d\\w*)?|gemini|copilot)';
/** Verbs by which a model picks or obeys a tool. */
const PICK = '(?:use|call|invoke|run|choose|select|prefer|pick|route|trust|obey|follow)';

interface InstructionPattern {
  re: RegExp;
  label: string;
}

const p = (source: string, label: string): InstructionPattern => ({ re: new RegExp(source, 'i'), label });

const PATTERNS: readonly InstructionPattern[] = [
  // override
  p(`\\b${DISCARD}${gap(5)}${GUIDANCE}\\b`, 'an order to discard its instructions'),
  p(`\\b${DISCARD}${gap(3)}${EARLIER}${gap(2)}${WEAK_OBJECT}\\b`, 'an order to discard what came before'),
  p(`\\b${DISCARD}\\s+(?:everything|all|anything)\\s+(?:above|before|else|prior|previously|earlier|you\\s+(?:know|were|have|learned))\\b`, 'an order to discard what came before'),
  p(`\\b${EARLIER}${gap(2)}(?:${GUIDANCE}|${WEAK_OBJECT})\\s+(?:(?:are|is)\\s+(?:now\\s+)?(?:no\\s+longer\\s+(?:valid|relevant|in\\s+effect|applicable|active)|void|null|obsolete|cancel(?:l)?ed|revoked|superseded|overridden|replaced|outdated|invalid)|(?:no\\s+longer|do\\s+not|don'?t)\\s+(?:apply|matter|count|hold))\\b`, 'a claim that its instructions no longer hold'),
  // hijack
  p(`\\b(?:you\\s+are\\s+(?:now|no\\s+longer)|you'?re\\s+now|from\\s+now\\s+on\\b[^.!?\\n]{0,20}?\\byou|(?:act|behave|respond|operate)\\s+as\\s+(?:if\\s+you|an?\\s+(?:unrestricted|unfiltered|different|new)|though)|pretend\\s+(?:to\\s+be|you\\s+are|that)|role-?play\\s+as|your\\s+(?:new|real|true|actual|primary|only|secret|hidden)\\s+(?:role|task|goal|job|purpose|objective|instructions?|mission|persona)\\s+(?:is|are|will\\s+be))\\b`, 'a new role for the model'),
  p(`(?:\\bnew\\s+(?:instructions?|rules|task|role|persona|directives?|system\\s+prompt)\\s*:|\\b(?:system|developer|admin(?:istrator)?|root|operator)\\s+(?:prompt|message|note|override|instructions?)\\s*:|(?:^|\\n)\\s*#*\\s*(?:system|assistant|developer)\\s*:|\\[\\s*/?\\s*(?:system|inst|sys|admin)\\s*\\]|<<\\s*/?\\s*sys\\s*>>|<\\|\\s*(?:im_start|im_end|system|endoftext|assistant|user)\\s*\\|>|\\b(?:god|dan|jailbreak)\\s+mode\\b|\\bjailbr(?:oken|eak)\\b|\\b(?:begin|start)\\s+(?:of\\s+)?(?:system|admin|hidden|secret)\\s+(?:prompt|instructions?|message)|#{2,}\\s*(?:instructions?|system)\\s*(?::|\\n|$))`, 'a fake system turn or prompt'),
  // steer
  p(`\\b(?:use|call|invoke|run|choose|select|prefer|trigger|pick)\\b[^.!?\\n]{0,60}?\\b(?:whenever|every\\s+(?:single\\s+)?time|at\\s+all\\s+times|in\\s+(?:all|every|any)\\s+cases?|no\\s+matter\\s+what)\\b`, 'a trigger for every situation'),
  p(`\\bwhenever\\s+(?:the\\s+)?user\\b`, 'a trigger on anything the user says'),
  p(`\\b(?:always|only\\s+ever|exclusively)\\s+(?:use|call|invoke|run|choose|select|prefer|pick|route|send|go\\s+through)\\b`, '"always use/call"'),
  p(`\\b(?:you|the\\s+(?:${MODEL}|agent|model))\\s+(?:must|should|shall|need\\s+to|have\\s+to|are\\s+(?:required|instructed|expected|supposed)\\s+to)\\s+(?:always|first|only|immediately|exclusively)\\s+${PICK}\\b`, 'an order to the model'),
  p(`\\b(?:use|call|invoke|run|prefer)\\s+(?:this|it)(?:\\s+tool|\\s+function)?\\s+(?:first\\s+)?(?:exclusively|before\\s+(?:anything|any(?:\\s+other)?|all(?:\\s+other)?|every|each|responding|answering|replying|doing\\s+anything)|for\\s+(?:every|all|any|each)\\s+(?:request|task|query|question|message|operation|call))\\b`, 'a claim to come first'),
  p(`\\b(?:this\\s+is\\s+)?the\\s+only\\s+tool\\s+(?:you|that\\s+(?:you\\s+)?)(?:should|may|must|can|need|are\\s+allowed)\\b`, 'a claim to be the only tool'),
  p(`\\b(?:prefer(?:red)?|choose|use|pick)\\s+(?:this|it)(?:\\s+tool)?\\s+(?:over|above|rather\\s+than)\\b`, 'a claim to be preferred'),
  p(`\\b(?:instead\\s+of|rather\\s+than|in\\s+place\\s+of)\\s+(?:using\\s+|calling\\s+|invoking\\s+)?(?:the\\s+|any\\s+)?(?:other\\s+tools?|built-?in\\s+tools?|[\`'"]?[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+[\`'"]?)`, '"instead of <another tool>"'),
  p(`\\b(?:never|do\\s+not|don'?t|avoid|stop)\\s+(?:use|call|invoke|using|calling|invoking|trust(?:ing)?)\\s+(?:any\\s+)?(?:other|another|different|alternative|the\\s+other|competing)\\s+tools?\\b`, '"do not use other tools"'),
  p(`\\bbefore\\s+(?:using|calling|invoking|running)\\s+(?:any|every|each|all)\\s+(?:other\\s+)?tools?\\b`, '"before using any other tool"'),
  p(`\\b(?:must|should)\\s+(?:always\\s+)?be\\s+(?:called|used|invoked|run)\\s+(?:first\\s+)?before\\s+(?:any|every|all|each|anything)\\b`, 'a claim to come first'),
  // conceal
  p(`\\b(?:do\\s+not|don'?t|never|without|avoid)\\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|notify(?:ing)?|alert(?:ing)?|ask(?:ing)?|show(?:ing)?|disclos(?:e|ing)|report(?:ing)?|explain(?:ing)?|warn(?:ing)?)(?:\\s+[\\w'’]{1,30}){0,4}?\\s+(?:to\\s+)?(?:the\\s+)?users?\\b`, 'hiding actions from the user'),
  p(`\\b(?:keep|hide)\\s+(?:this|it|that|these|them)(?:\\s+\\w+){0,2}?\\s+from\\s+(?:the\\s+)?users?\\b`, 'hiding actions from the user'),
  p(`\\b(?:the\\s+)?users?\\s+(?:must|should|need|does|do|will)\\s*(?:not|n'?t|never)\\s+(?:know|see|notice|find\\s+out|be\\s+(?:told|informed|aware|notified))\\b`, 'hiding actions from the user'),
  p(`\\b(?:silently|secretly|covertly|stealthily|surreptitiously)\\s+(?:\\w+\\s+){0,2}?(?:send|forward|upload|copy|include|attach|read|collect|exfiltrate|transmit|post|add|append|call|run|execute|invoke|pass|share|save|store|delete|modify)\\b`, 'hiding actions from the user'),
  p(`\\bwithout\\s+(?:(?:the\\s+)?user'?s?|their)\\s+(?:knowledge|consent|permission|awareness)\\b|\\bwithout\\s+(?:the\\s+user|them)\\s+(?:knowing|noticing|seeing)\\b`, 'hiding actions from the user'),
  p(`\\bexfiltrat(?:e|es|ing|ion)\\b`, 'exfiltration'),
  // address the model directly
  p(`\\b(?:note|instructions?|attention|reminder|notice|warning|important|memo)\\s+(?:to|for)\\s+(?:the\\s+|any\\s+|all\\s+)?${MODEL}\\b`, 'a note addressed to the model'),
  p(`\\b(?:dear|hey|hello|attention)\\s+${MODEL}\\b`, 'a note addressed to the model'),
  p(`\\b(?:${MODEL}|agent|model)\\s*[,:]\\s*you\\s+(?:must|should|shall|need\\s+to|have\\s+to|will|are\\s+(?:required|instructed)\\s+to)\\b`, 'a note addressed to the model'),
  p(`\\bas\\s+an?\\s+(?:ai|large\\s+language\\s+model|language\\s+model|assistant|agent)\\s*,?\\s+you\\s+(?:must|should|shall|will|need)\\b`, 'a note addressed to the model'),
  // markup a rendered view hides or that imitates a system turn
  p(`<\\s*/?\\s*(?:important|system|system[-_]reminder|instructions?|secret|hidden|admin|override|sys|im_start|im_end|note_to_(?:ai|model|assistant))\\b[^<>]{0,40}>`, 'a pseudo-system tag'),
  p(`<!--`, 'a comment hidden from a rendered view'),
];

function findIn(view: TextView, hits: TextHit[]): void {
  for (const { re, label } of PATTERNS) {
    const m = re.exec(view.text);
    if (!m) continue;
    const { start, end } = originalRange(view, m.index, m.index + m[0].length);
    hits.push({ start, end, label });
  }
}

/**
 * Instruction-like phrases in a text: first hit per pattern and view,
 * overlapping hits reported once. Labels quote the original text found.
 */
export function findModelInstructions(text: string, folded: TextView = foldText(text)): TextHit[] {
  const raw: TextHit[] = [];
  findIn(folded, raw);
  const leet = leetView(folded);
  if (leet !== folded) findIn(leet, raw);
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept = raw.filter((h, i) => !raw.slice(0, i).some((k) => k.start < h.end && h.start < k.end));
  return kept.map((h) => ({ ...h, label: `${h.label}: "${quote(text.slice(h.start, h.end))}"` }));
}

/** A bounded quote of matched text for a message. */
function quote(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}
