// Entry point VS Code loads as `extensionTestsPath`: runs every bundled
// *.test.js beside it with mocha inside the extension host, and writes a
// machine-readable summary for the runner (scripts/e2e/run.mjs) to print.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { resultsFile } from './harness';

interface Outcome {
  title: string;
  state: 'passed' | 'failed';
  ms?: number;
  error?: string;
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  const here = __dirname;
  for (const file of fs.readdirSync(here).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(here, file));
  }
  const outcomes: Outcome[] = [];
  await new Promise<void>((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve());
      runner.on('pass', (t) => outcomes.push({ title: t.fullTitle(), state: 'passed', ms: t.duration }));
      runner.on('fail', (t, err: unknown) =>
        outcomes.push({
          title: t.fullTitle(),
          state: 'failed',
          error: err instanceof Error ? (err.stack ?? err.message) : String(err),
        }),
      );
    } catch (err) {
      reject(err);
    }
  });
  const failed = outcomes.filter((o) => o.state === 'failed').length;
  fs.writeFileSync(resultsFile(), JSON.stringify({ outcomes, passed: outcomes.length - failed, failed }, null, 2));
  // A rejected promise is how VS Code learns that the run failed (exit code 1).
  if (failed > 0) throw new Error(`${failed} e2e test(s) failed`);
  if (outcomes.length === 0) throw new Error('the e2e suite ran no test');
}
