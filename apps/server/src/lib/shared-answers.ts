import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoded = { json: Buffer; br: Buffer; gzip: Buffer };
type Encoding = 'br' | 'gzip' | 'identity';

/** The coding the caller accepts that we keep, best first: brotli, then gzip, else none (`q=0` refuses a coding). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Answers that are the same for every caller who may ask and change rarely (the reference lists: package types, HS
 * codes, ISO equipment): written by the route's own 200 serializer and compressed once, then kept for `ttlMs` and
 * sent as they are. A list of 600 HS codes cost 5 ms of CPU a call on PostgreSQL and 12 ms on PGlite (the query, zod
 * checking each row, JSON, brotli), on every bl_view's first load (issue 29, figure 7); a kept one costs what sending
 * a buffer costs. Callers arriving while an answer is built wait for that one build. The lists change only by the
 * seed (before the server listens) or `npm run import` (another process, which cannot reach this memory): `ttlMs`
 * bounds how long such an import stays unseen by a running server.
 */
export function createSharedAnswers(options: { ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { at: number; answer: Promise<Encoded> }>();

  async function encode(json: string): Promise<Encoded> {
    const raw = Buffer.from(json);
    const [br, gz] = await Promise.all([
      // Off the event loop (zlib's thread pool), and once per build: a higher quality than per-request answers get.
      brotli(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipped(raw, { level: 9 }),
    ]);
    return { json: raw, br, gzip: gz };
  }

  return {
    /**
     * Sends the answer kept under `key`, building it with `load` (its value written by the route's 200 serializer)
     * when there is none or it is older than the TTL. A failed build is not kept: the next call tries again.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      let entry = kept.get(key);
      if (!entry || now() - entry.at >= options.ttlMs) {
        const serialize: (value: never) => string = reply.getSerializationFunction('200') ?? JSON.stringify;
        const answer = load().then((value) => encode(serialize(value as never)));
        entry = { at: now(), answer };
        kept.set(key, entry);
        answer.catch(() => {
          if (kept.get(key) === entry) kept.delete(key);
        });
      }
      const answer = await entry.answer;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.json);
    },
  };
}
