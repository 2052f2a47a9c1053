import { Card, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@switchboard/shared/alerts';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useChooseDigest, useDigest } from '../api/digest';
import { SectionHeading } from '../../../components/section-heading';

const CHOICES: Record<DigestFrequency, { label: string; description: string }> = {
  off: { label: 'Off', description: 'No digest mail.' },
  daily: {
    label: 'Daily',
    description: 'Every morning at 07:00, a summary of the day before.',
  },
  weekly: {
    label: 'Weekly',
    description: 'Every Monday at 07:00, a summary of the week before (Monday to Sunday).',
  },
};

/**
 * The signed-in user's own digest mail (decision 062): off, daily or weekly, at 07:00 in the
 * business's time zone (which the Settings header names). Off until the user chooses.
 */
export function DigestSection({ email }: { email: string | null }) {
  const digest = useDigest();
  const choose = useChooseDigest();
  const [wanted, setWanted] = useState<DigestFrequency>();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <SectionHeading title="Digest">
          A mail with your calls, minutes, cost and success rate against the period before, the
          enquiries and bookings your agents produced, what needs your attention and a small chart.
        </SectionHeading>
        {digest.isPending ? (
          <Skeleton h={96} />
        ) : digest.isError ? (
          <QueryError
            title="Your digest choice could not be loaded"
            error={digest.error}
            onRetry={() => void digest.refetch()}
          />
        ) : (
          <Radio.Group
            label="Send me a digest"
            value={wanted ?? digest.data.frequency}
            onChange={(value) => {
              const frequency = DIGEST_FREQUENCIES.find((choice) => choice === value);
              if (!frequency) return;
              // Shown at once: the mutation's pending state arrives a tick after the click.
              setWanted(frequency);
              choose.mutate(frequency, { onSettled: () => setWanted(undefined) });
            }}
          >
            <Stack gap="xs" mt="xs">
              {DIGEST_FREQUENCIES.map((frequency) => (
                <Radio
                  key={frequency}
                  value={frequency}
                  label={CHOICES[frequency].label}
                  description={CHOICES[frequency].description}
                  disabled={wanted !== undefined || (frequency !== 'off' && !email)}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {!email && (
          <Text size="xs" c="dimmed">
            Add an email address to your profile to receive a digest.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
