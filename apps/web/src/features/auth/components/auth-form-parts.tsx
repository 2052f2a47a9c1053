import { Anchor, Button, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A way out named inside a form's alert ("Ask for a new link"), underlined in its colour. */
export function AlertLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm" c="inherit" underline="always">
      {children}
    </Anchor>
  );
}

/** The user name (or email) to sign in with: taken as typed, no capitals or spelling fixes. */
export function UserNameInput(props: TextInputProps) {
  return (
    <TextInput
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      withAsterisk
      size="md"
      {...props}
    />
  );
}

/** The form's one button, the width of the card. */
export function AuthSubmit({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="md" fullWidth mt="xs" loading={loading}>
      {children}
    </Button>
  );
}
