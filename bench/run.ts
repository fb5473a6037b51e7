// `npm run bench`: runs every benchmark against its same-run baseline and prints a Markdown table for docs/benchmarks.md.
import { benchApiOverhead } from './api-overhead.bench';
import { row } from './lib';

const lines: string[] = [];
const overhead = await benchApiOverhead();
lines.push(
  '## API overhead: GET /readyz, full app vs bare Fastify handler running the same SQL (PGlite, 10 connections, 5 s)',
);
lines.push('');
lines.push(row(['server', 'requests/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors']));
lines.push(row(['---', '---', '---', '---', '---', '---']));
for (const [name, r] of [
  ['bare handler (baseline)', overhead.baseline],
  ['full app', overhead.app],
] as const) {
  lines.push(row([name, r.rps, r.p50, r.p97_5, r.p99, r.errors]));
}
lines.push('');
lines.push(
  `Full app throughput: ${((overhead.app.rps / overhead.baseline.rps) * 100).toFixed(0)} % of the baseline.`,
);
console.log(lines.join('\n'));
