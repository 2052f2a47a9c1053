/**
 * A stand-in for `window.matchMedia` (jsdom has none): `matches` says which media queries
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
