import { Switch, Tooltip } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';

/** `?includeTest=1`: the analytics count calls started from "Talk to agent" too. */
export function useIncludeTestParam(): boolean {
  const [searchParams] = useSearchParams();
  return searchParams.get('includeTest') === '1';
}

/**
 * The one toggle for test calls on every agent screen (overview, statistics, call logs) and the
 * business-wide call log: left out unless switched on, kept in the URL (`includeTest=1`), so it
 * follows between the screens. A list goes back to its first page.
 */
export function IncludeTestCallsSwitch() {
  const includeTest = useIncludeTestParam();
  const [, update] = useSearchParamsUpdater();
  return (
    <Tooltip label="Calls started from “Talk to agent” are test calls; they are left out of figures and lists unless you include them.">
      <Switch
        label="Include test calls"
        checked={includeTest}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          update((params) => {
            if (on) params.set('includeTest', '1');
            else params.delete('includeTest');
            params.delete('page');
            return params;
          });
        }}
      />
    </Tooltip>
  );
}
