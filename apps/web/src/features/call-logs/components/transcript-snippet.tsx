import { Mark, Text } from '@mantine/core';
import { splitSnippet } from '../utils/transcript';

/** A transcript snippet from a search, its matching words marked (as text, never HTML). */
export function TranscriptSnippet({ snippet }: { snippet: string }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={2}>
      {splitSnippet(snippet).map((part, index) =>
        part.match ? <Mark key={index}>{part.text}</Mark> : <span key={index}>{part.text}</span>,
      )}
    </Text>
  );
}
