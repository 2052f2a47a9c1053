/**
 * A stand-in for `window.matchMedia` (the test DOM has none that a test can steer): `matches` says which media queries
 * match — none for a headless test, `max-width` ones for a phone-sized screen.
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
