import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clampLeftPercent, SplitPanel } from './SplitPanel';

function renderSplit() {
  const user = userEvent.setup();
  render(<SplitPanel left={<p>Chat</p>} right={<p>Viewer</p>} />);
  return { user, separator: screen.getByRole('separator', { name: 'Resize document viewer' }) };
}

const leftWidth = () => screen.getByTestId('split-left').style.width;

describe('SplitPanel', () => {
  it('starts at 60/40', () => {
    const { separator } = renderSplit();
    expect(separator).toHaveAttribute('aria-valuenow', '60');
    expect(separator).toHaveAttribute('aria-valuemin', '30');
    expect(separator).toHaveAttribute('aria-valuemax', '75');
    expect(separator).toHaveAttribute('aria-orientation', 'vertical');
    expect(leftWidth()).toBe('60%');
  });

  it('moves with the arrow keys, never past 30% on the left or 25% on the right', async () => {
    const { user, separator } = renderSplit();
    separator.focus();
    await user.keyboard('{ArrowLeft}');
    expect(separator).toHaveAttribute('aria-valuenow', '58');
    for (let i = 0; i < 20; i++) await user.keyboard('{ArrowLeft}');
    expect(separator).toHaveAttribute('aria-valuenow', '30');
    expect(leftWidth()).toBe('30%');
    for (let i = 0; i < 30; i++) await user.keyboard('{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', '75');
    await user.keyboard('{Home}');
    expect(separator).toHaveAttribute('aria-valuenow', '30');
    await user.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '75');
  });

  it('follows the pointer while dragged, within the minimums', () => {
    const { separator } = renderSplit();
    vi.spyOn(screen.getByTestId('split-panel'), 'getBoundingClientRect').mockReturnValue({
      left: 100,
      width: 1000,
      top: 0,
      height: 600,
      right: 1100,
      bottom: 600,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });

    fireEvent.pointerMove(separator, { clientX: 300, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '60');

    fireEvent.pointerDown(separator, { button: 0, clientX: 700, pointerId: 1 });
    fireEvent.pointerMove(separator, { clientX: 550, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '45');
    fireEvent.pointerMove(separator, { clientX: 150, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '30');
    fireEvent.pointerMove(separator, { clientX: 1090, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerUp(separator, { clientX: 1090, pointerId: 1 });

    fireEvent.pointerMove(separator, { clientX: 500, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '75');
  });

  it('gives the whole width to the left panel when there is nothing on the right', () => {
    render(<SplitPanel left={<p>Chat</p>} right={null} />);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(leftWidth()).toBe('100%');
  });

  it('shows only the right panel when stacked (narrow screens)', () => {
    render(<SplitPanel left={<p>Chat</p>} right={<p>Viewer</p>} stacked />);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(screen.getByText('Chat')).not.toBeVisible();
    expect(screen.getByText('Viewer')).toBeVisible();
  });
});

describe('clampLeftPercent', () => {
  it('keeps 30% to 75% for the left panel', () => {
    expect(clampLeftPercent(10)).toBe(30);
    expect(clampLeftPercent(50)).toBe(50);
    expect(clampLeftPercent(90)).toBe(75);
  });
});
