import { useEffect, useRef, useState, type ReactNode } from 'react';

type WhenNearViewportProps = {
  children: ReactNode;
  /** How far below (or above) the viewport the section starts rendering, as CSS length. */
  margin?: string;
  /** Height the section holds before it renders, so the page below does not jump much. */
  placeholderHeight?: number;
};

/**
 * Renders its children once their place on the page comes within `margin` of the viewport.
 * For below-the-fold sections with heavy code, such as the landing page's enquiry form (the
 * form library and its schemas): a lazy component inside loads only when a visitor scrolls
 * towards it, not with the first screen (decision 023). Where IntersectionObserver is missing
 * the children render at once.
 */
export function WhenNearViewport({
  children,
  margin = '600px',
  placeholderHeight = 0,
}: WhenNearViewportProps) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  if (near) return children;
  return <div ref={placeholder} style={{ minHeight: placeholderHeight }} />;
}
