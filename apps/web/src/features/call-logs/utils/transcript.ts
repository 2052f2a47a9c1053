import { MATCH_END, MATCH_START } from '@switchboard/shared/call-log-rules';
import type { TranscriptLine } from '@switchboard/shared/call-logs';

export type SnippetPart = { text: string; match: boolean };

/**
 * A transcript snippet from a search, split at the server's MATCH_START/MATCH_END marks so the
 * matching words can be rendered in <mark> as text (never as HTML). An unclosed mark runs to the
 * end; stray marks are dropped; empty parts are left out.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) {
      const last = parts.at(-1);
      if (last && last.match === match) last.text += text;
      else parts.push({ text, match });
    }
    text = '';
  };
  for (const char of snippet) {
    if (char === MATCH_START || char === MATCH_END) {
      flush();
      match = char === MATCH_START;
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}

/** A time offset into the recording: 42 → "0:42", 605 → "10:05", 3725 → "1:02:05". */
export function formatOffset(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The line being spoken at `position` seconds into the recording: the one that started last at
 * or before it (the later line on a tie). null before the first timed line, or when nothing has
 * played yet.
 */
export function activeLineIndex(lines: TranscriptLine[], position: number | null): number | null {
  if (position === null) return null;
  let active: number | null = null;
  let activeStart = -Infinity;
  lines.forEach((line, index) => {
    const start = line.secondsFromStart;
    if (start !== null && start <= position && start >= activeStart) {
      active = index;
      activeStart = start;
    }
  });
  return active;
}
