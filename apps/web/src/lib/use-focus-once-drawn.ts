import { useEffect, useRef } from 'react';

/**
 * A ref for a form whose page exists for it (sign-in, set a password): once the browser has
 * painted the page, its field marked `data-focus-once-drawn` takes the focus (decision 110).
 *
 * React's `autoFocus` calls `focus()` during its commit, right after inserting the page, and
 * focusing needs the layout: the browser lays out the whole page there, inside the commit's task,
 * instead of in the frame that follows. After the first paint the layout is done and the focus
 * costs nothing. A field the person has focused meanwhile (a tap, a Tab) keeps the focus.
 */
export function useFocusOnceDrawn<T extends HTMLElement>() {
  const container = useRef<T | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        container.current?.querySelector<HTMLElement>('[data-focus-once-drawn]')?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return container;
}
