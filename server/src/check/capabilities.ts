// ILO-T044 (level 26): a World token built by `world-no-net` denies network
// access, so a net builtin called where such a World is in scope is an error
// the verifier can prove. Worlds from `world` or a `w:W` parameter are only
// known at run time (the --allow-* flags) and are not judged.

import type { Diagnostic } from '../diagnostics';
import type { Builtin } from '../syntax/builtinKit';
import type { Expr, Name } from '../syntax/ast';
import type { BuiltinChecks } from './builtins';
import { diag } from './report';

/** The builtin that builds a World without net. */
const NO_NET_WORLD = 'world-no-net';

/** Whether `value` (the right side of a binding) builds a World without net. */
export function buildsNoNetWorld(value: Expr, builtins: BuiltinChecks): boolean {
  if (value.kind === 'Call') return value.args.length === 0 && builtins.name(value.callee.text) === NO_NET_WORLD;
  return value.kind === 'Ref' && builtins.name(value.name) === NO_NET_WORLD;
}

/** T044 for a call of `b` while `world` (a binding of a net-less World) is in scope. */
export function deniedNetCall(callee: Name, b: Builtin, world: string, out: Diagnostic[]): void {
  if (b.capability !== 'net') return;
  out.push(
    diag('ILO-T044', callee, `'${b.name}' needs the network, but '${world}' is a World with net=false in this scope`, {
      hint: `remove the ${NO_NET_WORLD} binding, or make the call where network access is allowed`,
    }),
  );
}
