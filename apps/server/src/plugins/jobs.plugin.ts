import fp from 'fastify-plugin';
import { ContactImportJob } from '../modules/contacts/import/import-job';
import { syncEmailLogsFromOutbox } from '../modules/enquiries/enquiries.repository';
import { createLocalMailboxTransport, createSmtpTransport } from '../modules/mail/mail-transport';
import { MailService } from '../modules/mail/mail.service';
import { CallSync } from '../modules/call-sync/call-sync';
import { WebhookDeliveryJob } from '../modules/integrations/webhook-delivery.job';
import { onEventRaised } from '../modules/integrations/webhook-events';

declare module 'fastify' {
  interface FastifyInstance {
    callSync: CallSync;
    mail: MailService;
    contactImportJob: ContactImportJob;
    webhookJob: WebhookDeliveryJob;
  }
}

/**
 * The app-wide background work: the platform's call sync, the mail outbox, contact imports,
 * outgoing webhooks.
 * Each takes its lease or lock in the database, so N instances share the work. They start only
 * when we serve for real (onListen); tests that inject drive them themselves.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { config, database } = app;
    const mail = new MailService({
      db: database.db,
      transport: config.mail.smtpUrl
        ? createSmtpTransport(config.mail.smtpUrl)
        : createLocalMailboxTransport(database.db),
      from: config.mail.from,
      log: app.log.child({ component: 'mail' }),
    });
    app.decorate('mail', mail);
    // Enquiry replies' email logs follow their outbox messages (queued → sending → sent | failed).
    mail.onChange((outboxIds, db) => syncEmailLogsFromOutbox(db, outboxIds));
    const importJob = new ContactImportJob({
      db: database.db,
      driver: database.driver,
      log: app.log.child({ component: 'contact-import' }),
      ...config.imports,
    });
    app.decorate('contactImportJob', importJob);
    const sync = new CallSync({
      db: database.db,
      tryWithLock: database.tryWithLock,
      platform: app.platform.client,
      log: app.log.child({ component: 'call-sync' }),
      intervalMs: config.platform.syncIntervalSeconds * 1000,
    });
    app.decorate('callSync', sync);
    // A business's outgoing webhooks: public HTTPS only with a live platform (decision 061).
    const webhookJob = new WebhookDeliveryJob({
      db: database.db,
      log: app.log.child({ component: 'webhooks' }),
      rules: { publicOnly: app.platform.client.mode === 'live' },
    });
    app.decorate('webhookJob', webhookJob);
    let stopListening: (() => void) | undefined;

    app.addHook('onListen', async () => {
      sync.start();
      mail.start();
      webhookJob.start();
      stopListening = onEventRaised(() => webhookJob.kick());
      await importJob.start();
    });
    // One hook, so the order is explicit; before the platform's and the database's (LIFO).
    app.addHook('onClose', async () => {
      await importJob.stop();
      stopListening?.();
      await webhookJob.stop();
      await mail.stop();
      await sync.stop();
    });
  },
  { name: 'jobs', dependencies: ['database', 'platform'] },
);
