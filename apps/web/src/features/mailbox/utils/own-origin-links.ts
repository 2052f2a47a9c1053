export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string };

// Candidates only: every match is parsed with URL before it becomes a link.
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation right after a URL belongs to the sentence ("…/set-password?token=x.").
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * Splits mail text into plain text and links. Only http(s) URLs on `origin` (this app) become
 * links; anything else, including look-alike hosts and other schemes, stays inert text. The
 * result is rendered as React text nodes, so nothing in the mail is ever interpreted as HTML.
 */
export function splitOwnOriginLinks(text: string, origin: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = '';
  let last = 0;

  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = ownOriginHref(candidate, origin);
    if (!href) continue;
    plain += text.slice(last, start);
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

function ownOriginHref(candidate: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== origin || url.username || url.password) return null;
  return url.href;
}
