import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import dashboardScreenshot from '../../../assets/dashboard-screenshot.webp';
import classes from './landing.module.css';

/**
 * A real picture of the product: the dashboard of the bundled demo business, taken in Chromium
 * from a running Switchboard (1280×800, WebP). Retake it when the dashboard changes visibly.
 */
export function LandingProductShot() {
  return (
    <Box component="section" className={classes.section} aria-labelledby="product-title">
      <Container size="lg">
        <Stack gap="xs" ta="center" mb="xl" align="center">
          <Text className={classes.kicker}>The product</Text>
          <Title id="product-title" order={2} fz={{ base: 28, sm: 34 }}>
            Your whole operation on one screen
          </Title>
          <Text c="dimmed" maw={600}>
            Calls, minutes, spend and success rate for today and the week, next to the contacts,
            enquiries and appointments your agents bring in.
          </Text>
        </Stack>
        <Paper withBorder shadow="xl" radius="lg" className={classes.shotFrame}>
          <Group gap={6} className={classes.windowBar} aria-hidden>
            <span className={classes.dot} />
            <span className={classes.dot} />
            <span className={classes.dot} />
          </Group>
          <img
            src={dashboardScreenshot}
            width={1280}
            height={800}
            loading="lazy"
            decoding="async"
            className={classes.shot}
            alt="The Switchboard dashboard for a dental clinic: calls, minutes, spend and success rate over the last 7 days, contacts, open enquiries and today's appointments, and the list of its voice agents with their calls and spend."
          />
        </Paper>
      </Container>
    </Box>
  );
}
