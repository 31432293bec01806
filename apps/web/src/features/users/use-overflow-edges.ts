// Which ends of a sideways-scrolling row hide more of it: phones show no scrollbar until the row
// is touched, so the row fades out at an end with more behind it.
import { useEffect, useRef, useState, type CSSProperties } from 'react';

export interface OverflowEdges {
  /** Scrolled along: something is hidden before the left edge. */
  start: boolean;
  /** More is hidden past the right edge. */
  end: boolean;
}

const FADE = '2.5rem';

/**
 * A ref for the scrolling element, the edges it overflows now (kept up to date as it scrolls or
 * it or its items change size), and the mask that fades those edges.
 */
export function useOverflowEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<OverflowEdges>({ start: false, end: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const { scrollLeft, scrollWidth, clientWidth } = element;
      // A pixel's slack: zoomed pages scroll by fractions.
      const start = scrollLeft > 1;
      const end = scrollLeft + clientWidth < scrollWidth - 1;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The items change size too (the counts arrive after the first paint).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    for (const observed of [element, ...element.children]) observer?.observe(observed);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  return { ref, edges, style: fadeStyle(edges) };
}

function fadeStyle({ start, end }: OverflowEdges): CSSProperties | undefined {
  if (!start && !end) return undefined;
  const from = start ? `transparent, #000 ${FADE}` : '#000';
  const to = end ? `#000 calc(100% - ${FADE}), transparent` : '#000';
  const mask = `linear-gradient(to right, ${from}, ${to})`;
  return { maskImage: mask, WebkitMaskImage: mask };
}
