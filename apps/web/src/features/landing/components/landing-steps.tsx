import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

const steps = [
  {
    title: 'Connect your voice platform',
    description:
      'Switchboard reads your assistants and their calls from your voice-AI platform and keeps a searchable copy of every call.',
  },
  {
    title: 'Let your agents work',
    description:
      'As your agents answer the phone, calls, new contacts, enquiries and bookings arrive in your dashboard.',
  },
  {
    title: 'Follow up as a team',
    description:
      'Reply to enquiries, check the day’s appointments and watch costs and outcomes per agent.',
  },
];

export function LandingSteps() {
  return (
    <Box component="section" className={classes.stepsBand} aria-labelledby="steps-title">
      <Container size="lg" className={classes.section}>
        <Stack gap="xs" ta="center" mb={48} align="center">
          <Text className={classes.kicker}>How it works</Text>
          <Title id="steps-title" order={2} fz={{ base: 28, sm: 34 }}>
            Up and running in three steps
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing={{ base: 'xl', md: 40 }}>
          {steps.map((step, index) => (
            <Stack key={step.title} gap="sm">
              <Text className={classes.stepNumber} aria-hidden>
                {String(index + 1).padStart(2, '0')}
              </Text>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text c="dimmed" size="sm" lh={1.6}>
                {step.description}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
