import { Mark, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TranscriptLine } from '@switchboard/shared/call-logs';
import { useEffect, useRef, useState } from 'react';
import { highlightParts } from '../utils/highlight';
import { activeLineIndex, formatOffset } from '../utils/transcript';
import classes from './call-transcript.module.css';
import { DetailSection } from './detail-section';

type CallRecordingTranscriptProps = {
  recordingUrl: string | null;
  transcript: TranscriptLine[];
  /** What the assistant's lines are labelled with. */
  agentName: string;
  /** A transcript search: the words it found are marked. */
  highlight?: string;
};

/**
 * The recording and the transcript, tied together: a line (a button) seeks the recording to
 * where it was said and plays it, and the line being played is highlighted as it plays.
 */
export function CallRecordingTranscript({
  recordingUrl,
  transcript,
  agentName,
  highlight = '',
}: CallRecordingTranscriptProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  // Where the recording is, once it has been played or sought; null: nothing highlighted yet.
  const [position, setPosition] = useState<number | null>(null);
  // The platform may have no recording after all (the call carried no URL, and its download
  // answered none): say so instead of leaving a player that never plays.
  const [unavailable, setUnavailable] = useState(false);
  const active = activeLineIndex(transcript, position);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    setUnavailable(false);
    const follow = () => setPosition(audio.currentTime);
    audio.addEventListener('timeupdate', follow);
    audio.addEventListener('seeked', follow);
    return () => {
      audio.removeEventListener('timeupdate', follow);
      audio.removeEventListener('seeked', follow);
    };
  }, [recordingUrl]);

  const playFrom = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setPosition(seconds);
    // A refused play (autoplay rules, a recording that cannot load) leaves the player's own
    // controls to the user; nothing to report here.
    Promise.resolve(audio.play()).catch(() => {});
  };

  const speakerName = (speaker: TranscriptLine['speaker']) =>
    speaker === 'assistant' ? agentName : speaker === 'customer' ? 'Caller' : 'Tool';

  return (
    <Stack gap="lg">
      <DetailSection title="Recording">
        {recordingUrl ? (
          // Our own address (the server proxies the platform's file and answers Range requests),
          // so seeking works and the page's CSP allows it. Audio only: its text alternative is
          // the timed transcript below (WCAG 1.2.1), so there is no caption track.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <audio
            ref={audioRef}
            controls
            preload="metadata"
            src={recordingUrl}
            style={{ width: '100%' }}
            onError={() => setUnavailable(true)}
          >
            <a href={recordingUrl}>Download the recording</a>
          </audio>
        ) : (
          <Text size="sm" c="dimmed">
            There is no recording of this call.
          </Text>
        )}
        {recordingUrl && unavailable ? (
          <Text size="sm" c="dimmed" mt="xs" role="status">
            The recording could not be loaded from the voice platform.
          </Text>
        ) : null}
      </DetailSection>
      <DetailSection
        title="Transcript"
        empty={transcript.length === 0 && 'There is no transcript of this call.'}
      >
        <ol className={classes.lines}>
          {transcript.map((line, index) => (
            <TranscriptBubble
              key={index}
              line={line}
              speaker={speakerName(line.speaker)}
              active={index === active}
              onPlay={recordingUrl ? playFrom : null}
              highlight={highlight}
            />
          ))}
        </ol>
      </DetailSection>
    </Stack>
  );
}

type TranscriptBubbleProps = {
  line: TranscriptLine;
  speaker: string;
  active: boolean;
  /** Seeks the recording; null when there is none to play. */
  onPlay: ((seconds: number) => void) | null;
  highlight: string;
};

function TranscriptBubble({ line, speaker, active, onPlay, highlight }: TranscriptBubbleProps) {
  const start = line.secondsFromStart;
  const className = [classes.line, classes[line.speaker], active ? classes.active : '']
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <span className={classes.meta}>
        {speaker}
        {start !== null && ` · ${formatOffset(start)}`}
      </span>
      <span>
        {highlightParts(line.text, highlight).map((part, index) =>
          part.match ? <Mark key={index}>{part.text}</Mark> : part.text,
        )}
      </span>
    </>
  );
  return (
    <li className={classes.item}>
      {onPlay && start !== null ? (
        <UnstyledButton
          className={className}
          onClick={() => onPlay(start)}
          aria-current={active ? 'true' : undefined}
          title={`Play from ${formatOffset(start)}`}
        >
          {content}
        </UnstyledButton>
      ) : (
        <div className={className} aria-current={active ? 'true' : undefined}>
          {content}
        </div>
      )}
    </li>
  );
}
