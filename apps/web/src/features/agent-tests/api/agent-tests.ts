import { notifications } from '@mantine/notifications';
import {
  isTestRunOver,
  type AgentTest,
  type AgentTestInput,
  type TestRun,
  type TestRunDetail,
  type TestSuite,
  type TestSuiteSummary,
} from '@switchboard/shared/agent-tests';
import type { AgentSettings } from '@switchboard/shared/agents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

// Agent tests: suites (GET/POST /api/test-suites, …/:id), their tests, runs and run history.
// Keys share the `agent-tests` prefix so a change refreshes every view of them.

const root = ['agent-tests'] as const;
const suitesKey = [...root, 'suites'] as const;
const suiteKey = (id: string) => [...root, 'suite', id] as const;
const runsKey = (filter: RunFilter) => [...root, 'runs', filter] as const;
const runKey = (id: string) => [...root, 'run', id] as const;

type RunFilter = { suiteId?: string; agentId?: string };

/** While a run is going, its views ask again this often. */
const RUNNING_POLL_MS = 1000;

export const testSuitesQueryOptions = () =>
  queryOptions({
    queryKey: suitesKey,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: TestSuiteSummary[] }>('/test-suites', { signal })).data,
    meta: { errorTitle: 'Could not refresh the test suites' },
  });

export function useTestSuites() {
  return useQuery(testSuitesQueryOptions());
}

export const testSuiteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: suiteKey(id),
    queryFn: ({ signal }) =>
      apiFetch<TestSuite>(`/test-suites/${encodeURIComponent(id)}`, { signal }),
    meta: { errorTitle: 'Could not refresh the test suite' },
  });

export function useTestSuite(id: string) {
  return useQuery(testSuiteQueryOptions(id));
}

/** The suite's tests alone (the same request and cache as the suite). */
export function useSuiteTests(id: string) {
  return useQuery({ ...testSuiteQueryOptions(id), select: (suite) => suite.tests });
}

export const testRunsQueryOptions = (filter: RunFilter = {}) =>
  queryOptions({
    queryKey: runsKey(filter),
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      return (
        await apiFetch<{ data: TestRun[] }>(`/test-runs${search ? `?${search}` : ''}`, { signal })
      ).data;
    },
    // A run still going changes by itself: ask again until every listed run is over.
    refetchInterval: (query) =>
      query.state.data?.some((run) => !isTestRunOver(run)) ? RUNNING_POLL_MS : false,
    meta: { errorTitle: 'Could not refresh the test runs' },
  });

export function useTestRuns(filter: RunFilter = {}) {
  return useQuery(testRunsQueryOptions(filter));
}

export function useTestRun(id: string | null) {
  return useQuery({
    queryKey: runKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<TestRunDetail>(`/test-runs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && isTestRunOver(query.state.data) ? false : RUNNING_POLL_MS,
    meta: { errorTitle: 'Could not refresh the test run' },
  });
}

/** The business's agents to run a suite against (id and name). */
export function useAgentChoices() {
  return useQuery({
    queryKey: ['agents', 'choices'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: { id: string; name: string }[] }>('/agents', { signal })).data.map(
        (agent) => ({ id: agent.id, name: agent.name }),
      ),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: root });
}

/** POST /api/test-runs/:id/cancel: stops a run that has not ended. */
export function useCancelTestRun(runId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiFetch<TestRunDetail>(`/test-runs/${encodeURIComponent(runId)}/cancel`, {
        method: 'POST',
      }),
    onSettled: refresh,
  });
}

export function useCreateTestSuite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<TestSuite>('/test-suites', { method: 'POST', body: { name } }),
    onSettled: refresh,
  });
}

export function useDeleteTestSuite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/test-suites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export function useAddTest(suiteId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AgentTestInput) =>
      apiFetch<AgentTest>(`/test-suites/${encodeURIComponent(suiteId)}/tests`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (test) =>
      notifications.show({
        color: 'teal',
        title: 'Test added',
        message: `${test.name} is in the suite.`,
      }),
    onSettled: refresh,
  });
}

export function useDeleteTest(suiteId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (testId: string) =>
      apiFetch<void>(
        `/test-suites/${encodeURIComponent(suiteId)}/tests/${encodeURIComponent(testId)}`,
        { method: 'DELETE' },
      ),
    onSettled: refresh,
  });
}

export function useRunTestSuite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ suiteId, agentId }: { suiteId: string; agentId: string }) =>
      apiFetch<TestRun>(`/test-suites/${encodeURIComponent(suiteId)}/runs`, {
        method: 'POST',
        body: { agentId },
      }),
    onSettled: refresh,
  });
}

/** Runs a suite against an agent's settings as the form holds them (nothing is saved). */
export function useRunTestsOnDraft() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      agentId,
      suiteId,
      settings,
    }: {
      agentId: string;
      suiteId: string;
      settings: AgentSettings;
    }) =>
      apiFetch<TestRun>(`/agents/${encodeURIComponent(agentId)}/test-runs`, {
        method: 'POST',
        body: { suiteId, settings },
      }),
    onSettled: refresh,
  });
}
