import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { fakeMatchMedia } from './match-media';

// Finders wait up to 5 s (Testing Library's default is 1 s): the screens poll every second
// (an import's progress), so a finder waiting for the next poll would race it at 1 s, and a
// worker's first import of a lazy screen can take over a second on two busy cores. Nothing
// longer: a finder that needs more is waiting for the wrong thing (decision 050).
configure({ asyncUtilTimeout: 5000 });

// The test DOM (happy-dom) has no layout; these stand-ins for the media and size APIs Mantine
// relies on answer "no match" and "no size", which is what a headless test wants.
Object.defineProperty(window, 'matchMedia', { writable: true, value: fakeMatchMedia(() => false) });

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's autosize Textarea listens to document.fonts ("loadingdone"); happy-dom has none. A
// stand-in that never fires, like a page whose fonts are already loaded.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

Element.prototype.scrollIntoView = function scrollIntoView() {};
// Mantine's drawers and modals restore the scroll position; there is nothing to scroll here.
window.scrollTo = () => {};

// Test files share a worker (isolate: false in vitest.config.ts), so nothing one test leaves
// behind may reach the next: rendered trees, mocks, fake timers, stored settings, and the
// notifications Mantine keeps in a module-level store.
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
