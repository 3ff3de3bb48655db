// `ilo-ls gate --config CFG [--server NAME]... [--lock PATH] [--policy FILE]
//               [--read-only] [--allow-new] [--log FILE] [--timeout SECONDS]`
// An MCP server over stdio in front of the config's servers. stdout carries
// MCP only; warnings go to stderr, decisions to --log (else stderr).

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Gate, loadGate, openDecisionLog, type DecisionSink } from '../gate';
import type { CliIo } from './io';
import type { ParsedArgs } from './args';

export async function runGate(p: ParsedArgs, io: CliIo): Promise<number> {
  const config = p.string('config');
  if (!config) {
    io.err('ilo-ls gate: --config CFG is required (the MCP config naming the servers to gate)\n');
    return 2;
  }
  const timeout = p.string('timeout');
  const loaded = loadGate({
    config,
    servers: p.list('server'),
    lock: p.string('lock'),
    policy: p.string('policy'),
    readOnly: p.flag('read-only'),
    allowNew: p.flag('allow-new'),
    timeoutSeconds: timeout === undefined ? undefined : Number(timeout),
  });
  if ('errors' in loaded) {
    for (const e of loaded.errors) io.err(`ilo-ls gate: ${e}\n`);
    return 2;
  }
  for (const w of loaded.warnings) io.err(`ilo-ls gate: warning: ${w}\n`);
  const logFile = p.string('log');
  let log: DecisionSink;
  try {
    log = logFile ? openDecisionLog({ file: logFile }) : openDecisionLog({ stream: process.stderr });
  } catch (e) {
    io.err(`ilo-ls gate: cannot open the log ${logFile}: ${(e as Error).message}\n`);
    return 2;
  }
  const gate = new Gate({
    servers: loaded.servers,
    lock: loaded.lock,
    lockName: loaded.lockPath,
    policy: loaded.policy,
    log,
    callTimeoutMs: loaded.callTimeoutMs,
    onStderr: (server, text) => io.err(text.replace(/^(?=.)/gm, `[${server}] `)),
  });
  const done = new Promise<void>((resolve) => {
    const stop = () => void gate.close().then(resolve, resolve);
    // The host closing our stdin (or a signal) ends the gate and its upstreams.
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    gate.server.onclose = stop;
  });
  await gate.connect(new StdioServerTransport());
  await done;
  return 0;
}
