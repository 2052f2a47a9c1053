import { notifications } from '@mantine/notifications';
import type { AgentTestInput } from '@switchboard/shared/agent-tests';
import { isTestRunOver } from '@switchboard/shared/test-runs';
import type { AgentSettings } from '@switchboard/shared/agents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
    queryFn: async ({ signal }) => (await api('get', '/test-suites', { signal })).data,
    meta: { errorTitle: 'Could not refresh the test suites' },
  });

export function useTestSuites() {
  return useQuery(testSuitesQueryOptions());
}

export const testSuiteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: suiteKey(id),
    queryFn: ({ signal }) => api('get', '/test-suites/{id}', { path: { id }, signal }),
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
      // An empty id is no filter.
      const query = { suiteId: filter.suiteId || undefined, agentId: filter.agentId || undefined };
      return (await api('get', '/test-runs', { query, signal })).data;
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
    queryFn: ({ signal }) => api('get', '/test-runs/{id}', { path: { id: id ?? '' }, signal }),
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
      (await api('get', '/agents', { signal })).data.map((agent) => ({
        id: agent.id,
        name: agent.name,
      })),
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
    mutationFn: () => api('post', '/test-runs/{id}/cancel', { path: { id: runId } }),
    onSettled: refresh,
  });
}

export function useCreateTestSuite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => api('post', '/test-suites', { body: { name } }),
    onSettled: refresh,
  });
}

export function useDeleteTestSuite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/test-suites/{id}', { path: { id } }),
    onSettled: refresh,
  });
}

export function useAddTest(suiteId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AgentTestInput) =>
      api('post', '/test-suites/{id}/tests', { path: { id: suiteId }, body: input }),
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
      api('delete', '/test-suites/{id}/tests/{testId}', { path: { id: suiteId, testId } }),
    onSettled: refresh,
  });
}

export function useRunTestSuite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ suiteId, agentId }: { suiteId: string; agentId: string }) =>
      api('post', '/test-suites/{id}/runs', { path: { id: suiteId }, body: { agentId } }),
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
      api('post', '/agents/{id}/test-runs', { path: { id: agentId }, body: { suiteId, settings } }),
    onSettled: refresh,
  });
}
