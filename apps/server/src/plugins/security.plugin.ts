import fp from 'fastify-plugin';
import { AuthService } from '../modules/auth/auth.service';
import { registerAuth, sessionCookieFor, type SessionCookie } from '../http/auth';
import { registerErrorResponses } from '../http/error-responses';
import { DOCS_PREFIX } from './openapi';
import { registerOriginCheck, STATE_CHANGING } from '../http/origin-check';
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
    const auth = new AuthService({
      db: app.database.db,
      mail: app.mail,
      notices: app.changeNotices,
    });
    const sessionCookie = sessionCookieFor(config.publicUrl);
    app.decorate('authService', auth);
    app.decorate('sessionCookie', sessionCookie);
    registerOriginCheck(app, app.publicBaseUrl);
    await registerAuth(app, {
      cookie: sessionCookie,
      findSession: (token) => auth.findSession(token),
      publicPrefixes: [DOCS_PREFIX],
    });
    // A request that may have changed something answers once this instance has heard every
    // change notice committed before it (decision 081), so its caller's next request here
    // never meets a session or a stamp the change dropped. The platform's webhooks (calls, a
    // few a second) do not wait for the round trip: they drop this instance's stamps at once.
    const notices = app.changeNotices;
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!notices.listening || !STATE_CHANGING.has(request.method)) return payload;
      if (request.routeOptions.config.allowCrossOrigin === true) {
        notices.heardHere('answer_versions', '*');
      } else {
        await notices.settled();
      }
      return payload;
    });
    // After the access check's hook (it settles each route's access), before any route.
    registerErrorResponses(app);
    await registerSecurityHeaders(app, config);
  },
  { name: 'security', dependencies: ['database', 'jobs', 'public-url'] },
);
