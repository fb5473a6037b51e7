// `npm run bench`: runs every benchmark against its same-run baseline and prints a Markdown table for docs/benchmarks.md.
import { benchApiOverhead } from './api-overhead.bench';
import { benchBlSave } from './bl-save.bench';
import { row } from './lib';
import { benchPortSearch } from './port-search.bench';

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

const portSearch = await benchPortSearch();
if (portSearch) {
  lines.push('');
  lines.push(
    `## Port search with the full UN/LOCODE (${portSearch.rows} locations, ${portSearch.engine}): ${portSearch.searches} typeahead searches`,
  );
  lines.push('');
  lines.push(row(['path', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms']));
  lines.push(row(['---', '---', '---', '---', '---']));
  for (const [name, r] of [
    ['query called directly (baseline)', portSearch.baseline],
    ['GET /core/base/v1/ports/ through the app', portSearch.app],
  ] as const) {
    lines.push(row([name, r.p50, r.p95, r.p99, r.mean]));
  }
  lines.push('');
  lines.push(`Import of the code list: ${portSearch.importSeconds} s.`);
}
const bl = await benchBlSave();
lines.push('');
lines.push(`## Bill of lading read and save (${bl.engine}, four-container bill, ${bl.reads} of each)`);
lines.push('');
lines.push(row(['operation', 'path', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms']));
lines.push(row(['---', '---', '---', '---', '---', '---']));
for (const [op, name, r] of [
  ['read', 'service call (baseline)', bl.readDirect],
  ['read', 'GET /cp/bill-of-ladings/{id}', bl.readApp],
  ['save', 'service call (baseline)', bl.saveDirect],
  ['save', 'PUT /cp/bill-of-ladings/{id}/', bl.saveApp],
] as const) {
  lines.push(row([op, name, r.p50, r.p95, r.p99, r.mean]));
}
console.log(lines.join('\n'));
