import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconCalendarEvent,
  IconChartBar,
  IconHeadset,
  IconMessages,
  IconPhoneCall,
  type Icon,
} from '@tabler/icons-react';
import classes from './landing.module.css';

const features: { title: string; description: string; icon: Icon }[] = [
  {
    title: 'Call logs',
    description:
      'Every call with its outcome, duration and cost. Filter successful, failed or transferred calls, search by number and date, and open a call for its transcript and recording.',
    icon: IconPhoneCall,
  },
  {
    title: 'Usage analytics',
    description:
      'Total call minutes, number of calls, total spent and average cost per call for any date range, charted per agent.',
    icon: IconChartBar,
  },
  {
    title: 'Contacts',
    description:
      'Callers become contacts on their own, linked to their calls. Import the lists you already have from a spreadsheet.',
    icon: IconAddressBook,
  },
  {
    title: 'Enquiries',
    description:
      'What callers asked for, captured by your agents. Track status, mark read or unread, and reply by email from the dashboard.',
    icon: IconMessages,
  },
  {
    title: 'Appointments',
    description:
      'Bookings your agents make on calls, in one list with the caller, the service and the time.',
    icon: IconCalendarEvent,
  },
  {
    title: 'Talk to your agent',
    description:
      'Start a voice call with any agent in the browser and hear exactly what your callers hear, before they do.',
    icon: IconHeadset,
  },
];

export function LandingFeatures() {
  return (
    <Container
      size="lg"
      component="section"
      className={classes.section}
      aria-labelledby="features-title"
    >
      <Stack gap="xs" ta="center" mb={48} align="center">
        <Text className={classes.kicker}>What you get</Text>
        <Title id="features-title" order={2} fz={{ base: 28, sm: 34 }}>
          Everything your agents do, where your team can act on it
        </Title>
        <Text c="dimmed" size="lg" maw={640}>
          Your voice platform runs the calls. Switchboard turns them into work your team can see,
          measure and follow up.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {features.map(({ title, description, icon: FeatureIcon }) => (
          <Card key={title} className={classes.featureCard}>
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <FeatureIcon size={24} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {title}
            </Title>
            <Text c="dimmed" size="sm" lh={1.6}>
              {description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
