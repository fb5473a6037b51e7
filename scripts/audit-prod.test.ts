// `npm run audit:prod`: the rules on a report (high and critical fail unless accepted in force), the allow-list's
// checks, and the script end to end — the real `npm audit` of this repository against a local stand-in registry
// that reports one advisory, answers 405 as this workplace's mirror does, or fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAuditOutput, evaluateAudit, readAccepted } from './audit-prod.mjs';

const root = resolve(import.meta.dirname, '..');

type Via = { source: number; name: string; title: string; url: string; severity: string; range: string };
const advisory = (name: string, ghsa: string, severity: string): Via => ({
  source: 1_000_000 + ghsa.length,
  name,
  title: `Something in ${name}`,
  url: `https://github.com/advisories/${ghsa}`,
  severity,
  range: '<9.9.9',
});
/** A report in npm's shape (auditReportVersion 2): each advisory under its package, effects as names. */
const report = (...vias: Via[]) => {
  const vulnerabilities: Record<string, unknown> = {};
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const via of vias) {
    vulnerabilities[via.name] = { name: via.name, severity: via.severity, isDirect: true, via: [via] };
    vulnerabilities[`uses-${via.name}`] = {
      name: `uses-${via.name}`,
      severity: via.severity,
      via: [via.name],
    };
    counts[via.severity as keyof typeof counts] += 2;
    counts.total += 2;
  }
  return { auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: counts } };
};
const entry = (over: Record<string, string> = {}) => ({
  advisory: 'GHSA-2222-3333-4444',
  package: 'zod',
  reason: 'Only the parser of a format we never accept is affected; no fix released yet.',
  acceptedBy: 'A. Reviewer',
  acceptedOn: '2026-11-01',
  expires: '2026-12-31',
  ...over,
});

describe('the audit rules', () => {
  it('fails on a high or critical advisory in a production dependency, once per advisory and package', () => {
    const out = evaluateAudit(
      report(
        advisory('zod', 'GHSA-2222-3333-4444', 'high'),
        advisory('pg', 'GHSA-5555-6666-7777', 'critical'),
        advisory('jose', 'GHSA-8888-9999-cccc', 'moderate'),
        advisory('keygrip', 'GHSA-fffg-gggh-hhhj', 'low'),
      ),
      [],
      '2026-11-27',
    );
    expect(
      out.failures.map((f: { advisory: string; package: string }) => `${f.advisory} ${f.package}`),
    ).toEqual(['GHSA-2222-3333-4444 zod', 'GHSA-5555-6666-7777 pg']);
    expect(out.failures.every((f: { status: string }) => f.status === 'open')).toBe(true);
  });

  it('passes with moderate, low or no findings', () => {
    expect(evaluateAudit(report(), [], '2026-11-27').failures).toEqual([]);
    expect(
      evaluateAudit(report(advisory('jose', 'GHSA-8888-9999-cccc', 'moderate')), [], '2026-11-27').failures,
    ).toEqual([]);
  });

  it('lets an accepted advisory pass until the day it expires, then fails it again', () => {
    const findings = report(advisory('zod', 'GHSA-2222-3333-4444', 'high'));
    const accepted = [entry()];
    expect(evaluateAudit(findings, accepted, '2026-12-31').failures).toEqual([]);
    expect(evaluateAudit(findings, accepted, '2026-12-31').results[0].status).toBe('accepted');
    const late = evaluateAudit(findings, accepted, '2027-01-01');
    expect(late.failures.map((f: { status: string }) => f.status)).toEqual(['expired']);
  });

  it('accepts exactly the advisory in the package named, and lists entries no longer needed', () => {
    const findings = report(advisory('zod', 'GHSA-2222-3333-4444', 'high'));
    const other = entry({ package: 'pg' });
    const out = evaluateAudit(findings, [other], '2026-11-27');
    expect(out.failures).toHaveLength(1);
    expect(out.unused).toEqual([other]);
  });

  it('refuses an allow-list entry without a reason, reviewer, dates, a GHSA id, or longer than 90 days', () => {
    expect(readAccepted({ accepted: [entry()] }).problems).toEqual([]);
    expect(readAccepted({}).problems).toEqual(['security/audit-accepted.json: needs an "accepted" list']);
    const problems = (over: Record<string, string>) => readAccepted({ accepted: [entry(over)] }).problems;
    expect(problems({ reason: ' ' })).toEqual([
      'security/audit-accepted.json accepted[0].reason: is required',
    ]);
    expect(problems({ acceptedBy: '' })).toEqual([
      'security/audit-accepted.json accepted[0].acceptedBy: is required',
    ]);
    expect(problems({ advisory: '1099999' })).toEqual([
      'security/audit-accepted.json accepted[0].advisory: must be a GitHub advisory id (GHSA-xxxx-xxxx-xxxx)',
    ]);
    expect(problems({ expires: '31/12/2026' })).toEqual([
      'security/audit-accepted.json accepted[0].expires: must be a date (YYYY-MM-DD)',
    ]);
    expect(problems({ expires: '2027-01-31' })).toEqual([
      'security/audit-accepted.json accepted[0].expires: must be within 90 days after acceptedOn',
    ]);
    expect(problems({ expires: '2026-10-01' })).toHaveLength(1);
    // A broken file accepts nothing.
    expect(readAccepted({ accepted: [entry(), entry({ reason: '' })] }).entries).toEqual([]);
  });

  it("tells a report from a registry without an audit endpoint, and both from npm's other failures", () => {
    expect(classifyAuditOutput(JSON.stringify(report())).kind).toBe('report');
    const missing = {
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      uri: 'https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    };
    expect(classifyAuditOutput(JSON.stringify(missing))).toMatchObject({ kind: 'unavailable', status: 405 });
    expect(classifyAuditOutput(JSON.stringify({ ...missing, statusCode: 500 })).kind).toBe('failed');
    expect(
      classifyAuditOutput(JSON.stringify({ ...missing, uri: 'https://registry.example/zod' })).kind,
    ).toBe('failed');
    expect(
      classifyAuditOutput(JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'no network' } })),
    ).toEqual({
      kind: 'failed',
      message: 'npm audit failed: no network',
    });
    expect(classifyAuditOutput('').kind).toBe('failed');
  });
});

describe('npm run audit:prod against a registry', () => {
  let server: Server;
  let registry: string;
  // npm keeps advisories it has seen in its cache: a cache of the test's own, so each answer is the stand-in's.
  const cache = mkdtempSync(join(tmpdir(), 'audit-prod-cache-'));
  let mode: 'advisory' | 'no-endpoint' | 'broken' = 'advisory';
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || !request.url?.endsWith('/-/npm/v1/security/advisories/bulk')) {
          response.writeHead(404).end('{}');
          return;
        }
        const raw = Buffer.concat(chunks);
        const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        asked.push(...Object.keys(JSON.parse(body.toString('utf8'))));
        if (mode === 'no-endpoint') response.writeHead(405, { allow: 'GET,HEAD' }).end();
        else if (mode === 'broken') response.writeHead(500).end();
        else
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              // zod is a production dependency (server, web, contract); vitest only a development one.
              zod: [
                {
                  id: 1099999,
                  url: 'https://github.com/advisories/GHSA-2222-3333-4444',
                  title: 'A test advisory',
                  severity: 'high',
                  vulnerable_versions: '<99.0.0',
                  cwe: [],
                  cvss: { score: 7.5, vectorString: null },
                },
              ],
              vitest: [
                {
                  id: 1099998,
                  url: 'https://github.com/advisories/GHSA-5555-6666-7777',
                  title: 'A development-only advisory',
                  severity: 'critical',
                  vulnerable_versions: '<99.0.0',
                  cwe: [],
                  cvss: { score: 9.8, vectorString: null },
                },
              ],
            }),
          );
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(cache, { recursive: true, force: true });
  });

  const runScript = (env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['scripts/audit-prod.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        npm_config_registry: registry,
        npm_config_cache: cache,
        npm_config_fetch_retries: '0',
        ...env,
      },
    }).then(
      (done) => ({ code: 0, out: done.stdout + done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({
        code: failed.code,
        out: failed.stdout + failed.stderr,
      }),
    );

  it('fails on a high advisory in a production dependency, naming it; a development-only one is left out', async () => {
    mode = 'advisory';
    const { code, out } = await runScript();
    expect(code, out).toBe(1);
    expect(out).toContain(
      'audit: FAIL: high GHSA-2222-3333-4444 in zod <99.0.0: A test advisory https://github.com/advisories/GHSA-2222-3333-4444',
    );
    expect(out).not.toContain('GHSA-5555-6666-7777');
    expect(out).toContain('1 high or critical finding(s) in production dependencies');
    expect(asked).toContain('zod');
  });

  it('says loudly that nothing was audited when the registry has no audit endpoint (405), and fails if required', async () => {
    mode = 'no-endpoint';
    const skipped = await runScript();
    expect(skipped.code, skipped.out).toBe(0);
    expect(skipped.out).toContain('audit: SKIPPED — production dependencies were NOT checked');
    expect(skipped.out).toContain('405 Method Not Allowed - POST');
    const required = await runScript({ AUDIT_REQUIRED: '1' });
    expect(required.code, required.out).toBe(1);
  });

  it('fails when the audit itself fails (a 500 is not a missing endpoint)', async () => {
    mode = 'broken';
    const { code, out } = await runScript();
    expect(code, out).toBe(1);
    expect(out).toContain('audit: npm audit failed');
  });
});
