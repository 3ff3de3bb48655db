// `ilo-ls check --format sarif`: a SARIF 2.1.0 log for GitHub code scanning
// and other SARIF viewers. Rule ids are the diagnostic codes (stable:
// `ILO-T005`, `same-schema`); each rule's help is the explanation that
// `ilo-ls explain` prints and the editor's hover shows. Results carry a
// partial fingerprint that survives unrelated edits, and suppressed findings
// are included with their suppression (kind and justification), as SARIF
// intends, so viewers can show them as such.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { explain, explanationMarkdown, explanationText } from '../explain';
import { FINGERPRINT_KEY } from '../suppress';
import { REPOSITORY_URL, VERSION } from '../version';
import type { CheckFinding } from './check';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/** Our own codes that are about tools an agent may misuse or be attacked through. */
const SECURITY_CODES = new Set([
  'instructs-model',
  'hidden-unicode',
  'requests-secret',
  'credential-in-contract',
  'confusable-name',
  'same-schema',
  'same-behavior',
  'effect-gate',
  'tool-changed',
  'tool-removed',
  'prompt-changed',
  'prompt-removed',
  'resource-changed',
  'resource-removed',
  'resource-template-changed',
  'resource-template-removed',
  'prototype-key',
  'oversized-definition',
  'lint-failed',
]);

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<string, SarifLevel> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

const SRCROOT = '%SRCROOT%';

/** A SARIF log of `findings` (reported and suppressed), with paths relative to `cwd`. */
export function sarifLog(findings: readonly CheckFinding[], options: { cwd: string }): object {
  const rules: object[] = [];
  const ruleIndex = new Map<string, number>();
  const results = findings.map((f) => {
    let index = ruleIndex.get(f.code);
    if (index === undefined) {
      index = rules.length;
      ruleIndex.set(f.code, index);
      rules.push(rule(f));
    }
    const result: Record<string, unknown> = {
      ruleId: f.code,
      ruleIndex: index,
      level: LEVEL[f.severity] ?? 'error',
      message: { text: f.message },
      locations: [{ physicalLocation: { artifactLocation: artifact(f.file, options.cwd), region: region(f) } }],
      partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
    };
    if (f.suppressedBy) {
      result.suppressions = [{ kind: f.suppressedBy.kind === 'inline' ? 'inSource' : 'external', status: 'accepted', justification: f.suppressedBy.reason }];
    }
    return result;
  });
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'ilo-ls', version: VERSION, semanticVersion: VERSION, informationUri: REPOSITORY_URL, rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(options.cwd) } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

function rule(f: CheckFinding): object {
  const e = explain(f.code);
  const tags = [f.source, ...(SECURITY_CODES.has(f.code) ? ['security'] : [])];
  const out: Record<string, unknown> = {
    id: f.code,
    name: ruleName(f.code),
    shortDescription: { text: e ? sentence(e.title) : f.code },
    defaultConfiguration: { level: LEVEL[f.severity] ?? 'error' },
    properties: { tags },
  };
  if (e) {
    out.fullDescription = { text: e.meaning };
    out.help = { text: explanationText(e), markdown: explanationMarkdown(e) };
  }
  return out;
}

/** `same-schema` → `SameSchema`, `ILO-T005` → `IloT005`: SARIF's `name` is an identifier. */
function ruleName(code: string): string {
  return code
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase())
    .join('');
}

function sentence(title: string): string {
  return title[0].toUpperCase() + title.slice(1) + '.';
}

function region(f: CheckFinding): object {
  return { startLine: f.line, startColumn: f.col, endLine: Math.max(f.endLine, f.line), endColumn: f.endLine > f.line ? f.endCol : Math.max(f.endCol, f.col) };
}

/** A file below `cwd` relative to %SRCROOT% (what code scanning wants); anything else as a file: URI. */
function artifact(file: string, cwd: string): object {
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(path.resolve(dir)).href;
  return href.endsWith('/') ? href : `${href}/`;
}
