import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a browser always says where a state-changing request comes from (Origin, and
 * Sec-Fetch-Site in current browsers). Such a request is accepted only from the portal's own origin (its public URL,
 * or the host it was addressed to). Clients that are not browsers send neither header and are not affected; the
 * session cookie is SameSite=Lax besides. This covers login (login CSRF), logout and change-password, and every
 * other endpoint, so a new cookie-authenticated route cannot forget it.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const refuse = () => {
      throw new AppError('FORBIDDEN', 'Requests from other sites are not accepted.');
    };
    if (origin !== undefined) {
      if (origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) refuse();
      return;
    }
    if (site !== undefined && site !== 'same-origin' && site !== 'none') refuse();
  });
}
