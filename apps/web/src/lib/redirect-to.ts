/**
 * Where to go after signing in. The target travels in the login URL (`/login?redirectTo=…`), so
 * anyone can craft it: only a path on this site is followed. `//evil.com`, `/\evil.com`,
 * `https://evil.com`, `javascript:…` and anything else that could leave the site are refused.
 */

export const REDIRECT_PARAM = 'redirectTo';
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

// Any origin works as the base: what matters is that resolving the value does not change it.
const BASE = 'http://switchboard.invalid';

/** The same-site path (with its query and hash) `value` names, or null when it is not one. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  // Only a root-relative path; a second slash or a backslash would make it protocol-relative
  // (browsers read `/\host` as `//host`). Control characters and spaces are never legitimate.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return null;

  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;

  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to the sign-in screen would be a loop.
  if (url.pathname === '/login') return null;
  return path;
}

/** The sign-in URL that brings the user back to `path` (path + search) afterwards. */
export function loginPathFor(path: string): string {
  const target = safeRedirectPath(path);
  if (!target || target === DEFAULT_AFTER_SIGN_IN) return '/login';
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}
