// Command-line arguments of `ilo-ls`: each command is described once (a
// CommandSpec, see ./commands.ts); this module parses a command's arguments
// against its description with Node's util.parseArgs and renders the
// command's `--help` from the same description. Adding an option to a
// command is one OptionSpec in its list; a new command is one CommandSpec.

import { parseArgs as nodeParseArgs } from 'node:util';
import type { CliIo } from './io';

export interface OptionSpec {
  /** The long name without dashes: `format` is `--format`. */
  name: string;
  /** One letter: `o` is `-o`. */
  short?: string;
  /**
   * What the option takes, as shown in help (`FILE`, `SECONDS`). Absent: a
   * flag that takes no value. Ignored when `choices` is given.
   */
  value?: string;
  /** The values allowed; shown in help as `a|b|c`. */
  choices?: readonly string[];
  /** The value must be a number greater than zero (seconds, counts). */
  positiveNumber?: boolean;
  /** May be given more than once (`--server a --server b`); every value is kept. */
  multiple?: boolean;
  /** Shown in help as `(default: …)`; the command applies it itself. */
  defaultValue?: string;
  /** One sentence for the help text. */
  help: string;
}

export interface CommandSpec {
  name: string;
  /** One line for `ilo-ls --help`. */
  summary: string;
  /** What follows `ilo-ls NAME` in each usage line, e.g. `[options] FILE|DIR...`. */
  usage: readonly string[];
  /** Paragraphs of the command's help, plain text. */
  description: readonly string[];
  options: readonly OptionSpec[];
  /** How many positional arguments the command takes (default: any number). */
  positionals?: { min?: number; max?: number; name: string };
  /** Exit status meanings, one line each. */
  exit?: readonly string[];
  examples?: readonly string[];
  /** Runs the command on its parsed arguments; resolves to the exit status. */
  run(args: ParsedArgs, io: CliIo): number | Promise<number>;
}

/** A command's arguments, checked against its spec. */
export interface ParsedArgs {
  positionals: string[];
  /** Whether a flag (an option without a value) was given. */
  flag(name: string): boolean;
  /** The value of a valued option (the last one when given several times); undefined when absent. */
  string(name: string): string | undefined;
  /** Every value of a repeatable option, in order. */
  list(name: string): string[];
  /** Whether the option was given at all. */
  has(name: string): boolean;
}

/** The help option every command takes (answered before the command runs). */
export const HELP_OPTION: OptionSpec = { name: 'help', short: 'h', help: 'Show this help and exit.' };

/** Parsing failed: a one-line message for `ilo-ls CMD: …` (exit 2). */
export interface ArgsError {
  error: string;
}

/**
 * Parses `argv` (what follows the command name) against `spec`. Returns the
 * parsed arguments, `'help'` when help was asked for, or the first problem.
 */
export function parseCommandArgs(spec: CommandSpec, argv: readonly string[]): ParsedArgs | ArgsError | 'help' {
  const options = [...spec.options, HELP_OPTION];
  const byName = new Map(options.map((o) => [o.name, o]));
  const config: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const o of options) {
    config[o.name] = { type: takesValue(o) ? 'string' : 'boolean', multiple: true };
    if (o.short !== undefined) config[o.name].short = o.short;
  }
  let tokens;
  try {
    // Not strict: util.parseArgs would report problems in sentences of its
    // own; the tokens are checked below and reported in one line each.
    tokens = nodeParseArgs({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true }).tokens;
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0] };
  }
  // `--help` anywhere wins: the user is asking how to use the command.
  if (tokens.some((t) => t.kind === 'option' && t.name === HELP_OPTION.name && t.value === undefined)) return 'help';
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'option-terminator') continue;
    if (t.kind === 'positional') {
      positionals.push(t.value);
      continue;
    }
    const o = byName.get(t.name);
    const shown = t.rawName;
    if (!o || (o.short === undefined && shown.length === 2 && !shown.startsWith('--'))) {
      return { error: `unknown option ${shown.startsWith('--') ? `--${t.name}` : shown}` };
    }
    if (o === HELP_OPTION) return 'help';
    if (!takesValue(o)) {
      if (t.value !== undefined) return { error: `${optionName(o)} takes no value` };
      flags.add(o.name);
      continue;
    }
    // `--format --json`: the next argument is another option, not a value.
    const value = t.value;
    if (value === undefined || value === '' || (!t.inlineValue && value.startsWith('-') && value.length > 1)) {
      return { error: `${optionName(o)} needs a value: ${valuePlaceholder(o)}` };
    }
    if (o.choices && !o.choices.includes(value)) return { error: `${optionName(o)} must be ${orList(o.choices)}, not '${clip(value)}'` };
    if (o.positiveNumber && !(Number(value) > 0 && Number.isFinite(Number(value)))) {
      return { error: `${optionName(o)} must be a number greater than 0, not '${clip(value)}'` };
    }
    if (!o.multiple && values.has(o.name) && values.get(o.name)![0] !== value) {
      return { error: `${optionName(o)} was given twice with different values` };
    }
    values.set(o.name, [...(values.get(o.name) ?? []), value]);
  }
  const { min = 0, max = Infinity, name = 'argument' } = spec.positionals ?? {};
  if (positionals.length > max) {
    return { error: max === 0 ? `unexpected argument '${clip(positionals[0])}'` : `too many arguments: takes at most ${max} ${name}${max === 1 ? '' : 's'}` };
  }
  if (positionals.length < min) return { error: `no ${name} given` };
  return {
    positionals,
    flag: (name) => flags.has(name),
    string: (name) => values.get(name)?.at(-1),
    list: (name) => values.get(name) ?? [],
    has: (name) => flags.has(name) || values.has(name),
  };
}

export function isArgsError(p: ParsedArgs | ArgsError | 'help'): p is ArgsError {
  return typeof p === 'object' && 'error' in p;
}

function takesValue(o: OptionSpec): boolean {
  return o.value !== undefined || o.choices !== undefined;
}

function optionName(o: OptionSpec): string {
  return `--${o.name}`;
}

function valuePlaceholder(o: OptionSpec): string {
  return o.choices ? o.choices.join('|') : (o.value ?? '');
}

function orList(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' or ') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** A value echoed in a message: one line, bounded, no control characters. */
function clip(s: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 37)}...` : clean;
}

// ------------------------------------------------------------------ help text

const WIDTH = 80;

/** Words of `text` in lines of at most `width` characters, each starting with `indent`. */
export function wrap(text: string, indent: string, width = WIDTH, firstIndent = indent): string[] {
  const lines: string[] = [];
  let line = firstIndent;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

function optionLabel(o: OptionSpec): string {
  const long = takesValue(o) ? `--${o.name} ${valuePlaceholder(o)}` : `--${o.name}`;
  return o.short ? `-${o.short}, ${long}` : `    ${long}`;
}

/** `ilo-ls CMD --help`: usage, description, options, exit status and examples. */
export function commandHelp(spec: CommandSpec): string {
  const out: string[] = [...wrap(`ilo-ls ${spec.name}: ${spec.summary}`, '  ', WIDTH, ''), ''];
  spec.usage.forEach((u, i) => out.push(`${i === 0 ? 'usage: ' : '       '}ilo-ls ${spec.name}${u ? ` ${u}` : ''}`));
  for (const p of spec.description) out.push('', ...wrap(p, ''));
  const options = [...spec.options, HELP_OPTION];
  out.push('', 'options:');
  const labels = options.map(optionLabel);
  const column = Math.min(34, Math.max(...labels.map((l) => l.length)) + 4);
  options.forEach((o, i) => {
    const text = [o.help, o.multiple ? 'Repeatable.' : '', o.defaultValue !== undefined ? `Default: ${o.defaultValue}.` : ''].filter(Boolean).join(' ');
    const label = `  ${labels[i]}`;
    if (label.length + 2 <= column) out.push(...wrap(text, ' '.repeat(column), WIDTH, label.padEnd(column)));
    else out.push(label, ...wrap(text, ' '.repeat(column)));
  });
  if (spec.exit && spec.exit.length > 0) {
    out.push('', 'exit status:');
    for (const e of spec.exit) out.push(...wrap(e, '    ', WIDTH, '  '));
  }
  if (spec.examples && spec.examples.length > 0) {
    out.push('', 'examples:');
    for (const e of spec.examples) out.push(`  ${e}`);
  }
  return `${out.join('\n')}\n`;
}

/** `ilo-ls --help`: every command with its summary. */
export function overviewHelp(commands: readonly CommandSpec[], version: string): string {
  const column = Math.max(...commands.map((c) => c.name.length)) + 4;
  const out = [
    `ilo-ls ${version}: the ilo language server and its command-line tools`,
    '',
    'usage: ilo-ls COMMAND [options] [arguments]',
    '       ilo-ls --stdio            run the language server over stdio (for any LSP editor)',
    '       ilo-ls --version',
    '',
    'commands:',
  ];
  for (const c of commands) out.push(...wrap(c.summary, ' '.repeat(column + 2), WIDTH, `  ${c.name.padEnd(column)}`));
  out.push('', "Run 'ilo-ls COMMAND --help' (or 'ilo-ls help COMMAND') for a command's options.");
  return `${out.join('\n')}\n`;
}
