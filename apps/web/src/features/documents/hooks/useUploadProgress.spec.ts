import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUploadProgress } from './useUploadProgress';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useUploadProgress', () => {
  it('rises 5 points every 100 ms, stopping at 95 until the answer, then 100', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.start());
    expect(result.current.progress).toBe(0);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current.progress).toBe(5);
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(result.current.progress).toBe(50);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.progress).toBe(95);
    act(() => result.current.complete());
    expect(result.current.progress).toBe(100);
    act(() => result.current.reset());
    expect(result.current.progress).toBe(0);
  });

  it('follows the bytes sent when they are ahead, never moving backwards', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.start());
    act(() => result.current.reportSent(0.6));
    expect(result.current.progress).toBe(60);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current.progress).toBe(60);
    act(() => result.current.reportSent(0.4));
    expect(result.current.progress).toBe(60);
    // Every byte sent is not an answer: the server still stores and checks the files.
    act(() => result.current.reportSent(1));
    expect(result.current.progress).toBe(95);
  });

  it('stops simulating once reset', () => {
    const { result } = renderHook(() => useUploadProgress());
    act(() => result.current.start());
    act(() => {
      vi.advanceTimersByTime(200);
    });
    act(() => result.current.reset());
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.progress).toBe(0);
  });
});
