import Box from '@mui/material/Box';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

/** Spec §2/§9: the chat and the viewer share the width 60/40; at least 30% and 25% each. */
export const DEFAULT_LEFT_PERCENT = 60;
export const MIN_LEFT_PERCENT = 30;
export const MIN_RIGHT_PERCENT = 25;
/** How far one arrow key press moves the divider. */
export const KEYBOARD_STEP_PERCENT = 2;

/** The left panel's share, kept within both minimums. */
export function clampLeftPercent(percent: number): number {
  return Math.min(100 - MIN_RIGHT_PERCENT, Math.max(MIN_LEFT_PERCENT, percent));
}

type SplitPanelProps = {
  left: ReactNode;
  /** Nothing on the right: the left panel takes the whole width. */
  right: ReactNode | null;
  /** Narrow screens: the right panel takes the whole width and the left one is hidden. */
  stacked?: boolean;
  /** Names the divider for assistive technology. */
  label?: string;
};

/**
 * Two panels side by side with a draggable divider: a pointer drags it, and as a focusable
 * separator its arrow keys (and Home/End) move it, within the minimums.
 */
export function SplitPanel({
  left,
  right,
  stacked = false,
  label = 'Resize document viewer',
}: SplitPanelProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [leftPercent, setLeftPercent] = useState(DEFAULT_LEFT_PERCENT);
  const [dragging, setDragging] = useState(false);

  const moveTo = (clientX: number) => {
    const rect = containerRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return;
    setLeftPercent(clampLeftPercent(((clientX - rect.left) / rect.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging) moveTo(event.clientX);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    setDragging(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number> = {
      ArrowLeft: leftPercent - KEYBOARD_STEP_PERCENT,
      ArrowRight: leftPercent + KEYBOARD_STEP_PERCENT,
      Home: MIN_LEFT_PERCENT,
      End: 100 - MIN_RIGHT_PERCENT,
    };
    const value = next[event.key];
    if (value === undefined) return;
    event.preventDefault();
    setLeftPercent(clampLeftPercent(value));
  };

  const split = right !== null && !stacked;
  // The left panel stays mounted (and first) whatever is shown, so it keeps its scroll and focus.
  const leftStyle =
    right === null
      ? { width: '100%' }
      : stacked
        ? { display: 'none' }
        : { width: `${leftPercent}%` };

  return (
    <Box
      ref={containerRef}
      data-testid="split-panel"
      sx={{
        display: 'flex',
        height: '100%',
        minHeight: 0,
        minWidth: 0,
        userSelect: dragging ? 'none' : undefined,
        cursor: dragging ? 'col-resize' : undefined,
      }}
    >
      <Box
        data-testid="split-left"
        style={leftStyle}
        sx={{ minWidth: 0, height: '100%', flexShrink: 0 }}
      >
        {left}
      </Box>
      {split && (
        <Box
          role="separator"
          tabIndex={0}
          aria-label={label}
          aria-orientation="vertical"
          aria-valuenow={Math.round(leftPercent)}
          aria-valuemin={MIN_LEFT_PERCENT}
          aria-valuemax={100 - MIN_RIGHT_PERCENT}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
          sx={{
            width: 8,
            flexShrink: 0,
            cursor: 'col-resize',
            touchAction: 'none',
            position: 'relative',
            bgcolor: dragging ? 'primary.light' : 'transparent',
            '&::after': {
              content: '""',
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: 3,
              width: 2,
              bgcolor: 'divider',
            },
            '&:hover, &:focus-visible': { bgcolor: 'action.hover', outline: 'none' },
          }}
        />
      )}
      {right !== null && (
        <Box data-testid="split-right" sx={{ flex: 1, minWidth: 0, height: '100%' }}>
          {right}
        </Box>
      )}
    </Box>
  );
}
