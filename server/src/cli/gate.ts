// `ilo-ls gate --config CFG [--server NAME]... [--lock PATH] [--policy FILE]
//               [--read-only] [--allow-new] [--log FILE] [--timeout SECONDS] [--max-message MIB]`
// An MCP server over stdio in front of the config's servers. stdout carries
// MCP only; warnings go to stderr, decisions to --log (else stderr). The
// upstreams' stderr is counted, not shown (it may hold what they were sent).
// The gate ends with status 0 when the host closes its stdin or stops it,
// and with status 1 and a log line when it fails on its own.

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
  const maxMessage = p.string('max-message');
  const loaded = loadGate({
    config,
    servers: p.list('server'),
    lock: p.string('lock'),
    policy: p.string('policy'),
    readOnly: p.flag('read-only'),
    allowNew: p.flag('allow-new'),
    timeoutSeconds: timeout === undefined ? undefined : Number(timeout),
    maxMessageMiB: maxMessage === undefined ? undefined : Number(maxMessage),
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
    declarations: loaded.declarations,
    policy: loaded.policy,
    log,
    callTimeoutMs: loaded.callTimeoutMs,
    maxMessageBytes: loaded.maxMessageBytes,
  });
  let status = 0;
  const done = new Promise<void>((resolve) => {
    const stop = () => void gate.close().then(resolve, resolve);
    // The host closing our stdin (or a signal) ends the gate and its upstreams.
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    gate.server.onclose = stop;
    // A failure of the gate itself is never a silent exit 0: it is logged (as a shape) and ends with status 1.
    process.on('uncaughtException', (e) => {
      status = 1;
      log.write({ decision: 'error', reason: `the gate failed: ${e instanceof Error ? e.name : 'error'}; stopping` });
      io.err(`ilo-ls gate: failed (${e instanceof Error ? e.name : 'error'}); see the log\n`);
      stop();
    });
    process.on('unhandledRejection', (e) => {
      log.write({ decision: 'error', reason: `an internal promise failed: ${e instanceof Error ? e.name : 'error'}; the gate goes on` });
    });
  });
  await gate.connect(new StdioServerTransport());
  await done;
  return status;
}
