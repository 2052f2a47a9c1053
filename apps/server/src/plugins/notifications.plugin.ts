import fp from 'fastify-plugin';
import { NotificationJob } from '../modules/notifications/notification-job';
import { notificationRoutes } from '../modules/notifications/notifications.routes';
import { NotificationsService, vapidSubject } from '../modules/notifications/notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bell, preferences and push subscriptions; and the job that sends pushes and mails. */
    notifications: { service: NotificationsService; job: NotificationJob };
  }
}

/**
 * Notifications (decision 060): the user's routes under /api, and the job that sends what
 * `notify()` left pending — pushes at once, mail at most hourly per user. The job starts when
 * we serve for real (onListen); tests that inject drive `job.runOnce()` themselves.
 */
export const notificationsPlugin = fp(
  async (app) => {
    const { config, database, mail } = app;
    const reach = app.platform.client.mode === 'live' ? 'live' : 'local';
    const service = new NotificationsService({
      db: database.db,
      reach,
      subject: vapidSubject(config.publicUrl, config.mail.from),
    });
    const job = new NotificationJob({
      db: database.db,
      tryWithLock: database.tryWithLock,
      mail,
      vapid: () => service.vapidKeys(),
      reach,
      publicBaseUrl: app.publicBaseUrl,
      log: app.log.child({ component: 'notifications' }),
    });
    app.decorate('notifications', { service, job });
    await app.register(notificationRoutes({ notifications: service, kick: () => job.kick() }), {
      prefix: '/api',
    });
    app.addHook('onListen', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  },
  {
    name: 'notifications',
    dependencies: ['database', 'platform', 'jobs', 'security', 'public-url'],
  },
);
