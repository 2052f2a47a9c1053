import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessCallLogFilterSchema,
  businessCallLogQuerySchema,
  callDetailSchema,
  callLogCountSchema,
  callLogFilterSchema,
  callLogPageSchema,
  callLogQuerySchema,
} from '@switchboard/shared/call-logs';
import { platformLogQuerySchema, platformLogsSchema } from '@switchboard/shared/platform-logs';
import { callLogsAnswer, type PlatformCallLogs } from '../../platform/platform-call-logs';
import type { PlatformRecordings } from '../../platform/platform-recordings';
import { recordingResponseHeaders } from '../../platform/recording-fetch';
import { agentScopeOf } from '../agents/agent-scope';
import type { CallsService } from './calls.service';
import { requireUser } from '../../http/auth';
import { answerHandler } from '../../http/answer-cache';
import { errorResponses } from '../../http/error-responses';
import { sendCsv } from '../../http/csv';
import { idParams as params, routeGroup } from '../../http/routes';

/** The call log, its export, one call's detail and its recording. */
export const callRoutes =
  (deps: {
    calls: CallsService;
    recordingSource: (storedUrl: string) => string;
    recordings: PlatformRecordings;
    callLogs: Pick<PlatformCallLogs, 'download'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['calls'], access: 'member' });
    const spending = route.with({ access: 'manager' });
    const answered = answerHandler(deps.calls.answers);

    route.get(
      '/agents/:id/calls',
      {
        summary:
          "The agent's calls, newest first: tab (all/successful/failed/transferred), phone digits, date range in the business zone, transcript search, end reason, call type, duration and cost bounds, test calls (left out unless includeTest=1), paged",
        params,
        querystring: callLogQuerySchema,
        response: { 200: callLogPageSchema },
      },
      // A finished answer, from the cache when nothing it reads changed (decision 073).
      answered((request) =>
        deps.calls.listAnswer(agentScopeOf(request), request.params.id, request.query),
      ),
    );

    route.get(
      '/agents/:id/calls/count',
      {
        summary:
          "How many of the agent's calls match the call log's filter (what a transcript search's page leaves to count after it answers)",
        params,
        querystring: callLogFilterSchema,
        response: { 200: callLogCountSchema },
      },
      async (request) => deps.calls.count(agentScopeOf(request), request.params.id, request.query),
    );

    route.get(
      '/agents/:id/calls/export',
      {
        summary: 'Every call of the same filter as CSV (streamed; spreadsheet formulas escaped)',
        params,
        querystring: callLogFilterSchema,
      },
      async (request, reply) => {
        const csv = await deps.calls.exportCsv(
          agentScopeOf(request),
          request.params.id,
          request.query,
        );
        const day = new Date().toISOString().slice(0, 10);
        return sendCsv(reply, `calls-${request.params.id.slice(0, 8)}-${day}.csv`, csv, {
          noStore: true,
        });
      },
    );

    route.get(
      '/calls',
      {
        summary:
          "The business's calls across its agents (the operator: every agent's), newest first, with the agent log's filters and `agentId`, paged",
        querystring: businessCallLogQuerySchema,
        response: { 200: callLogPageSchema },
      },
      answered((request) => deps.calls.listBusinessAnswer(agentScopeOf(request), request.query)),
    );

    route.get(
      '/calls/count',
      {
        summary:
          "How many of the business's calls (the operator: every agent's) match the business-wide log's filter",
        querystring: businessCallLogFilterSchema,
        response: { 200: callLogCountSchema },
      },
      async (request) => deps.calls.countBusiness(agentScopeOf(request), request.query),
    );

    route.get(
      '/calls/export',
      {
        summary: 'Every call of the business-wide filter as CSV (streamed; formulas escaped)',
        querystring: businessCallLogFilterSchema,
      },
      async (request, reply) => {
        const csv = await deps.calls.exportBusinessCsv(agentScopeOf(request), request.query);
        const day = new Date().toISOString().slice(0, 10);
        return sendCsv(reply, `calls-${day}.csv`, csv, { noStore: true });
      },
    );

    route.get(
      '/calls/:id',
      {
        summary: 'One call: summary, evaluation, transcript, costs, transfer',
        params,
        response: { 200: callDetailSchema },
      },
      async (request) => deps.calls.detail(agentScopeOf(request), request.params.id),
    );

    spending.post(
      '/calls/:id/erase',
      {
        summary:
          "Erases the call's recording, transcript, summary and caller's number, on the platform (DELETE /call/{id}) and here; its date, length, cost and outcome stay in the figures. Owners and managers; answers the call's detail as it now is",
        params,
        response: {
          200: callDetailSchema,
          ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
        },
      },
      async (request) =>
        deps.calls.erase(agentScopeOf(request), requireUser(request), request.params.id),
    );

    route.get(
      '/calls/:id/logs',
      {
        summary:
          "The platform's logs of one call (its GET /call/{id}/call-logs file), with the count of each level; `level` (repeated or comma-separated: INFO, LOG, WARN, ERROR, CHECKPOINT) keeps only those lines",
        params,
        querystring: platformLogQuerySchema,
        response: { 200: platformLogsSchema, ...errorResponses('PLATFORM_ERROR') },
      },
      async (request) => {
        await deps.calls.requireCall(agentScopeOf(request), request.params.id);
        const file = await deps.callLogs.download(request.params.id);
        return callLogsAnswer(request.params.id, file, request.query.level);
      },
    );

    route.get(
      '/calls/:id/recording',
      {
        summary:
          "The call's recording, streamed through us as audio or bytes: from its URL on the platform's recording hosts, else through the platform's authenticated download (a short-lived link, asked for again once expired). Range requests pass through, so the player can seek",
        params,
      },
      async (request, reply) => {
        const { publicUrl } = await deps.calls.recordingSource(
          agentScopeOf(request),
          request.params.id,
        );
        const upstream = await deps.recordings.open({
          callId: request.params.id,
          publicUrl: publicUrl ? deps.recordingSource(publicUrl) : null,
          range: request.headers.range,
        });
        return reply
          .status(upstream.status)
          .headers(recordingResponseHeaders(upstream.headers, request.params.id))
          .send(upstream.body);
      },
      // Audio as the platform sends it: Content-Length and Range must describe these bytes.
      { compress: false },
    );
  };
