"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A sideways-scrolling box that opens scrolled to its right-hand end: on a phone a time chart
 * wider than the screen shows today, not the oldest day (issue 20). Wider screens have nothing
 * to scroll, so nothing moves.
 */
export function ScrollsToEnd({ children, className }: { children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);
  return (
    // Focusable: a keyboard can scroll back to older days (axe scrollable-region-focusable).
    <div ref={box} className={className} tabIndex={0} data-testid="scrolls-to-end">
      {children}
    </div>
  );
}
