// Test helper: turns a VS Code snippet body into the text a user gets when they
// accept every default (Tab through without typing). Supports the parts of the
// snippet syntax our snippets use: $N, ${N}, ${N:default} (nested), ${N|a,b|}
// (first choice), and the escapes \$ \} \\.

type Node = { kind: 'text'; text: string } | { kind: 'tabstop'; n: number; children?: Node[]; choice?: string };

class SnippetSyntaxError extends Error {}

function parse(src: string): Node[] {
  let i = 0;
  function parseUntil(stopAtBrace: boolean): Node[] {
    const out: Node[] = [];
    let text = '';
    const flush = (): void => {
      if (text !== '') out.push({ kind: 'text', text });
      text = '';
    };
    while (i < src.length) {
      const c = src[i]!;
      if (c === '\\' && i + 1 < src.length && '$}\\'.includes(src[i + 1]!)) {
        text += src[i + 1];
        i += 2;
      } else if (c === '}' && stopAtBrace) {
        flush();
        return out;
      } else if (c === '$') {
        const simple = /^\$(\d+)/.exec(src.slice(i));
        if (simple) {
          flush();
          out.push({ kind: 'tabstop', n: Number(simple[1]) });
          i += simple[0].length;
          continue;
        }
        const head = /^\$\{(\d+)([:|}])/.exec(src.slice(i));
        if (!head) throw new SnippetSyntaxError(`unsupported $ at ${i} in ${JSON.stringify(src)}`);
        flush();
        const n = Number(head[1]);
        i += head[0].length;
        if (head[2] === '}') {
          out.push({ kind: 'tabstop', n });
        } else if (head[2] === ':') {
          const children = parseUntil(true);
          if (src[i] !== '}') throw new SnippetSyntaxError(`unclosed \${${n}: in ${JSON.stringify(src)}`);
          i++;
          out.push({ kind: 'tabstop', n, children });
        } else {
          const end = src.indexOf('|}', i);
          if (end < 0) throw new SnippetSyntaxError(`unclosed choice in ${JSON.stringify(src)}`);
          out.push({ kind: 'tabstop', n, choice: src.slice(i, end).split(',')[0] ?? '' });
          i = end + 2;
        }
      } else {
        text += c;
        i++;
      }
    }
    if (stopAtBrace) throw new SnippetSyntaxError(`unclosed placeholder in ${JSON.stringify(src)}`);
    flush();
    return out;
  }
  return parseUntil(false);
}

/** Every tabstop number with the default nodes given for it (first definition wins). */
function collectDefaults(nodes: Node[], into: Map<number, Node[] | string>): void {
  for (const node of nodes) {
    if (node.kind !== 'tabstop') continue;
    if (node.children !== undefined) {
      if (!into.has(node.n)) into.set(node.n, node.children);
      collectDefaults(node.children, into);
    } else if (node.choice !== undefined && !into.has(node.n)) {
      into.set(node.n, node.choice);
    }
  }
}

export interface ExpandedSnippet {
  text: string;
  /** Tabstop numbers (other than 0) that are used but never given a default. */
  emptyTabstops: number[];
}

/** The text of a snippet body with every placeholder at its default and mirrors filled in. */
export function expandSnippet(body: string | readonly string[]): ExpandedSnippet {
  const src = typeof body === 'string' ? body : body.join('\n');
  const nodes = parse(src);
  const defaults = new Map<number, Node[] | string>();
  collectDefaults(nodes, defaults);
  const empty = new Set<number>();
  const render = (ns: Node[], depth: number): string =>
    ns
      .map((node) => {
        if (node.kind === 'text') return node.text;
        const d = node.children ?? defaults.get(node.n);
        if (d === undefined) {
          if (node.n !== 0) empty.add(node.n);
          return '';
        }
        if (typeof d === 'string') return d;
        if (depth > 20) throw new SnippetSyntaxError('placeholder refers to itself');
        return render(d, depth + 1);
      })
      .join('');
  return { text: render(nodes, 0), emptyTabstops: [...empty].sort((a, b) => a - b) };
}
