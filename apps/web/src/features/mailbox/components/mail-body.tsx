import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { splitOwnOriginLinks } from '../utils/own-origin-links';
import classes from './mailbox.module.css';

/**
 * A plain-text message body, shown as text exactly as sent (never as HTML). Links back into this
 * app (the set-password link, for one) are clickable; any other URL stays inert text.
 */
export function MailBody({ text }: { text: string }) {
  const segments = useMemo(() => splitOwnOriginLinks(text, window.location.origin), [text]);
  return (
    <pre className={classes.body} data-testid="mail-body">
      {segments.map((segment, index) =>
        segment.kind === 'link' ? (
          <Anchor key={index} href={segment.href} className={classes.link}>
            {segment.text}
          </Anchor>
        ) : (
          segment.text
        ),
      )}
    </pre>
  );
}
