import fp from 'fastify-plugin';
import { listeningBaseUrl, publicBaseUrlOf } from '../lib/public-base-url';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where links in mail point: PUBLIC_URL, else the address we listen on (never Host). */
    publicBaseUrl: () => string;
  }
}

export const publicUrlPlugin = fp(
  async (app) => {
    const { config } = app;
    let listeningAt: string | undefined;
    app.decorate('publicBaseUrl', () =>
      publicBaseUrlOf(config.publicUrl, () => listeningAt ?? listeningBaseUrl(null, config)),
    );
    app.addHook('onListen', async () => {
      listeningAt = listeningBaseUrl(app.server.address(), config);
    });
  },
  { name: 'public-url', decorators: { fastify: ['config'] } },
);
