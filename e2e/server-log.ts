import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the portal started for the end-to-end run writes its log (checked for secrets after the run, log-secrets.ts).
 * Outside Playwright's output folder, which is emptied when a run starts; one per port, as the server is.
 */
export const SERVER_LOG = join(
  tmpdir(),
  `lading-e2e-server-${process.env.E2E_PORT ?? process.env.PORT ?? 3100}.log`,
);
