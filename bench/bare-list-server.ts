// The baseline of figures 1 and 2, in a process of its own (forked by figures/1-bl-list.figure.ts): a bare node:http server that
// runs the SQL statements the app sent for one BL list request, in order, on the same driver — a pg pool of the
// app's size, or PGlite in a worker thread as the app runs it (PgliteWorkerClient on its own copy of the database,
// in a folder as the served app's) — and answers the same JSON, compressed as the app compresses it (brotli
// quality 4 or gzip, by Accept-Encoding, over 1 KB; @fastify/compress's defaults). The probe answers its stall
// and memory like the app's.
import './process-probe';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { DCSA_TRANSPORT_DOCUMENT_STATUS } from '@lading/contract/bills-of-lading';
import pg from 'pg';
import { PgliteWorkerClient } from '../apps/server/src/db/pglite-client';

export type BareConfig = {
  statements: { text: string; params: unknown[] }[];
  /** The keys of one result row, in the order the app writes them. */
  keys: string[];
} & (
  | { engine: 'postgres'; url: string; poolSize: number }
  | { engine: 'pglite'; dataDir: string; dump: string }
);

export type BareReady = { port: number };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

async function open(config: BareConfig) {
  if (config.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    return {
      run: async (text: string, params: unknown[]) => (await pool.query(text, params)).rows,
      close: () => pool.end(),
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const client = await PgliteWorkerClient.open(config.dataDir, new Uint8Array(readFileSync(config.dump)));
  return {
    run: async (text: string, params: unknown[]) => (await client.query(text, params)).rows,
    close: () => client.close(),
  };
}

function handler(config: BareConfig, run: (text: string, params: unknown[]) => Promise<unknown[]>) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    let results: Record<string, unknown>[] = [];
    let count = 0;
    for (const statement of config.statements) {
      const rows = (await run(statement.text, statement.params)) as Record<string, unknown>[];
      const [first] = rows;
      if (first && 'updatedAt' in first && 'status' in first) results = rows;
      else if (first && Object.keys(first).length === 1 && /count\(/i.test(statement.text))
        count = Number(Object.values(first)[0]);
      if (first && 'totalCount' in first) count = Number(first.totalCount);
    }
    const body = JSON.stringify({
      count,
      results: results.map((row) => {
        const out: Record<string, unknown> = {};
        for (const key of config.keys)
          out[key] =
            key === 'dcsaStatus'
              ? DCSA_TRANSPORT_DOCUMENT_STATUS[row.status as keyof typeof DCSA_TRANSPORT_DOCUMENT_STATUS]
              : row[key];
        return out;
      }),
    });
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8' };
    let payload: Buffer | string = body;
    if (encoding && Buffer.byteLength(body) >= 1024) {
      payload = encoding === 'br' ? await brotli(body, BROTLI) : await gzipped(body);
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = Buffer.byteLength(payload);
    response.writeHead(200, headers);
    response.end(payload);
  };
}

process.once('message', async (config: BareConfig) => {
  const database = await open(config);
  const handle = handler(config, database.run);
  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      response.writeHead(500);
      response.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port } satisfies BareReady);
  // The bench disconnects when it is done: close and end.
  process.once('disconnect', () => {
    server.closeAllConnections();
    server.close(() => void database.close().finally(() => process.exit(0)));
  });
});
