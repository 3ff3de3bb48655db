// Command-line argument parsing shared by every `ilo-ls` command.

export interface ParsedArgs {
  flags: Map<string, string | true>;
  /** Every value of each valued option, in order (`--server a --server b`). */
  lists: Map<string, string[]>;
  positional: string[];
  /** Set when an argument is not understood; the command reports it and exits 2. */
  error?: string;
}

/**
 * Splits `--name value`, `--name=value`, bare `--flag` and positional
 * arguments. `valued` options take a value, `bare` ones do not; anything
 * else starting with `-` is an error.
 */
export function parseArgs(args: readonly string[], valued: readonly string[], bare: readonly string[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (valued.includes(name)) {
      const value = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') return { flags, lists, positional, error: `${name} needs a value` };
      flags.set(name, value);
      lists.set(name, [...(lists.get(name) ?? []), value]);
    } else if (bare.includes(name) && eq < 0) {
      flags.set(name, true);
    } else {
      return { flags, lists, positional, error: `unknown option ${a}` };
    }
  }
  return { flags, lists, positional };
}

/** The value of a valued option (undefined when absent). */
export function optionValue(p: ParsedArgs, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = p.flags.get(n);
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/** Validates `--scope`: undefined when absent, 'invalid' when not file/workspace. */
export function scopeOption(p: ParsedArgs): 'file' | 'workspace' | undefined | 'invalid' {
  const v = optionValue(p, '--scope');
  if (v === undefined) return undefined;
  return v === 'file' || v === 'workspace' ? v : 'invalid';
}
