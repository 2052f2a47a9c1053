/* global window, document */
// Runs before first paint so a dark-mode user never sees a light flash. It mirrors Mantine's
// ColorSchemeScript (same localStorage key as app/provider.tsx; "auto" follows the OS) but is
// a file, because the Content-Security-Policy allows no inline script.
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage blocked (private mode, policy): Mantine falls back to the default at start.
  }
})();
