import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsUpdater } from './use-search-params-updater';

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/calls?tab=successful&page=3']}>{children}</MemoryRouter>;
}

describe('useSearchParamsUpdater', () => {
  it('keeps both of two changes made before the page re-renders', () => {
    const { result } = renderHook(
      () => ({ updater: useSearchParamsUpdater(), location: useLocation() }),
      { wrapper },
    );
    act(() => {
      const [, update] = result.current.updater;
      // A tab click and, before any re-render, a filter applied with Enter.
      update((current) => {
        current.delete('tab');
        current.delete('page');
        return current;
      });
      update((current) => {
        current.set('phone', '555');
        return current;
      });
    });
    expect(result.current.location.search).toBe('?phone=555');
    expect(result.current.updater[0].toString()).toBe('phone=555');
  });
});
