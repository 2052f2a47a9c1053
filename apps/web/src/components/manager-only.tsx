import { Button, Group, Text, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { permissionMessages } from '@switchboard/shared/auth';
import { IconLock } from '@tabler/icons-react';
import { useId, type MouseEventHandler, type ReactNode } from 'react';

/*
 * What only owners and managers may do (spend money or delete on the voice platform, decision
 * 051), as a member sees it: the button stays where it is, greyed, and says why when hovered or
 * focused; the screen says it once in plain words. The server refuses it anyway (403).
 */

/** "Only owners and managers can release numbers. Ask an owner …" */
export const managerOnlyReason = (action: string) => permissionMessages.onlyManagers(action);

type ManagerOnlyButtonProps = ButtonProps & {
  /** Whether the signed-in user may (`useCanSpendAndDelete()`). */
  allowed: boolean;
  /** What the button does, in words after "Only owners and managers can …". */
  action: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  type?: 'button' | 'submit';
  'aria-label'?: string;
};

/**
 * A button a member may not use: `aria-disabled` rather than `disabled`, so it keeps the focus
 * and its tooltip (a disabled button gets neither), and its reason is read with it.
 */
export function ManagerOnlyButton({ allowed, action, onClick, ...props }: ManagerOnlyButtonProps) {
  const reasonId = useId();
  if (allowed) return <Button onClick={onClick} {...props} />;
  const reason = managerOnlyReason(action);
  return (
    <>
      <Tooltip label={reason} multiline w={280} withArrow>
        <Button
          {...props}
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        />
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}

/** The screen's one line for a member: what they cannot do here and whom to ask. */
export function ManagerOnlyNotice({ action }: { action: string }): ReactNode {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconLock size={16} stroke={1.6} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c="dimmed">
        {managerOnlyReason(action)}
      </Text>
    </Group>
  );
}
