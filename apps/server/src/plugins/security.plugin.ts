import fp from 'fastify-plugin';
import { AuthService } from '../modules/auth/auth.service';
import { registerAuth, sessionCookieFor, type SessionCookie } from '../http/auth';
import { registerErrorResponses } from '../http/error-responses';
import { DOCS_PREFIX } from './openapi';
import { registerOriginCheck } from '../http/origin-check';
import { registerSecurityHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
    sessionCookie: SessionCookie;
  }
}

/**
 * Before any route: the origin check and the access check see every request, and a route
 * registered from here on that does not declare its access stops the boot. Then the security
 * headers (helmet). The rate limits' store is the limit-store plugin's.
 */
export const securityPlugin = fp(
  async (app) => {
    const { config } = app;
    const auth = new AuthService({ db: app.database.db, mail: app.mail });
    const sessionCookie = sessionCookieFor(config.publicUrl);
    app.decorate('authService', auth);
    app.decorate('sessionCookie', sessionCookie);
    registerOriginCheck(app, app.publicBaseUrl);
    await registerAuth(app, {
      cookie: sessionCookie,
      findSession: (token) => auth.findSession(token),
      publicPrefixes: [DOCS_PREFIX],
    });
    // After the access check's hook (it settles each route's access), before any route.
    registerErrorResponses(app);
    await registerSecurityHeaders(app, config);
  },
  { name: 'security', dependencies: ['database', 'jobs', 'public-url'] },
);
