import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to: string };

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Ancestors of this page, outermost first; the page itself is the title. */
  breadcrumbs?: Crumb[];
  /** Actions on the right (buttons, filters). */
  actions?: ReactNode;
  /** A line under the description: what the signed-in user may not do here, and why. */
  notice?: ReactNode;
  /**
   * The IANA zone the screen's dates and times are shown in, named once under the description
   * ("Times in America/New_York") rather than on every row.
   */
  timeZone?: string | undefined;
};

/** Title block of an app screen. Also sets the document title. */
export function PageHeader({
  title,
  description,
  breadcrumbs,
  actions,
  notice,
  timeZone,
}: PageHeaderProps) {
  return (
    <Stack gap={6} mb="xl">
      <title>{`${title} · Switchboard`}</title>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs separatorMargin={6} fz="sm">
          {breadcrumbs.map((crumb) => (
            <Anchor key={crumb.to} component={Link} to={crumb.to} c="dimmed" fz="sm">
              {crumb.label}
            </Anchor>
          ))}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
          {timeZone && <TimeZoneLine timeZone={timeZone} />}
          {notice}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}

/** "Times in America/New_York": the one place a screen names the zone its times are in. */
export function TimeZoneLine({ timeZone }: { timeZone: string }) {
  return (
    <Text c="dimmed" size="xs">
      Times in {timeZone}
    </Text>
  );
}
