import { Box, Group, Paper, Stack, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChartBar,
  IconMessages,
  IconPhoneCall,
  type Icon,
} from '@tabler/icons-react';
import classes from './landing.module.css';

// A fixed, smooth pattern (not data): a voice waveform drawn from two sines.
const BAR_COUNT = 36;
const bars = Array.from({ length: BAR_COUNT }, (_, i) => {
  const wave = Math.abs(Math.sin(i * 0.42) * 0.7 + Math.sin(i * 1.3) * 0.3);
  return Math.round(18 + wave * 82);
});

const chips: { label: string; icon: Icon; className: string }[] = [
  { label: 'Call logs', icon: IconPhoneCall, className: classes.chipTopLeft ?? '' },
  { label: 'Analytics', icon: IconChartBar, className: classes.chipTopRight ?? '' },
  { label: 'Enquiries', icon: IconMessages, className: classes.chipBottomLeft ?? '' },
  { label: 'Appointments', icon: IconCalendarEvent, className: classes.chipBottomRight ?? '' },
];

/** Decorative illustration for the hero: a call's waveform and the places its results go. */
export function HeroVisual() {
  return (
    <Box className={classes.visual} aria-hidden>
      <div className={classes.glow} />
      <Paper withBorder shadow="xl" radius="xl" className={classes.window}>
        <Group gap={6} className={classes.windowBar}>
          <span className={classes.dot} />
          <span className={classes.dot} />
          <span className={classes.dot} />
        </Group>
        <Stack gap="lg" p="xl">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="gradient">
              <IconPhoneCall size={22} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={8} style={{ flex: 1 }}>
              <div className={classes.line} style={{ width: '46%' }} />
              <div className={classes.lineMuted} style={{ width: '28%' }} />
            </Stack>
          </Group>
          <div className={classes.wave}>
            {bars.map((height, i) => (
              <span
                key={i}
                className={classes.waveBar}
                style={{ height: `${height}%`, animationDelay: `${(i % 12) * 90}ms` }}
              />
            ))}
          </div>
          <Stack gap={10}>
            {[82, 64, 74].map((width, i) => (
              <Group key={i} gap="sm" wrap="nowrap" className={classes.row}>
                <span className={classes.rowDot} data-tone={i === 1 ? 'muted' : 'ok'} />
                <div className={classes.lineMuted} style={{ width: `${width}%` }} />
              </Group>
            ))}
          </Stack>
        </Stack>
      </Paper>
      {chips.map(({ label, icon: ChipIcon, className }) => (
        <Paper
          key={label}
          shadow="md"
          radius="xl"
          withBorder
          className={`${classes.chip} ${className}`}
        >
          <Group gap={8} wrap="nowrap">
            <ChipIcon size={16} stroke={1.8} className={classes.chipIcon} />
            <span>{label}</span>
          </Group>
        </Paper>
      ))}
    </Box>
  );
}
