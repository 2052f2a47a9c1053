import { callBackRoutes } from '../modules/dialing/call-back.routes';
import { CallBackService } from '../modules/dialing/call-back.service';
import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '../modules/account/account.routes';
import { AccountService } from '../modules/account/account.service';
import { adminRoutes } from '../modules/admin/admin.routes';
import { businessExists } from '../modules/admin/admin.repository';
import { AlertsJob } from '../modules/alerts/alerts.job';
import { alertRoutes } from '../modules/alerts/alerts.routes';
import { AlertsService } from '../modules/alerts/alerts.service';
import { DigestService } from '../modules/alerts/digest.service';
import { AdminService } from '../modules/admin/admin.service';
import { agentTestRoutes } from '../modules/agent-tests/agent-tests.routes';
import { AgentTestsService } from '../modules/agent-tests/agent-tests.service';
import { agentRoutes } from '../modules/agents/agents.routes';
import { AgentsService } from '../modules/agents/agents.service';
import { analyticsRoutes } from '../modules/analytics/analytics.routes';
import { AnalyticsService } from '../modules/analytics/analytics.service';
import { AnswerCache } from '../http/answer-cache';
import { appointmentRoutes } from '../modules/appointments/appointments.routes';
import { AppointmentsService } from '../modules/appointments/appointments.service';
import { authRoutes } from '../modules/auth/auth.routes';
import { createSignInThrottle } from '../modules/auth/sign-in-throttle';
import { callRoutes } from '../modules/calls/calls.routes';
import { CallsService } from '../modules/calls/calls.service';
import { CampaignWindowJob } from '../modules/campaigns/campaign-windows.job';
import { campaignRoutes } from '../modules/campaigns/campaigns.routes';
import { CampaignsService } from '../modules/campaigns/campaigns.service';
import { agentChatRoutes } from '../modules/console/agent-chats.routes';
import { AgentChatsService } from '../modules/console/agent-chats.service';
import { consoleAdminRoutes } from '../modules/console/console-admin.routes';
import { ConsoleService } from '../modules/console/console.service';
import { knowledgeBaseRoutes } from '../modules/console/knowledge-bases.routes';
import { KnowledgeBasesService } from '../modules/console/knowledge-bases.service';
import { phoneNumberRoutes } from '../modules/console/phone-numbers.routes';
import { PhoneNumbersService } from '../modules/console/phone-numbers.service';
import { squadRoutes } from '../modules/console/squads.routes';
import { SquadsService } from '../modules/console/squads.service';
import { structuredOutputRoutes } from '../modules/console/structured-outputs.routes';
import { StructuredOutputsService } from '../modules/console/structured-outputs.service';
import { toolRoutes } from '../modules/console/tools.routes';
import { ToolsService } from '../modules/console/tools.service';
import { contactRoutes } from '../modules/contacts/contacts.routes';
import { DialingService } from '../modules/dialing/dialing.service';
import { ContactsService } from '../modules/contacts/contacts.service';
import { contactImportRoutes } from '../modules/contacts/import/import.routes';
import { ContactImportsService } from '../modules/contacts/import/import.service';
import { enquiryRoutes } from '../modules/enquiries/enquiries.routes';
import { EnquiriesService } from '../modules/enquiries/enquiries.service';
import { healthRoutes } from '../modules/health/health.routes';
import { ImapPoller } from '../modules/inbound-mail/imap-poller';
import { inboundMailRoutes } from '../modules/inbound-mail/inbound-mail.routes';
import { integrationRoutes } from '../modules/integrations/integrations.routes';
import { IntegrationsService } from '../modules/integrations/integrations.service';
import { metricsRoutes } from '../modules/metrics/metrics.routes';
import { serviceEnquiryRoutes } from '../modules/service-enquiries/service-enquiries.routes';
import { ServiceEnquiriesService } from '../modules/service-enquiries/service-enquiries.service';
import { statisticsRoutes } from '../modules/statistics/statistics.routes';
import { StatisticsService } from '../modules/statistics/statistics.service';
import { platformRoutes } from '../modules/call-sync/platform.routes';
import { resolveToolCaller } from '../modules/contacts/tool-caller';
import { webCallRoutes } from '../modules/web-calls/web-call.routes';
import { WebCallService } from '../modules/web-calls/web-call.service';
import { webhookRoutes, type ToolHandler } from '../modules/webhook/webhook.routes';
import { inProcessBus, postgresBus } from '../modules/live-calls/live-bus';
import { notFound } from '../lib/app-error';
import { liveCallRoutes } from '../modules/live-calls/live-calls.routes';
import { LiveCallsService } from '../modules/live-calls/live-calls.service';
import { CallIngestService } from '../modules/call-ingest/call-ingest.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alerts' and digests' rounds (tests drive `round()` themselves). */
    alertsJob: AlertsJob;
    /** The finished answers and the stamps held in process (decisions 073, 081). */
    answerCache: AnswerCache;
  }
}

export type ModulesOptions = {
  /** The clock of the sign-in limits, campaigns and inbound mail (default: Date.now). */
  now?: () => number;
};

/**
 * The API: each module's service wired to its narrow dependencies and its routes registered
 * under /api, in an order that matters where noted. A module's own background work (campaign
 * windows, the IMAP poller) starts on listen and stops on close here, beside its service.
 */
const modules: FastifyPluginAsyncZod<ModulesOptions> = async (app, options) => {
  const { config, mail, platform: runtime, callSync: sync, publicBaseUrl } = app;
  const db = app.database.db;
  const limitStore = app.limitStore;
  const auth = app.authService;
  const importJob = app.contactImportJob;
  const platform = () => runtime.client;
  let imapPoller: ImapPoller | undefined;

  const tools = new Map<string, ToolHandler>();
  // Every number the platform would dial for a business passes its calling rules (decision 053).
  const dialing = new DialingService({ db, ...(options.now ? { now: options.now } : {}) });
  const enquiries = new EnquiriesService({ db, mail, inboundDomain: config.inboundMail.domain });
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
      await resolveToolCaller(db, call, { name: args.callerName, email: args.callerEmail }),
      args,
      toolCallId,
    ),
  );
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(
    authRoutes({
      service: auth,
      cookie: app.sessionCookie,
      publicBaseUrl,
      signInThrottle: createSignInThrottle({ redis: limitStore, now: options.now ?? Date.now }),
      limitStore,
    }),
    { prefix: '/api' },
  );
  await app.register(
    accountRoutes({ service: new AccountService({ db, mail }), publicBaseUrl, limitStore }),
    { prefix: '/api' },
  );
  await app.register(
    adminRoutes({
      service: new AdminService({
        db,
        onAgentAssigned: (agentId, businessId) =>
          agentsService.attachBusinessTools(agentId, businessId),
      }),
      auth,
      publicBaseUrl,
      dialing,
    }),
    { prefix: '/api' },
  );
  await app.register(metricsRoutes({ metrics: app.metrics }), { prefix: '/api' });
  const consoleService = new ConsoleService({
    db,
    sdk: () => runtime.client.sdk,
    listPageSize: () => runtime.client.listPageSize,
  });
  const consoleDeps = { db, platform, console: consoleService };
  await app.register(consoleAdminRoutes({ console: consoleService }), { prefix: '/api' });
  await app.register(
    phoneNumberRoutes({ phoneNumbers: new PhoneNumbersService({ ...consoleDeps, dialing }) }),
    { prefix: '/api' },
  );
  await app.register(toolRoutes({ tools: new ToolsService(consoleDeps) }), { prefix: '/api' });
  await app.register(squadRoutes({ squads: new SquadsService(consoleDeps) }), { prefix: '/api' });
  await app.register(
    structuredOutputRoutes({ structuredOutputs: new StructuredOutputsService(consoleDeps) }),
    { prefix: '/api' },
  );
  await app.register(agentChatRoutes({ chats: new AgentChatsService({ db, platform }) }), {
    prefix: '/api',
  });
  const campaignsService = new CampaignsService({
    ...consoleDeps,
    dialing,
    leaseMs: config.campaigns.leaseMs,
    platformConcurrencyLimit: config.campaigns.platformConcurrencyLimit,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.register(campaignRoutes({ campaigns: campaignsService }), { prefix: '/api' });
  const windows = new CampaignWindowJob({
    campaigns: campaignsService,
    log: app.log.child({ component: 'campaign-windows' }),
  });
  app.addHook('onListen', async () => windows.start());
  // One hook, so the order is explicit; before the app-wide jobs' (onClose is LIFO).
  app.addHook('onClose', async () => {
    await imapPoller?.stop();
    await windows.stop();
  });
  // One byte cap for every finished answer the analytics and the call log keep (decision 073).
  const answers = new AnswerCache(undefined, app.changeNotices);
  app.decorate('answerCache', answers);
  const analytics = new AnalyticsService({ db, answers });
  const knowledgeBases = new KnowledgeBasesService(consoleDeps);
  const agentsService = new AgentsService({
    db,
    platform: runtime,
    log: app.log.child({ component: 'agents' }),
    knowledgeBases,
    dialing,
  });
  await app.register(agentRoutes({ agents: agentsService }), { prefix: '/api' });
  await app.register(analyticsRoutes({ analytics }), { prefix: '/api' });
  await app.register(
    agentTestRoutes({ tests: new AgentTestsService(consoleDeps), agents: agentsService }),
    { prefix: '/api' },
  );
  // Once our webhook address is known: agents get Switchboard's tools by id (made per
  // business when missing), replacing inline copies from before toolIds. A server stopped
  // meanwhile stops it and waits for it before the database closes (onClose is LIFO): it wrote
  // to a closed database and logged each agent as failed.
  const toolMigration = new AbortController();
  let migrating: Promise<unknown> = Promise.resolve();
  app.addHook('onListen', async () => {
    migrating = agentsService.migrateToToolIds(toolMigration.signal).catch((error: unknown) => {
      app.log.warn({ err: error }, 'moving agents to Switchboard tools by id failed');
    });
  });
  app.addHook('onClose', async () => {
    toolMigration.abort();
    await migrating;
  });
  // Alerts and the digest (decision 062): evaluated and sent on a schedule, one instance at a time.
  const alerts = new AlertsService({
    db,
    mail,
    publicBaseUrl,
    log: app.log.child({ component: 'alerts' }),
    ...(options.now ? { now: options.now } : {}),
    webhookProblem: async (businessId, agentId) => {
      const health = await agentsService.health({ kind: 'business', businessId }, agentId);
      // Without our own address (PUBLIC_URL) health cannot tell; that is not the platform's fault.
      if (!health.webhookUrl) return null;
      if (!health.serverPointsAtUs || !health.serverAuthenticated)
        return health.problems[0] ?? null;
      return null;
    },
  });
  const digests = new DigestService({
    db,
    mail,
    publicBaseUrl,
    log: app.log.child({ component: 'digest' }),
    ...(options.now ? { now: options.now } : {}),
  });
  app.decorate(
    'alertsJob',
    new AlertsJob({
      tryWithLock: app.database.tryWithLock,
      alerts,
      digests,
      log: app.log.child({ component: 'alerts-job' }),
      intervalMs: config.alerts.intervalMs,
    }),
  );
  await app.register(
    alertRoutes({ alerts, digests, businessExists: (id) => businessExists(db, id) }),
    { prefix: '/api' },
  );
  app.addHook('onListen', async () => app.alertsJob.start());
  app.addHook('onClose', async () => app.alertsJob.stop());
  await app.register(statisticsRoutes({ statistics: new StatisticsService({ db, analytics }) }), {
    prefix: '/api',
  });
  const appointments = new AppointmentsService({ db, mail });
  tools.set('book_appointment', (input) => appointments.bookFromTool(input));
  await app.register(appointmentRoutes({ appointments }), { prefix: '/api' });
  await app.register(
    serviceEnquiryRoutes({
      service: new ServiceEnquiriesService({ db, mail, publicBaseUrl }),
      limitStore,
    }),
    { prefix: '/api' },
  );
  await app.register(
    callRoutes({
      calls: new CallsService({
        db,
        answers,
        platform: runtime,
        ...(options.now ? { now: options.now } : {}),
      }),
      recordingSource: runtime.recordingSource,
      recordings: runtime.recordings,
      callLogs: runtime.callLogs,
    }),
    { prefix: '/api' },
  );
  await app.register(contactRoutes({ contacts: new ContactsService({ db }) }), { prefix: '/api' });
  await app.register(
    callBackRoutes({
      callBack: new CallBackService({
        ...consoleDeps,
        dialing,
        ...(options.now ? { now: options.now } : {}),
      }),
    }),
    { prefix: '/api' },
  );
  await app.register(enquiryRoutes({ enquiries }), { prefix: '/api' });
  await app.register(
    integrationRoutes({
      integrations: new IntegrationsService({
        db,
        rules: { publicOnly: runtime.client.mode === 'live' },
        publicBaseUrl,
        kick: () => app.webhookJob.kick(),
      }),
    }),
    { prefix: '/api' },
  );
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.imports.maxFileMb * 1024 * 1024, files: 1, fields: 10 },
  });
  await app.register(
    contactImportRoutes({
      imports: new ContactImportsService({
        db,
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
  // Live calls (decision 059): changes announced across instances through PostgreSQL
  // LISTEN/NOTIFY (one process with PGlite: an emitter).
  const liveBus =
    config.database.kind === 'postgres'
      ? postgresBus(config.database.url, db, app.log.child({ component: 'live-calls' }))
      : inProcessBus();
  app.addHook('onReady', async () => liveBus.ready);
  app.addHook('onClose', async () => liveBus.close());
  const liveCalls = new LiveCallsService({
    db,
    bus: liveBus,
    platform: runtime,
    dialing,
    log: app.log.child({ component: 'live-calls' }),
  });
  await app.register(
    liveCallRoutes({
      live: liveCalls,
      bus: liveBus,
      limitStore,
      cookie: app.sessionCookie,
      findSession: (token) => auth.findSession(token),
      setLiveListening: (scope, agentId, enabled) =>
        agentsService.setLiveListening(scope, agentId, enabled),
      placeSandboxCall: runtime.sandbox
        ? async (scope, agentId) => {
            const sandbox = runtime.sandbox!;
            const agents = await agentsService.list(scope);
            const agent = agentId
              ? agents.find((candidate) => candidate.id === agentId)
              : (agents.find((candidate) => sandbox.demo.assistantIds.includes(candidate.id)) ??
                agents[0]);
            if (!agent) throw notFound('Agent');
            // Held as the simulator's own calls are, a minute at least: long enough to watch.
            void sandbox
              .simulateCall({
                assistantId: agent.id,
                type: 'inboundPhoneCall',
                endedReason: 'customer-ended-call',
                tool: 'none',
                holdMs: Math.max(config.sandbox.liveCallMs, 60_000),
              })
              .catch((error: unknown) => app.log.warn({ err: error }, 'sandbox test call failed'));
          }
        : undefined,
    }),
    { prefix: '/api' },
  );
  await app.register(
    webhookRoutes({
      platform: runtime,
      tools,
      live: liveCalls,
      ingest: new CallIngestService({ db, live: liveBus }),
    }),
    {
      prefix: '/api',
    },
  );
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
};

export const modulesPlugin = fp(modules, {
  name: 'modules',
  dependencies: ['database', 'platform', 'jobs', 'security', 'observability', 'limit-store'],
});
