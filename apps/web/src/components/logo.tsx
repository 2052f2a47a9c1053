import { Group, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

type LogoMarkProps = { size?: number };

/** The Switchboard mark: a sound wave in a rounded tile. Decorative; the wordmark names it. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <defs>
        <linearGradient
          id={gradientId}
          x1="0"
          y1="0"
          x2="32"
          y2="32"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="var(--mantine-color-brand-6)" />
          <stop offset="1" stopColor="var(--mantine-color-signal-6)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <g stroke="#fff" strokeWidth="2.6" strokeLinecap="round">
        <path d="M8 13.5v5" />
        <path d="M12.67 10v12" />
        <path d="M17.33 7.5v17" />
        <path d="M22 11.5v9" />
        <path d="M26 14.5v3" opacity="0.75" />
      </g>
    </svg>
  );
}

type LogoProps = {
  /** Where the logo leads: the landing page for visitors, the dashboard inside the app. */
  to?: string;
  size?: 'sm' | 'md';
  /** The mark alone on phones, so a crowded header keeps its controls on screen. */
  markOnlyOnPhone?: boolean;
};

export function Logo({ to = '/', size = 'md', markOnlyOnPhone = false }: LogoProps) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Switchboard home">
      <Group gap={10} wrap="nowrap">
        <LogoMark size={size === 'md' ? 32 : 26} />
        <Text
          component="span"
          fw={750}
          fz={size === 'md' ? 19 : 16}
          lts={-0.3}
          {...(markOnlyOnPhone ? { visibleFrom: 'xs' } : {})}
        >
          Switchboard
        </Text>
      </Group>
    </UnstyledButton>
  );
}
