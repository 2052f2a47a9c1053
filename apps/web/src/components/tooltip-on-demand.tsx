import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
};

type TooltipOnDemandProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'events'> & {
  children: ReactElement<TargetProps>;
  /** As Tooltip's: hover always; keyboard focus and a touch when asked. */
  events?: { focus?: boolean; touch?: boolean };
};

/**
 * Mantine's Tooltip for an element that repeats down a list (a call log's fifty rows): the
 * element renders alone, and the Tooltip — its positioning and listeners, the costly part —
 * mounts the first time it is wanted (the pointer over it, keyboard focus, a touch), bound to
 * the element with `target`. Shown the same way as Tooltip shows it, and named by
 * `aria-describedby` while open.
 */
export function TooltipOnDemand({ children, events, ...tooltipProps }: TooltipOnDemandProps) {
  const target = useRef<HTMLElement>(null);
  const ref = useMergedRef(target, children.props.ref);
  const id = useId();
  // What opened it: a touch stays open until a touch elsewhere, the others until they end.
  const [openedBy, setOpenedBy] = useState<'hover' | 'focus' | 'touch' | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = (by: 'hover' | 'focus' | 'touch') => {
    setWanted(true);
    setOpenedBy(by);
  };
  const closeIf = (by: 'hover' | 'focus' | 'touch') =>
    setOpenedBy((current) => (current === by ? null : current));

  useEffect(() => {
    if (openedBy !== 'touch') return;
    const away = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node && target.current?.contains(event.target))) {
        setOpenedBy(null);
      }
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [openedBy]);

  const own = children.props;
  return (
    <>
      {cloneElement(children, {
        ref,
        'aria-describedby': openedBy ? id : own['aria-describedby'],
        onMouseEnter: (event) => {
          own.onMouseEnter?.(event);
          open('hover');
        },
        onMouseLeave: (event) => {
          own.onMouseLeave?.(event);
          closeIf('hover');
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          if (events?.focus && event.currentTarget.matches(':focus-visible')) open('focus');
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          closeIf('focus');
        },
        onPointerDown: (event) => {
          own.onPointerDown?.(event);
          if (events?.touch && event.pointerType === 'touch') open('touch');
        },
        onKeyDown: (event) => {
          own.onKeyDown?.(event);
          if (event.key === 'Escape') setOpenedBy(null);
        },
      })}
      {wanted && <Tooltip {...tooltipProps} id={id} target={target} opened={openedBy !== null} />}
    </>
  );
}
