import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './when-near-viewport';

type Observed = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit };

/** An IntersectionObserver whose reports the test makes. */
function stubIntersectionObserver() {
  const observers: Observed[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const { callback } of observers) {
        callback(
          [{ isIntersecting } as IntersectionObserverEntry],
          {} as unknown as IntersectionObserver,
        );
      }
    });
  return { observers, report, disconnect };
}

describe('WhenNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders its children only once their place comes near the viewport', () => {
    const io = stubIntersectionObserver();
    const { container } = render(
      <WhenNearViewport placeholderHeight={900} margin="400px">
        <p>Heavy form</p>
      </WhenNearViewport>,
    );
    expect(screen.queryByText('Heavy form')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('900px');
    expect(io.observers[0]?.options?.rootMargin).toBe('400px 0px');

    io.report(false);
    expect(screen.queryByText('Heavy form')).toBeNull();

    io.report(true);
    expect(screen.getByText('Heavy form')).toBeInTheDocument();
    expect(io.disconnect).toHaveBeenCalled();
  });

  it('renders at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport>
        <p>Heavy form</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Heavy form')).toBeInTheDocument();
  });
});
