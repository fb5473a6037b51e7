// The child process of figure 4 (4-bl-save.figure.ts): the HTTP side of its app rounds, off the app's process.
// Each round it is sent the bills (their save bodies and current versions); it keeps one keep-alive connection per
// bill saving that bill over and over for the round's seconds, each PUT carrying the version the last one answered,
// and answers with every save's latency and the bills' versions at the end. It ends when the parent disconnects.
import { Agent, request as httpRequest } from 'node:http';

export type SaveRound = {
  base: string;
  headers: Record<string, string>;
  seconds: number;
  bills: { id: number; version: number; body: Record<string, unknown> }[];
};
export type SaveRoundAnswer = { samples: number[]; versions: [number, number][] } | { error: string };

async function round({ base, headers, seconds, bills }: SaveRound): Promise<SaveRoundAnswer> {
  const agent = new Agent({ keepAlive: true, maxSockets: bills.length });
  const versions = new Map(bills.map((bill) => [bill.id, bill.version]));
  const put = (id: number, body: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const payload = JSON.stringify({ ...body, version: versions.get(id) });
      const request = httpRequest(
        `${base}/cp/bill-of-ladings/${id}/`,
        {
          method: 'PUT',
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (response.statusCode !== 200)
              return reject(new Error(`${response.statusCode} ${text.slice(0, 200)}`));
            versions.set(id, (JSON.parse(text) as { version: number }).version);
            resolve();
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      bills.map(async ({ id, body }) => {
        while (performance.now() < until) {
          const start = performance.now();
          await put(id, body);
          samples.push(performance.now() - start);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { samples, versions: [...versions] };
}

process.on('message', (message: SaveRound) => {
  round(message).then(
    (answer) => process.send?.(answer),
    (error: Error) => process.send?.({ error: error.message } satisfies SaveRoundAnswer),
  );
});
