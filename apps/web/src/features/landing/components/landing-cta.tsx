import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './landing.module.css';

export function LandingCta() {
  return (
    <Container
      size="lg"
      component="section"
      className={classes.section}
      aria-labelledby="cta-title"
    >
      <Paper radius="xl" p={{ base: 32, sm: 56 }} className={classes.cta}>
        <Stack align="center" ta="center" gap="md">
          <Title id="cta-title" order={2} c="white" fz={{ base: 26, sm: 32 }}>
            See every call in one place
          </Title>
          <Text c="rgba(255, 255, 255, 0.85)" size="lg" maw={520}>
            Create an account for your business, or sign in to your dashboard.
          </Text>
          <Group justify="center" gap="sm" mt="sm">
            <Button component={Link} to="/create-account" size="lg" variant="white" color="brand.8">
              Create account
            </Button>
            <Button component={Link} to="/login" size="lg" variant="outline" color="white">
              Sign in
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
