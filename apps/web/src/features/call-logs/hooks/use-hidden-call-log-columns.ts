import { useCallback, useContext, useMemo, useState } from 'react';
import { SessionUserContext } from '../../../lib/session-context';
import {
  hiddenColumnsStorageKey,
  parseHiddenColumns,
  type HiddenCallLogColumns,
} from '../utils/call-log-columns';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage turned off: every column shows
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or turned off: the choice holds until the page is left
  }
}

/**
 * The call-log columns the signed-in user has hidden, remembered in this browser under their
 * own key, and the way to change them.
 */
export function useHiddenCallLogColumns(): [
  HiddenCallLogColumns,
  (next: HiddenCallLogColumns) => void,
] {
  const userId = useContext(SessionUserContext)?.id ?? null;
  const key = userId === null ? null : hiddenColumnsStorageKey(userId);
  // The choice made on this page, until the user (and so the key) changes.
  const [chosen, setChosen] = useState<{ key: string | null; hidden: HiddenCallLogColumns }>();
  const stored = useMemo(() => (key === null ? [] : parseHiddenColumns(read(key))), [key]);
  const hidden = chosen && chosen.key === key ? chosen.hidden : stored;
  const setHidden = useCallback(
    (next: HiddenCallLogColumns) => {
      const clean = parseHiddenColumns(JSON.stringify(next));
      if (key !== null) write(key, JSON.stringify(clean));
      setChosen({ key, hidden: clean });
    },
    [key],
  );
  return [hidden, setHidden];
}
