// `builtins`: the builtin table searched by name or words, for the level.

import type { Builtin } from '../../syntax/builtins';
import type { Args } from '../args';
import { describeBuiltin, searchBuiltins } from '../builtinSearch';
import type { ToolAnswer } from '../context';
import { levelFor, type CallLevel } from '../level';
import { DEFAULT_BUILTIN_RESULTS } from '../limits';

/** The builtins of a level. */
export function builtinsOf(level: CallLevel): readonly Builtin[] {
  return level.level.builtins.builtins;
}

export function runBuiltins(args: Args): ToolAnswer {
  const level = levelFor(args.level as string | undefined, '');
  const query = String(args.query);
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_BUILTIN_RESULTS;
  const found = searchBuiltins(query, limit, builtinsOf(level)).map((h) => describeBuiltin(h.builtin));
  const lines = found.map((f) => `${f.sigs.join(' | ')}  -- ${f.doc}${f.aliases ? ` (long form: ${f.aliases.join(", ")})` : ''}${f.effect ? ` [${f.effect}]` : ''}`);
  return { structured: { level: level.name, found }, text: lines.length > 0 ? lines.join('\n') : 'no builtin matches; try other words' };
}
