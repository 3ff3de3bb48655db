// How often behavior inference agrees with careful hand labels.
//
//   npx tsx scripts/behavior-agreement.ts [MCP_DIR] [--verbose] [--json]
//
// MCP_DIR (default ../shared/corpus/mcp next to the project) holds
// `*.tools.json` (`tools/list` results) and `labels.tsv` (server, tool,
// mutability, action, output_domain, confidence, note). Prints agreement per
// field and for the whole triple, overall and per server, plus the rate at
// which inference claims high confidence and is right. --verbose lists every
// disagreement.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { factsFromMcpTool, inferBehavior, mcpToolsOf, type ToolBehavior } from '../server/src/contracts/behavior';

interface Label {
  server: string;
  tool: string;
  mutability: string;
  action: string;
  domain: string;
  confidence: string;
}

interface Row {
  label: Label;
  got: ToolBehavior;
}

function readLabels(file: string): Label[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines[0].split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((l) => {
    const c = l.split('\t');
    return {
      server: c[col('server')],
      tool: c[col('tool')],
      mutability: c[col('mutability')],
      action: c[col('action')],
      domain: c[col('output_domain')],
      confidence: c[col('confidence')] ?? '',
    };
  });
}

function pct(n: number, d: number): string {
  return d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`;
}

function main(): void {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const asJson = args.includes('--json');
  const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(__dirname, '..', '..', 'shared', 'corpus', 'mcp'));
  const labels = readLabels(path.join(dir, 'labels.tsv'));
  const tools = new Map<string, ReturnType<typeof mcpToolsOf>[number]>();
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.tools.json')).sort()) {
    const server = f.replace(/\.tools\.json$/, '');
    for (const t of mcpToolsOf(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))) tools.set(`${server}/${t.name}`, t);
  }

  const rows: Row[] = [];
  const missing: string[] = [];
  for (const label of labels) {
    const tool = tools.get(`${label.server}/${label.tool}`);
    if (!tool) {
      missing.push(`${label.server}/${label.tool}`);
      continue;
    }
    rows.push({ label, got: inferBehavior(factsFromMcpTool(tool)) });
  }

  const groups = new Map<string, Row[]>([['all', rows]]);
  for (const r of rows) {
    if (!groups.has(r.label.server)) groups.set(r.label.server, []);
    groups.get(r.label.server)!.push(r);
  }
  const score = (rs: Row[]) => ({
    tools: rs.length,
    mutability: rs.filter((r) => r.got.mutability === r.label.mutability).length,
    action: rs.filter((r) => r.got.action === r.label.action).length,
    domain: rs.filter((r) => r.got.domain === r.label.domain).length,
    triple: rs.filter((r) => r.got.mutability === r.label.mutability && r.got.action === r.label.action && r.got.domain === r.label.domain).length,
  });
  const highRows = rows.filter((r) => r.got.confidence === 'high');
  const highRight = highRows.filter((r) => r.got.mutability === r.label.mutability && r.got.action === r.label.action && r.got.domain === r.label.domain).length;

  if (asJson) {
    const out: Record<string, unknown> = {};
    for (const [g, rs] of groups) out[g] = score(rs);
    out.highConfidence = { claimed: highRows.length, right: highRight };
    out.missing = missing;
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    return;
  }

  const lines: string[] = [];
  lines.push(`behavior agreement with ${path.relative(process.cwd(), path.join(dir, 'labels.tsv')) || 'labels.tsv'}`);
  lines.push('');
  lines.push('server       tools  mutability   action       domain       triple');
  for (const [g, rs] of groups) {
    const s = score(rs);
    const cell = (n: number) => `${String(n).padStart(2)} ${pct(n, s.tools)}`;
    lines.push(`${g.padEnd(12)} ${String(s.tools).padStart(5)}  ${cell(s.mutability)}  ${cell(s.action)}  ${cell(s.domain)}  ${cell(s.triple)}`);
  }
  lines.push('');
  lines.push(`claimed high confidence: ${highRows.length} tools, triple right for ${highRight} (${pct(highRight, highRows.length).trim()})`);
  if (missing.length > 0) lines.push(`labels without a tool definition: ${missing.join(', ')}`);
  if (verbose) {
    lines.push('');
    lines.push('disagreements (label → inferred, [confidence] reasons):');
    for (const r of rows) {
      const l = r.label;
      const g = r.got;
      if (g.mutability === l.mutability && g.action === l.action && g.domain === l.domain) continue;
      const why = [g.reasons?.action, g.reasons?.domain].filter(Boolean).join('; ');
      lines.push(
        `  ${l.server}/${l.tool}: ${l.mutability} ${l.action} ${l.domain} (${l.confidence}) → ${g.mutability ?? '?'} ${g.action ?? '?'} ${g.domain ?? '?'} [${g.confidence}] ${why}`,
      );
    }
  }
  process.stdout.write(lines.join('\n') + '\n');
}

main();
