import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the web app shell', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lading-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lading</title>');
    t = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['curl', {}],
    ['a browser', { accept: 'text/html,application/xhtml+xml' }],
    ['an API client', { accept: 'application/json' }],
  ])('redirects the empty path to app-login for %s (302)', async (_who, headers) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/', headers });
      expect(res.statusCode, `${method} /`).toBe(302);
      expect(res.headers.location).toBe('/app-login');
    }
  });

  it('keeps the query string out of the redirect and still serves client routes and API 404s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/?x=1' })).headers.location).toBe('/app-login');
    const page = await t.app.inject({ method: 'GET', url: '/app-login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Lading</title>');
    const api = await t.app.inject({ method: 'GET', url: '/cp/nothing-here/' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });
});
