import type { SnippetPart } from './transcript';

/** Words PostgreSQL's web search syntax uses as operators, not as words to find. */
const OPERATORS = new Set(['or', 'and', 'not']);

/** Endings English stemming takes off ("booked", "booking" and "books" all find "book"). */
const ENDINGS = ['ing', 'ed', 'es', 's'];

/** The start a searched word is recognised by: the word less a common English ending. */
function stemOf(word: string): string {
  for (const ending of ENDINGS) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) {
      return word.slice(0, -ending.length);
    }
  }
  return word;
}

/**
 * The starts of the words a transcript search looks for, from the search box's text as the
 * server reads it (web search syntax): quoted phrases count word by word, `-word` is excluded
 * (it is what the call must NOT contain) and `or` is an operator. Lower case, longest first, so
 * the longer of two overlapping words is the one marked.
 */
export function searchedWords(query: string): string[] {
  const words = new Set<string>();
  for (const token of query.toLowerCase().split(/\s+/)) {
    if (token.startsWith('-')) continue;
    for (const word of token.match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (!OPERATORS.has(word)) words.add(stemOf(word));
    }
  }
  return [...words].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A transcript line split into the words a search found and the rest, for <mark>: a word
 * matches when it starts with a searched word ("book" marks "Booking"). Text, never HTML.
 */
export function highlightParts(text: string, query: string): SnippetPart[] {
  const words = searchedWords(query);
  if (words.length === 0 || text === '') return text === '' ? [] : [{ text, match: false }];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`,
    'giu',
  );
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
