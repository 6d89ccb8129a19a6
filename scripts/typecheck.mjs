// Type-checks the workspace's TypeScript projects two at a time, one per core: each tsc run is
// single-threaded, and one after the other they took twice as long. Largest first.
import { spawn } from 'node:child_process';
import os from 'node:os';

const projects = ['packages/web', 'packages/server', 'packages/domain', 'e2e', 'packages/web/build'];
const lanes = Math.max(1, Math.min(os.availableParallelism(), 2));

function check(project) {
  return new Promise((resolve) => {
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    tsc.stdout.on('data', (chunk) => { output += chunk; });
    tsc.stderr.on('data', (chunk) => { output += chunk; });
    tsc.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(Array.from({ length: lanes }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
}));
process.exitCode = results.every(Boolean) ? 0 : 1;
