// `npm run audit:prod` (CI, after lint): `npm audit --omit=dev` over the production dependencies of every workspace,
// failing on a high or critical advisory unless security/audit-accepted.json accepts it (a reviewed entry with a
// reason and an expiry at most 90 days after it was accepted). SECURITY.md section 4 says how to accept one.
//
// When the registry offers no audit endpoint (this workplace's mirror answers npm's POST
// /-/npm/v1/security/advisories/bulk with 405 Method Not Allowed), the step says so loudly and exits 0: nothing
// was audited, and the message says exactly that. AUDIT_REQUIRED=1 turns that case into a failure too. Any other
// failure of npm audit (no network, a 5xx, output that is not a report) fails the step.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
export const ACCEPTED_FILE = 'security/audit-accepted.json';
const FAILING = new Set(['high', 'critical']);
const MAX_ACCEPT_DAYS = 90;
const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dateOf = (text) => (DATE.test(text ?? '') ? new Date(`${text}T00:00:00Z`) : null);

/**
 * The reviewed exceptions, checked: each names an advisory (GHSA id) and a package, says why, who accepted it and
 * when, and expires at most 90 days later. Answers the entries, or the problems (a broken file fails the step).
 */
export function readAccepted(json) {
  const problems = [];
  const entries = Array.isArray(json?.accepted) ? json.accepted : null;
  if (!entries) return { entries: [], problems: [`${ACCEPTED_FILE}: needs an "accepted" list`] };
  entries.forEach((entry, i) => {
    const at = `${ACCEPTED_FILE} accepted[${i}]`;
    if (!/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/.test(entry?.advisory ?? ''))
      problems.push(`${at}.advisory: must be a GitHub advisory id (GHSA-xxxx-xxxx-xxxx)`);
    for (const field of ['package', 'reason', 'acceptedBy'])
      if (typeof entry?.[field] !== 'string' || !entry[field].trim())
        problems.push(`${at}.${field}: is required`);
    const on = dateOf(entry?.acceptedOn);
    const until = dateOf(entry?.expires);
    if (!on) problems.push(`${at}.acceptedOn: must be a date (YYYY-MM-DD)`);
    if (!until) problems.push(`${at}.expires: must be a date (YYYY-MM-DD)`);
    if (on && until && (until < on || until.getTime() - on.getTime() > MAX_ACCEPT_DAYS * DAY))
      problems.push(`${at}.expires: must be within ${MAX_ACCEPT_DAYS} days after acceptedOn`);
  });
  return { entries: problems.length ? [] : entries, problems };
}

/**
 * What `npm audit --json` printed: a report (auditReportVersion 2), the registry answering that it has no audit
 * endpoint (404, 405 or 501 on /-/npm/v1/security/…), or anything else (a failure).
 */
export function classifyAuditOutput(stdout) {
  let json;
  try {
    json = JSON.parse(stdout);
  } catch {
    return { kind: 'failed', message: `npm audit printed no JSON report: ${String(stdout).slice(0, 300)}` };
  }
  if (json && typeof json === 'object' && json.vulnerabilities && json.metadata?.vulnerabilities)
    return { kind: 'report', report: json };
  const status = json?.statusCode;
  const uri = typeof json?.uri === 'string' ? json.uri : '';
  if ([404, 405, 501].includes(status) && uri.includes('/-/npm/v1/security/'))
    return { kind: 'unavailable', message: json.message ?? `${status} from ${uri}`, uri, status };
  return {
    kind: 'failed',
    message: `npm audit failed: ${json?.message ?? json?.error?.summary ?? JSON.stringify(json).slice(0, 300)}`,
  };
}

const advisoryIdOf = (via) => /GHSA(-[0-9a-z]{4}){3}/i.exec(via.url ?? '')?.[0] ?? `npm:${via.source}`;

/**
 * The report's high and critical advisories (each once per package), each accepted by an entry in force, or not.
 * `failures` are the findings that fail the step: not accepted, or accepted by an entry that has expired.
 */
export function evaluateAudit(report, accepted, today) {
  const findings = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || !FAILING.has(via.severity)) continue;
      const advisory = advisoryIdOf(via);
      const pkg = via.name ?? vulnerability.name;
      findings.set(`${advisory} ${pkg}`, {
        advisory,
        package: pkg,
        severity: via.severity,
        title: via.title ?? '',
        url: via.url ?? '',
        range: via.range ?? '',
      });
    }
  }
  const day = dateOf(today);
  const used = new Set();
  const results = [...findings.values()].map((finding) => {
    const entry = accepted.find((e) => e.advisory === finding.advisory && e.package === finding.package);
    if (entry) used.add(entry);
    if (!entry) return { ...finding, status: 'open' };
    if (dateOf(entry.expires) < day) return { ...finding, status: 'expired', entry };
    return { ...finding, status: 'accepted', entry };
  });
  return {
    results,
    failures: results.filter((r) => r.status !== 'accepted'),
    unused: accepted.filter((entry) => !used.has(entry)),
    counts: report.metadata.vulnerabilities,
  };
}

function main() {
  const today = new Date().toISOString().slice(0, 10);
  const { entries, problems } = readAccepted(JSON.parse(readFileSync(join(root, ACCEPTED_FILE), 'utf8')));
  if (problems.length) {
    console.error(`audit: ${ACCEPTED_FILE} is not valid:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  // Under `npm run`, npm_execpath is the running npm; the machine's npm otherwise.
  const npm = process.env.npm_execpath;
  const args = ['audit', '--omit=dev', '--json'];
  const run = npm
    ? spawnSync(process.execPath, [npm, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 })
    : spawnSync('npm', args, { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (run.error) {
    console.error(`audit: npm audit did not run: ${run.error.message}`);
    return 1;
  }
  const outcome = classifyAuditOutput(run.stdout);
  if (outcome.kind === 'failed') {
    console.error(`audit: ${outcome.message}`);
    return 1;
  }
  if (outcome.kind === 'unavailable') {
    const lines = [
      'audit: SKIPPED — production dependencies were NOT checked for known vulnerabilities.',
      `audit: the registry has no audit endpoint: ${outcome.message}`,
      '       (this workplace mirrors the npm registry for GET only; run `npm run audit:prod` where the public',
      '       registry is reachable, and set AUDIT_REQUIRED=1 there so that this case fails).',
    ];
    if (process.env.AUDIT_REQUIRED === '1') {
      console.error(`${lines.join('\n')}\naudit: AUDIT_REQUIRED=1: failing.`);
      return 1;
    }
    console.warn(lines.join('\n'));
    return 0;
  }
  const { results, failures, unused, counts } = evaluateAudit(outcome.report, entries, today);
  console.log(
    `audit: production dependencies — critical ${counts.critical}, high ${counts.high}, moderate ` +
      `${counts.moderate}, low ${counts.low}, info ${counts.info}`,
  );
  for (const r of results) {
    const what = `${r.severity} ${r.advisory} in ${r.package} ${r.range}: ${r.title} ${r.url}`;
    if (r.status === 'accepted')
      console.log(
        `audit: accepted until ${r.entry.expires} (${r.entry.acceptedBy}: ${r.entry.reason}): ${what}`,
      );
    else if (r.status === 'expired')
      console.error(`audit: FAIL, its acceptance expired on ${r.entry.expires}: ${what}`);
    else console.error(`audit: FAIL: ${what}`);
  }
  for (const entry of unused)
    console.log(
      `audit: ${ACCEPTED_FILE} accepts ${entry.advisory} in ${entry.package}, no longer reported: remove it`,
    );
  if (failures.length) {
    console.error(
      `audit: ${failures.length} high or critical finding(s) in production dependencies: upgrade, or accept one ` +
        `in ${ACCEPTED_FILE} after review (SECURITY.md section 4).`,
    );
    return 1;
  }
  console.log('audit: no high or critical finding open in production dependencies.');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
