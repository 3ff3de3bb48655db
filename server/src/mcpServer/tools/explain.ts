// `explain`: what a diagnostic code means — the reference codes (ILO-…,
// explained in server/src/explain) and the contract lint codes (their risk) —
// at a level: the one asked for, else the server's (a code may mean
// something else at level 26, ILO-T024 for one).

import { explain, normalizeCode, type ExplainLevel } from '../../explain';
import { LINT_RISK, type LintCode } from '../../contracts/lints';
import type { Args } from '../args';
import type { ToolAnswer } from '../context';
import { levelFor } from '../level';
import { ToolFailure } from '../toolFailure';

export interface CodeMeaning {
  code: string;
  title?: string;
  meaning: string;
  wrong?: string;
  right?: string;
  fix?: string;
}

/** The meaning of a code at a level, or undefined when none is known. */
export function explainCode(input: string, level: ExplainLevel): CodeMeaning | undefined {
  const e = explain(input, level);
  if (e) {
    const out: CodeMeaning = { code: e.code, title: e.title, meaning: e.meaning };
    if (e.example) {
      out.wrong = e.example.wrong;
      out.right = e.example.right;
    }
    out.fix = e.fix;
    return out;
  }
  const lint = input.trim().toLowerCase();
  if (Object.hasOwn(LINT_RISK, lint)) return { code: lint, meaning: LINT_RISK[lint as LintCode] };
  return undefined;
}

export function runExplain(args: Args): ToolAnswer {
  const code = String(args.code);
  const level = levelFor(args.level as string | undefined, '').name as ExplainLevel;
  const e = explainCode(code, level);
  if (!e) {
    const shown = code.length > 40 ? `${code.slice(0, 37)}...` : code;
    const other = explain(code);
    if (other) throw new ToolFailure(`${other.code} does not exist at level ${level}; ask with level 26`);
    if (normalizeCode(code) === undefined && /^[a-z]+(?:-[a-z0-9]+)+$/.test(code.trim())) throw new ToolFailure(`no explanation for '${shown}' in this version`);
    const shape = normalizeCode(code) === undefined ? '; codes look like ILO-T005, T005 or instructs-model' : '';
    throw new ToolFailure(`unknown code '${shown}'${shape}`);
  }
  const lines = [e.title ? `${e.code}: ${e.title}` : e.code, e.meaning];
  if (e.wrong !== undefined) lines.push(`wrong:\n${e.wrong}`, `right:\n${e.right}`);
  if (e.fix) lines.push(`fix: ${e.fix}`);
  return { structured: { ...e, level }, text: lines.join('\n') };
}
