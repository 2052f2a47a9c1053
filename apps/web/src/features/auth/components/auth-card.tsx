import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './auth-card.module.css';

type AuthCardProps = {
  title: string;
  subtitle: ReactNode;
  /** Below the card: the link to the other form, after its question (“Remembered it?”). */
  footer: { prompt: string; to: string; link: string };
  width?: number;
  children: ReactNode;
};

/** The frame shared by the sign-in and account-creation screens. */
export function AuthCard({ title, subtitle, footer, width = 440, children }: AuthCardProps) {
  return (
    <div className={classes.backdrop}>
      <Container size={width} px="md" py={{ base: 40, sm: 72 }}>
        <Stack gap={6} mb="lg" ta="center">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed">{subtitle}</Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} className={classes.card}>
          {children}
        </Paper>
        <Text ta="center" size="sm" c="dimmed" mt="lg">
          {footer.prompt}{' '}
          <Anchor component={Link} to={footer.to} fw={600}>
            {footer.link}
          </Anchor>
        </Text>
      </Container>
    </div>
  );
}
