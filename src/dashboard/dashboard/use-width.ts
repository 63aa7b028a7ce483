import { useEffect, useState } from 'react';

/** The element's width, updated 500 ms after resizing stops (spec: resize debounce), so layouts do not flicker. */
export function useDebouncedWidth(el: HTMLElement, delay: number): number {
  const [width, setWidth] = useState(() => el.getBoundingClientRect().width || window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(([entry]) => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(entry.contentRect.width), delay);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [el, delay]);
  return width;
}
