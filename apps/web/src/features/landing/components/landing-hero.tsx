import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HeroVisual } from './hero-visual';
import classes from './landing.module.css';

export function LandingHero() {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={{ base: 48, md: 64 }}
          className={classes.heroGrid}
        >
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" radius="xl" className={classes.eyebrow}>
              For businesses running voice-AI agents
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              Every call your AI agents take,{' '}
              <Text component="span" inherit variant="gradient" className={classes.heroAccent}>
                in one dashboard
              </Text>
            </Title>
            <Text size="lg" c="dimmed" className={classes.heroLead}>
              Switchboard shows you what your voice assistants do all day: call logs with outcomes
              and costs, usage analytics, the contacts and enquiries they capture and the
              appointments they book. And you can talk to any agent right in your browser.
            </Text>
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                to="/create-account"
                size="lg"
                rightSection={<IconArrowRight size={18} />}
              >
                Create account
              </Button>
              <Button component={Link} to="/login" size="lg" variant="default">
                Sign in
              </Button>
            </Group>
          </Stack>
          <HeroVisual />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
