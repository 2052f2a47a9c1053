import { Alert } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Each tone's colour and what screen readers make of it: news, a problem, or a note. */
const TONES = {
  success: { color: 'teal', role: 'status' },
  warning: { color: 'yellow', role: 'alert' },
  danger: { color: 'red', role: 'alert' },
  info: { color: 'gray', role: 'note' },
} as const;

type NoticeProps = {
  tone: keyof typeof TONES;
  title: ReactNode;
  icon: Icon;
  /** Instead of the tone's own: "note" for a question that is not news, say. */
  role?: 'status' | 'alert' | 'note';
  children: ReactNode;
};

/** A light alert with a title and an icon, in its tone's colour and role. */
export function Notice({ tone, title, icon: IconComponent, role, children }: NoticeProps) {
  return (
    <Alert
      color={TONES[tone].color}
      variant="light"
      title={title}
      icon={<IconComponent size={20} />}
      role={role ?? TONES[tone].role}
    >
      {children}
    </Alert>
  );
}
