import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { listeningBaseUrl, publicBaseUrlOf } from './lib/public-base-url';
import { accountRoutes } from './modules/account/account.routes';
import { AccountService } from './modules/account/account.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { CampaignWindowJob } from './modules/campaigns/campaign-windows.job';
import { campaignRoutes } from './modules/campaigns/campaigns.routes';
import { CampaignsService } from './modules/campaigns/campaigns.service';
import { consoleAdminRoutes } from './modules/console/console-admin.routes';
import { ConsoleService } from './modules/console/console.service';
import { phoneNumberRoutes } from './modules/console/phone-numbers.routes';
import { PhoneNumbersService } from './modules/console/phone-numbers.service';
import { knowledgeBaseRoutes } from './modules/console/knowledge-bases.routes';
import { KnowledgeBasesService } from './modules/console/knowledge-bases.service';
import { toolRoutes } from './modules/console/tools.routes';
import { structuredOutputRoutes } from './modules/console/structured-outputs.routes';
import { StructuredOutputsService } from './modules/console/structured-outputs.service';
import { agentChatRoutes } from './modules/console/agent-chats.routes';
import { AgentChatsService } from './modules/console/agent-chats.service';
import { ToolsService } from './modules/console/tools.service';
import { squadRoutes } from './modules/console/squads.routes';
import { SquadsService } from './modules/console/squads.service';
import { agentTestRoutes } from './modules/agent-tests/agent-tests.routes';
import { AgentTestsService } from './modules/agent-tests/agent-tests.service';
import { agentRoutes } from './modules/agents/agents.routes';
import { AgentsService } from './modules/agents/agents.service';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { callRoutes } from './modules/calls/calls.routes';
import { CallsService } from './modules/calls/calls.service';
import { contactRoutes } from './modules/contacts/contacts.routes';
import { ContactsService } from './modules/contacts/contacts.service';
import { ContactImportJob } from './modules/contacts/import/import-job';
import { contactImportRoutes } from './modules/contacts/import/import.routes';
import { ContactImportsService } from './modules/contacts/import/import.service';
import { AdminService } from './modules/admin/admin.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { createSignInThrottle } from './modules/auth/sign-in-throttle';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TRADES,
  seedDemoAccounts,
} from './modules/auth/demo-accounts';
import { healthRoutes } from './modules/health/health.routes';
import { Metrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { syncEmailLogsFromOutbox } from './modules/enquiries/enquiries.repository';
import { enquiryRoutes } from './modules/enquiries/enquiries.routes';
import { EnquiriesService } from './modules/enquiries/enquiries.service';
import { ImapPoller } from './modules/inbound-mail/imap-poller';
import { inboundMailRoutes } from './modules/inbound-mail/inbound-mail.routes';
import { runDemoBurst } from './platform/demo-burst';
import { resolveToolCaller } from './platform/tool-caller';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { StatisticsService } from './modules/statistics/statistics.service';
import { appointmentRoutes } from './modules/appointments/appointments.routes';
import { AppointmentsService } from './modules/appointments/appointments.service';
import { serviceEnquiryRoutes } from './modules/service-enquiries/service-enquiries.routes';
import { ServiceEnquiriesService } from './modules/service-enquiries/service-enquiries.service';
import { createLocalMailboxTransport, createSmtpTransport } from './modules/mail/mail-transport';
import { MailService } from './modules/mail/mail.service';
import { CallSync } from './platform/call-sync';
import { platformRoutes } from './platform/platform.routes';
import { startPlatform, type PlatformRuntime } from './platform/platform-runtime';
import { webhookRoutes, type ToolHandler } from './platform/webhook.routes';
import { webCallRoutes } from './platform/web-call.routes';
import { WebCallService } from './platform/web-call.service';
import { registerAuth, sessionCookieFor } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerErrorResponses } from './plugins/error-responses';
import { DOCS_PREFIX, registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { openLimitStore } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { registerTextCheck } from './plugins/text-check';
import { loggerOptions } from './lib/log-format';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    platform: PlatformRuntime;
    callSync: CallSync;
    mail: MailService;
    contactImportJob: ContactImportJob;
    metrics: Metrics;
    /** Where links in mail point: PUBLIC_URL, else the address we listen on (never Host). */
    publicBaseUrl: () => string;
  }
}

/** How a process on this machine (the in-process sandbox) reaches the server we listen on. */
function loopbackBaseUrl(address: string | AddressInfo | null): string {
  if (!address || typeof address === 'string') return 'http://127.0.0.1';
  const anyAddress = address.address === '0.0.0.0' || address.address === '::';
  if (anyAddress || address.family === 'IPv4') {
    return `http://${anyAddress ? '127.0.0.1' : address.address}:${address.port}`;
  }
  return `http://[${address.address}]:${address.port}`;
}

/** What buildApp takes besides the configuration. */
export type AppOptions = {
  /** The clock of the sign-in limits, in ms since the epoch (default: Date.now). */
  now?: () => number;
};

/**
 * Builds the whole server: database (opened and migrated), plugins, API modules, the SPA.
 * main.ts and every integration test call this same function; the caller listens (or
 * injects), which finishes booting the plugins.
 */
export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextCheck(app);

  const database = await openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('database', database);
  let platform: PlatformRuntime | undefined;
  let callSync: CallSync | undefined;
  let campaignWindows: CampaignWindowJob | undefined;
  let closeLimitStore: (() => Promise<void>) | undefined;
  let imapPoller: ImapPoller | undefined;
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
  const metrics = new Metrics({
    db: database.db,
    lastSyncSuccess: async () => (await callSync?.status())?.lastSuccessAt,
    log: app.log.child({ component: 'metrics' }),
  });
  app.decorate('metrics', metrics);
  // Every request, by the route it matched (its pattern), once it is answered.
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
  let listeningAt: string | undefined;
  const publicBaseUrl = () =>
    publicBaseUrlOf(config.publicUrl, () => listeningAt ?? listeningBaseUrl(null, config));
  app.decorate('publicBaseUrl', publicBaseUrl);
  // One hook, so the order is explicit: stop background work, then the sandbox, then the database.
  app.addHook('onClose', async () => {
    await importJob.stop();
    await imapPoller?.stop();
    await mail.stop();
    await callSync?.stop();
    await campaignWindows?.stop();
    await platform?.close();
    await closeLimitStore?.();
    await database.close();
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  try {
    const limits = await openLimitStore(config.redis, app.log);
    closeLimitStore = limits.close;
    const runtime = await startPlatform(config, app.log, database.db);
    platform = runtime;
    const sync = new CallSync({
      db: database.db,
      tryWithLock: database.tryWithLock,
      platform: runtime.client,
      log: app.log.child({ component: 'call-sync' }),
      intervalMs: config.platform.syncIntervalSeconds * 1000,
    });
    callSync = sync;
    app.decorate('platform', runtime);
    app.decorate('callSync', sync);
    // Background work starts only when we serve for real; tests that inject drive it themselves.
    app.addHook('onListen', async () => {
      listeningAt = listeningBaseUrl(app.server.address(), config);
      runtime.onListen(loopbackBaseUrl(app.server.address()));
      sync.start();
      mail.start();
      await importJob.start();
    });

    // The embedded default's first start gets demo sign-ins; a real platform account never does.
    if (runtime.client.mode === 'sandbox' && runtime.sandbox) {
      const sandbox = runtime.sandbox;
      if (await seedDemoAccounts(database.db, sandbox.demo.assistants)) {
        // With live simulated calls on (not in tests), a first burst of calls with tool calls
        // gives the fresh demo enquiries and appointments through the real webhook path.
        if (config.sandbox.simulatorIntervalMs > 0) {
          app.addHook('onListen', async () => {
            void runDemoBurst(sandbox, app.log.child({ component: 'demo-burst' }));
          });
        }
        const owners = Object.values(DEMO_TRADES).map(
          ({ owner, business }) => `${owner.userName} (${business.name})`,
        );
        app.log.info(
          `Demo sign-ins created: ${DEMO_ADMIN.userName} / ${DEMO_ADMIN.password} (admin); ` +
            `${owners.join(', ')} with the password ${DEMO_PASSWORD}.`,
        );
      }
    }

    const auth = new AuthService({ db: database.db, mail });
    const sessionCookie = sessionCookieFor(config.publicUrl);
    // Before any route: the origin check and the access check see every request, and a route
    // registered from here on that does not declare its access stops the boot.
    registerOriginCheck(app, publicBaseUrl);
    await registerAuth(app, {
      cookie: sessionCookie,
      findSession: (token) => auth.findSession(token),
      publicPrefixes: [DOCS_PREFIX],
    });
    // After the access check's hook (it settles each route's access), before any route.
    registerErrorResponses(app);

    const tools = new Map<string, ToolHandler>();
    const enquiries = new EnquiriesService({
      db: database.db,
      mail,
      inboundDomain: config.inboundMail.domain,
    });
    if (config.inboundMail.imap) {
      const poller = new ImapPoller({
        settings: config.inboundMail.imap,
        receive: (message) => enquiries.receiveInbound(message),
        log: app.log.child({ component: 'imap' }),
      });
      imapPoller = poller;
      app.addHook('onListen', async () => poller.start());
    }
    tools.set('create_enquiry', async ({ arguments: args, call, toolCallId }) =>
      enquiries.createFromTool(
        await resolveToolCaller(database.db, call, {
          name: args.callerName,
          email: args.callerEmail,
        }),
        args,
        toolCallId,
      ),
    );
    await registerSecurityHeaders(app, config);
    // Before every route, the SPA's static files included: its hook is added to each route.
    await registerCompression(app);
    await registerOpenApi(app);
    await app.register(healthRoutes, { prefix: '/api' });
    await app.register(
      authRoutes({
        service: auth,
        cookie: sessionCookie,
        publicBaseUrl,
        signInThrottle: createSignInThrottle({
          redis: limits.store,
          now: options.now ?? Date.now,
        }),
        limitStore: limits.store,
      }),
      { prefix: '/api' },
    );
    await app.register(
      accountRoutes({
        service: new AccountService({ db: database.db, mail }),
        publicBaseUrl,
        limitStore: limits.store,
      }),
      { prefix: '/api' },
    );
    await app.register(
      adminRoutes({
        service: new AdminService({
          db: database.db,
          onAgentAssigned: (agentId, businessId) =>
            agentsService.attachBusinessTools(agentId, businessId),
        }),
        auth,
        publicBaseUrl,
      }),
      { prefix: '/api' },
    );
    await app.register(metricsRoutes({ metrics }), { prefix: '/api' });
    const consoleService = new ConsoleService({
      db: database.db,
      sdk: () => runtime.client.sdk,
    });
    await app.register(consoleAdminRoutes({ console: consoleService }), { prefix: '/api' });
    await app.register(
      phoneNumberRoutes({
        phoneNumbers: new PhoneNumbersService({
          db: database.db,
          platform: () => runtime.client,
          console: consoleService,
        }),
      }),
      { prefix: '/api' },
    );
    await app.register(
      toolRoutes({
        tools: new ToolsService({
          db: database.db,
          platform: () => runtime.client,
          console: consoleService,
        }),
      }),
      { prefix: '/api' },
    );
    await app.register(
      squadRoutes({
        squads: new SquadsService({
          db: database.db,
          platform: () => runtime.client,
          console: consoleService,
        }),
      }),
      { prefix: '/api' },
    );
    await app.register(
      structuredOutputRoutes({
        structuredOutputs: new StructuredOutputsService({
          db: database.db,
          platform: () => runtime.client,
          console: consoleService,
        }),
      }),
      { prefix: '/api' },
    );
    await app.register(
      agentChatRoutes({
        chats: new AgentChatsService({ db: database.db, platform: () => runtime.client }),
      }),
      { prefix: '/api' },
    );
    const campaignsService = new CampaignsService({
      db: database.db,
      platform: () => runtime.client,
      console: consoleService,
      ...(options.now ? { now: options.now } : {}),
    });
    await app.register(campaignRoutes({ campaigns: campaignsService }), { prefix: '/api' });
    const windows = new CampaignWindowJob({
      campaigns: campaignsService,
      log: app.log.child({ component: 'campaign-windows' }),
    });
    campaignWindows = windows;
    app.addHook('onListen', async () => windows.start());
    const analytics = new AnalyticsService({ db: database.db });
    const knowledgeBases = new KnowledgeBasesService({
      db: database.db,
      platform: () => runtime.client,
      console: consoleService,
    });
    const agentsService = new AgentsService({
      db: database.db,
      platform: runtime,
      log: app.log.child({ component: 'agents' }),
      knowledgeBases,
    });
    await app.register(agentRoutes({ agents: agentsService, analytics }), { prefix: '/api' });
    await app.register(
      agentTestRoutes({
        tests: new AgentTestsService({
          db: database.db,
          platform: () => runtime.client,
          console: consoleService,
        }),
        agents: agentsService,
      }),
      { prefix: '/api' },
    );
    // Once our webhook address is known: agents get Switchboard's tools by id (made per
    // business when missing), replacing inline copies from before toolIds.
    app.addHook('onListen', async () => {
      void agentsService.migrateToToolIds().catch((error: unknown) => {
        app.log.warn({ err: error }, 'moving agents to Switchboard tools by id failed');
      });
    });
    await app.register(
      statisticsRoutes({ statistics: new StatisticsService({ db: database.db, analytics }) }),
      { prefix: '/api' },
    );
    const appointments = new AppointmentsService({ db: database.db, mail });
    tools.set('book_appointment', (input) => appointments.bookFromTool(input));
    await app.register(appointmentRoutes({ appointments }), { prefix: '/api' });
    await app.register(
      serviceEnquiryRoutes({
        service: new ServiceEnquiriesService({
          db: database.db,
          mail,
          publicBaseUrl,
        }),
        limitStore: limits.store,
      }),
      { prefix: '/api' },
    );
    await app.register(
      callRoutes({
        calls: new CallsService({ db: database.db }),
        recordingSource: runtime.recordingSource,
        recordings: runtime.recordings,
        callLogs: runtime.callLogs,
      }),
      {
        prefix: '/api',
      },
    );
    await app.register(contactRoutes({ contacts: new ContactsService({ db: database.db }) }), {
      prefix: '/api',
    });
    await app.register(enquiryRoutes({ enquiries }), { prefix: '/api' });
    await app.register(fastifyMultipart, {
      limits: { fileSize: config.imports.maxFileMb * 1024 * 1024, files: 1, fields: 10 },
    });
    await app.register(
      contactImportRoutes({
        imports: new ContactImportsService({
          db: database.db,
          limits: config.imports,
          kick: () => importJob.kick(),
          progressOf: (importId) => importJob.progressOf(importId),
        }),
        maxFileMb: config.imports.maxFileMb,
      }),
      { prefix: '/api' },
    );
    // After @fastify/multipart: documents are uploaded as multipart forms.
    await app.register(knowledgeBaseRoutes({ knowledge: knowledgeBases }), { prefix: '/api' });
    // After @fastify/multipart: Mailgun may post multipart forms.
    await app.register(
      inboundMailRoutes({
        enquiries,
        postmark: config.inboundMail.postmark,
        mailgunSigningKey: config.inboundMail.mailgunSigningKey,
        now: options.now,
      }),
      { prefix: '/api' },
    );
    await app.register(platformRoutes({ platform: runtime, sync }), { prefix: '/api' });
    await app.register(webhookRoutes({ platform: runtime, tools }), { prefix: '/api' });
    const webCalls = new WebCallService({
      platform: {
        mode: runtime.client.mode,
        publicKey: runtime.publicKey,
        sandbox: runtime.sandbox,
      },
      liveBaseUrl: config.platform.baseUrl,
      origin: config.publicUrl ? new URL(config.publicUrl).origin : undefined,
      requireAgent: (scope, assistantId) => agentsService.get(scope, assistantId),
      requireResource: (scope, kind, platformId) =>
        scope.kind === 'business'
          ? consoleService.requireOwned(scope.businessId, kind, platformId)
          : consoleService.requireRecorded(kind, platformId),
    });
    await app.register(webCallRoutes({ webCalls }), { prefix: '/api' });
    await registerSpa(app, config.webDistDir);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
