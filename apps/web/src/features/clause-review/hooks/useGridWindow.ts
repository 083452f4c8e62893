import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

/** The rows or columns to render: `start` inclusive, `end` exclusive. */
export type GridRange = { start: number; end: number };
export type GridWindow = { rows: GridRange; columns: GridRange };

type Options = {
  rowCount: number;
  rowHeight: number;
  columnCount: number;
  columnWidth: number;
  /** Rows and columns rendered beyond each edge, so that fast scrolling shows no gaps. */
  overscan?: number;
};

type Viewport = { top: number; left: number; width: number; height: number };

/** Until the scroller is measured (and where nothing is laid out, as in jsdom). */
const FALLBACK_SIZE = { width: 1280, height: 800 };

export function visibleRange(
  offset: number,
  size: number,
  itemSize: number,
  count: number,
  overscan: number,
): GridRange {
  const first = Math.floor(offset / itemSize);
  const last = Math.ceil((offset + size) / itemSize);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

function sameRange(offsetA: number, sizeA: number, offsetB: number, sizeB: number, item: number) {
  const a = visibleRange(offsetA, sizeA, item, Infinity, 0);
  const b = visibleRange(offsetB, sizeB, item, Infinity, 0);
  return a.start === b.start && a.end === b.end;
}

/**
 * Windowing for a grid of fixed-size rows and columns: which of them the scroller shows. Fixed
 * sizes make it plain arithmetic; the grid re-renders only when the window changes.
 */
export function useGridWindow({
  rowCount,
  rowHeight,
  columnCount,
  columnWidth,
  overscan = 3,
}: Options) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, left: 0, ...FALLBACK_SIZE });

  /** `resized`: the scroller's size is read too (only then: reading it may force a layout). */
  const measure = useCallback(
    (element: HTMLElement, resized: boolean) => {
      const size = resized
        ? {
            width: element.clientWidth || FALLBACK_SIZE.width,
            height: element.clientHeight || FALLBACK_SIZE.height,
          }
        : null;
      const top = element.scrollTop;
      const left = element.scrollLeft;
      setViewport((previous) => {
        const next: Viewport = {
          top,
          left,
          ...(size ?? { width: previous.width, height: previous.height }),
        };
        return sameRange(previous.top, previous.height, next.top, next.height, rowHeight) &&
          sameRange(previous.left, previous.width, next.left, next.width, columnWidth)
          ? previous
          : next;
      });
    },
    [rowHeight, columnWidth],
  );

  useEffect(() => {
    const element = scrollerRef.current;
    if (!element) return;
    measure(element, true);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure(element, true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => measure(event.currentTarget, false),
    [measure],
  );

  /** Scrolls the row to the top (as far as the scroller allows). */
  const scrollToRow = useCallback(
    (index: number) => {
      const element = scrollerRef.current;
      if (!element) return;
      element.scrollTop = index * rowHeight;
      measure(element, false);
    },
    [rowHeight, measure],
  );

  const visible: GridWindow = {
    rows: visibleRange(viewport.top, viewport.height, rowHeight, rowCount, overscan),
    columns: visibleRange(viewport.left, viewport.width, columnWidth, columnCount, overscan),
  };
  return { scrollerRef, onScroll, visible, scrollToRow };
}
