import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { routePattern } from './app-shell';

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

describe('static assets of the build', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lading-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Lading</title>${' '.repeat(2000)}`);
    writeFileSync(join(dist, '.vite/manifest.json'), '{}');
    writeFileSync(join(dist, 'assets/app-Ab12.js'), script);
    // Marked copies, so the test can tell which file was sent.
    writeFileSync(join(dist, 'assets/app-Ab12.js.br'), brotliCompressSync(`${script}// br`));
    writeFileSync(join(dist, 'assets/app-Ab12.js.gz'), gzipSync(`${script}// gz`));
    writeFileSync(join(dist, 'assets/app-Ab12.js.map'), '{}');
    writeFileSync(join(dist, 'assets/logo-Cd34.png'), Buffer.alloc(4096, 7));
    t = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy to a browser, as it is, cached for a year', async () => {
    const res = await get('/assets/app-Ab12.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(`${script}// br`))).toBe(true);
  });

  it("keeps a script's security headers that apply to it, and of those only a document uses, frame-ancestors", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/app-Ab12.js', encoding);
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['x-content-type-options'], encoding).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], encoding).toBe('same-origin');
      expect(res.headers['content-security-policy'], encoding).toBe("frame-ancestors 'none'");
      for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(res.headers[name], `${name} (${encoding})`).toBeUndefined();
      // Hashed and immutable: no validators, no ranges, no request id (a missing file's answer keeps it).
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-request-id'])
        expect(res.headers[name], `${name} (${encoding})`).toBeUndefined();
    }
    expect((await get('/assets/gone-Zz99.js', 'br')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const page = await t.app.inject({ method: 'GET', url: '/app-login', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/app-Ab12.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}// gz`);
    const plain = await get('/assets/app-Ab12.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('does not compress an image again on the fly', async () => {
    const res = await get('/assets/logo-Cd34.png', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
  });

  it('never caches index.html, and serves neither source maps nor the build manifest', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/bl_view/7',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/app-Ab12.js.map', 'br')).statusCode).toBe(404);
    expect((await get('/.vite/manifest.json', 'br')).statusCode).toBe(404);
  });
});

describe("a screen's chunks named in the HTML sent for its address", () => {
  let t: TestApp;
  let dist: string;
  const SHELL = '<div class="portal-shell" aria-hidden="true"><span>Lading</span></div>';
  const index = (script: string) =>
    `<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/${script}"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n    <template id="portal-shell">${SHELL}</template>\n  </body>\n</html>\n`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lading-dist-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), index('index-A1.js'));
    writeFileSync(
      join(dist, '.vite/route-preloads.json'),
      JSON.stringify([
        { path: '/app-login', scripts: ['assets/login-B2.js'], styles: [] },
        {
          path: '/bl_view/$id',
          scripts: ['assets/portal-layout-C3.js', 'assets/bl-view-D4.js'],
          styles: ['assets/bl-view-E5.css'],
          portal: true,
        },
      ]),
    );
    t = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it("preloads the screen's scripts and stylesheets in the head, for any id and with a query string", async () => {
    for (const url of ['/bl_view/7', '/bl_view/123/', '/bl_view/7?tab=cargo']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/portal-layout-C3.js">',
      );
      expect(head, url).toContain('<link rel="modulepreload" crossorigin href="/assets/bl-view-D4.js">');
      expect(head, url).toContain(
        '<link rel="preload" as="style" crossorigin href="/assets/bl-view-E5.css">',
      );
      expect(head, url).toContain('src="/assets/index-A1.js"');
    }
    expect((await page('/app-login')).body).toContain('href="/assets/login-B2.js"');
  });

  it("puts the header's shell into #root on a screen of the signed-in layout, and only there", async () => {
    const view = (await page('/bl_view/7')).body;
    expect(view).toContain(`<div id="root">${SHELL}</div>`);
    const login = (await page('/app-login')).body;
    expect(login).toContain('<div id="root"></div>');
    expect(login).not.toContain(`<div id="root">${SHELL}`);
  });

  it('sends index.html as built where no screen matches, and each page only its own links', async () => {
    for (const url of ['/app-nothing', '/bl_view', '/bl_view/7/more']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(index('index-A1.js'));
    }
    expect((await page('/app-login')).body).not.toContain('bl-view');
  });

  it('answers a revalidation with 304 while the build is unchanged, and serves a new build at once', async () => {
    const first = await page('/bl_view/7');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await page('/bl_view/8', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page('/app-login', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);

    const indexFile = join(dist, 'index.html');
    writeFileSync(indexFile, index('index-F6.js'));
    utimesSync(indexFile, new Date(), new Date(Date.now() + 60_000));
    const rebuilt = await page('/bl_view/7', { 'if-none-match': String(first.headers.etag) });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toContain('src="/assets/index-F6.js"');
    expect(rebuilt.body).toContain('href="/assets/bl-view-D4.js"');
  });
});

describe('routePattern', () => {
  it('matches one segment per parameter and an optional trailing slash, nothing more', () => {
    const pattern = routePattern('/app-dashboard-admin/bl-review/$id');
    expect(pattern.test('/app-dashboard-admin/bl-review/12')).toBe(true);
    expect(pattern.test('/app-dashboard-admin/bl-review/12/')).toBe(true);
    expect(pattern.test('/app-dashboard-admin/bl-review')).toBe(false);
    expect(pattern.test('/app-dashboard-admin/bl-review/12/x')).toBe(false);
    expect(routePattern('/app-dashboard').test('/app-dashboard/')).toBe(true);
    expect(routePattern('/a.b').test('/aXb')).toBe(false);
  });
});
