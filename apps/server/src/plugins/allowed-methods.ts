import type { FastifyInstance } from 'fastify';

type Route = { method: string; url: string };

/**
 * The methods a path answers, read from the registered routes, so a request with another method gets 405 with an
 * `Allow` header (RFC 9110 15.5.6) instead of a 404 that says the path does not exist. Patterns are matched the way
 * the router does: a path that is a route of its own (no parameters) is that route alone, even where a parameter
 * route of the same shape would also match it (`/sessions/end-others/` beside `/sessions/:sessionId/`); `:name` is
 * one path segment, a trailing `*` the rest of the path.
 */
export function allowedMethodsOf(routes: readonly Route[]): {
  /** The methods the path answers (sorted), none when no route has the path. */
  of(path: string): string[];
  /** The methods of the path when it is a route of its own, else undefined. */
  ofStatic(path: string): ReadonlySet<string> | undefined;
} {
  const exact = new Map<string, Set<string>>();
  const patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const route of routes) {
    const methods = route.method.split(',').map((method) => method.toUpperCase());
    if (!/[:*]/.test(route.url)) {
      const set = exact.get(route.url) ?? new Set();
      for (const method of methods) set.add(method);
      exact.set(route.url, set);
      continue;
    }
    let entry = patterns.get(route.url);
    if (!entry) {
      const source = route.url
        .split(/(:\w+|\*)/)
        .map((part) =>
          part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      entry = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      patterns.set(route.url, entry);
    }
    for (const method of methods) entry.methods.add(method);
  }
  const entries = [...patterns.values()];
  return {
    of(path) {
      const own = exact.get(path);
      if (own) return [...own].sort();
      const methods = new Set<string>();
      for (const entry of entries)
        if (entry.pattern.test(path)) for (const m of entry.methods) methods.add(m);
      return [...methods].sort();
    },
    ofStatic: (path) => exact.get(path),
  };
}

/**
 * 405 for a method a path does not declare: in the not-found handler (see static-web.ts) and here, before any other
 * hook, for a request the router gave to a parameter route although its path is a route of its own
 * (`DELETE /sessions/end-others/` would otherwise reach `DELETE /sessions/:sessionId/`).
 */
export function registerMethodNotAllowed(app: FastifyInstance): (path: string) => string[] {
  let table: ReturnType<typeof allowedMethodsOf> | undefined;
  const lookup = () => {
    table ??= allowedMethodsOf(app.routeAccess());
    return table;
  };
  app.addHook('onRequest', async (request, reply) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl?.includes(':')) return;
    const path = request.url.split('?')[0] ?? '';
    const own = lookup().ofStatic(path);
    if (own && !own.has(request.method))
      return methodNotAllowed(reply, request.method, path, [...own].sort());
  });
  return (path) => lookup().of(path);
}

export function methodNotAllowed(
  reply: import('fastify').FastifyReply,
  method: string,
  path: string,
  allowed: string[],
) {
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({
      error: {
        code: 'METHOD_NOT_ALLOWED',
        message: `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
      },
    });
}
