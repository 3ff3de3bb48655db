// Dev: a proxy that forwards lines both ways without looking at them (the floor of a stdio hop).
const { spawn } = require('node:child_process');
const c = spawn(process.execPath, process.argv.slice(2), { stdio: ['pipe', 'pipe', 'ignore'] });
process.stdin.on('data', (d) => c.stdin.write(d));
c.stdout.on('data', (d) => process.stdout.write(d));
process.stdin.on('end', () => { c.kill(); process.exit(0); });
