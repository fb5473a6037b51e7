import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Database, openDatabase } from './db/client';
import { type Env, loadEnv } from './env';
import { healthRoutes } from './modules/health/health.routes';
import { type AccessTokenVerifier, registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

export type BuildAppOptions = {
  env?: Env;
  /** An open, migrated database. When absent, buildApp opens the configured one, migrates it and closes it with the app. */
  database?: Database;
  /** Override logging (tests pass false). */
  logger?: boolean;
  /** Where the built SPA lives (tests may point elsewhere). */
  webDist?: string;
  /** Interim: how bearer tokens are looked up until the accounts module supplies the OAuth verifier. */
  accessTokenVerifier?: AccessTokenVerifier;
};

export type AppContext = { env: Env; database: Database };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The whole application; server.ts and every test build it the same way. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env = options.env ?? loadEnv();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                '*.password',
                '*.code_verifier',
                '*.access_token',
                '*.refresh_token',
              ],
              censor: '[redacted]',
            },
          },
    genReqId: () => randomUUID(),
    trustProxy: env.NODE_ENV === 'production',
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(env.database, app.log));
  if (ownsDatabase) {
    await database.migrate();
    app.addHook('onClose', async () => database.close());
  }
  app.decorate('ctx', { env, database });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, env.publicUrl.startsWith('https://'));
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie, { secret: env.sessionSecret });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, env.publicUrl);

  registerAuth(app, options.accessTokenVerifier ?? (async () => null));

  await app.register(healthRoutes, { database });
  await registerStaticWeb(app, options.webDist);

  return app;
}
