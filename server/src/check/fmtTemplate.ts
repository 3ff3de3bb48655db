// `fmt` templates at level 26: placeholders are `{}` or carry a format spec
// (`{:.2f}` / `{.2f}` decimals, `{:8}` right-aligned width, `{:8d}` integer
// width, `{:<8}` left-aligned width), and a literal template must have as
// many placeholders as `fmt` has arguments after it (ILO-T013, as ilo 26
// reports at verify time). Specs ilo rejects (zero padding, signs, radix,
// `{:.2}` without `f`) are ILO-T013 too. `{{` and `}}` are literal braces.
//
// Where a template holds anything else in braces (`{name}` is interpolation
// in ilo 26 strings) we do not count: better no report than a wrong one.

export interface TemplateReading {
  /** Placeholders, in order; undefined when the template cannot be counted. */
  slots?: number;
  /** The first spec ilo rejects, as written (`{:06d}`). */
  rejected?: string;
}

/** Specs (the text after `{:` or `{`, before `}`) ilo 26 accepts. */
const ACCEPTED = [/^$/, /^:?\.\d+f$/, /^:\d+$/, /^:\d+d$/, /^:<\d+$/];
/** Specs ilo 26 documents as rejected. */
const REJECTED = [/^:0\d/, /^:\+/, /^:[#]?[xXob]$/, /^:\.\d+$/, /^:\d*[eE]$/];

export function readTemplate(tmpl: string): TemplateReading {
  let slots = 0;
  let countable = true;
  for (let i = 0; i < tmpl.length; i++) {
    const c = tmpl[i];
    if (c === '{' && tmpl[i + 1] === '{') {
      i++;
      continue;
    }
    if (c === '}' && tmpl[i + 1] === '}') {
      i++;
      continue;
    }
    if (c !== '{') continue;
    const close = tmpl.indexOf('}', i + 1);
    if (close < 0) return { slots: undefined };
    const spec = tmpl.slice(i + 1, close);
    i = close;
    if (REJECTED.some((r) => r.test(spec))) return { rejected: `{${spec}}` };
    if (ACCEPTED.some((r) => r.test(spec))) {
      slots++;
      continue;
    }
    countable = false;
  }
  return countable ? { slots } : {};
}
