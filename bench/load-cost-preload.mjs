// Preload for profiling: counts SQL statements the server sends, and answers its CPU and counts on SIGUSR2.
import pg from 'pg';
import { readFileSync, writeFileSync } from 'node:fs';
let queries = 0;
const byText = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  queries++;
  const text = typeof config === 'string' ? config : config?.text;
  if (process.env.COUNT_TEXT && text) { const k = text.slice(0, 160); byText.set(k, (byText.get(k) ?? 0) + 1); }
  return orig.call(this, config, ...rest);
};
process.on('SIGUSR2', () => {
  const cpu = process.cpuUsage();
  // The event loop's own thread (its tid is the pid), apart from the thread pool and V8's helpers.
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const mainMs = (Number(f[11]) + Number(f[12])) * 10;
  writeFileSync(process.env.STATS_FILE ?? '/tmp/h17/stats.json', JSON.stringify({ queries, cpuMs: (cpu.user + cpu.system) / 1000, mainMs, sysMs: cpu.system / 1000, texts: [...byText.entries()].sort((a, b) => b[1] - a[1]).slice(0, 60) }));
  byText.clear();
});
