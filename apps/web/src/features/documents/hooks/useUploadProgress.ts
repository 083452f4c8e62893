import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: the simulated progress rises 5 points every 100 ms and stops at 95. */
const SIMULATED_STEP = 5;
const SIMULATED_TICK_MS = 100;
const CAP_BEFORE_ANSWER = 95;

/**
 * The upload progress bar's value. The spec's simulated progress is a floor; the real share of
 * bytes sent moves it faster when it can. It never moves backwards and stays at 95 at most until
 * the server has answered (the server still has to store and check the files).
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const simulated = useRef(0);

  const stopSimulation = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const raiseTo = useCallback((value: number) => {
    const capped = Math.min(CAP_BEFORE_ANSWER, Math.round(value));
    setProgress((current) => Math.max(current, capped));
  }, []);

  const start = useCallback(() => {
    stopSimulation();
    simulated.current = 0;
    setProgress(0);
    timer.current = setInterval(() => {
      simulated.current = Math.min(CAP_BEFORE_ANSWER, simulated.current + SIMULATED_STEP);
      raiseTo(simulated.current);
    }, SIMULATED_TICK_MS);
  }, [raiseTo, stopSimulation]);

  /** The fraction (0 to 1) of the bytes sent so far. */
  const reportSent = useCallback((fraction: number) => raiseTo(fraction * 100), [raiseTo]);

  const complete = useCallback(() => {
    stopSimulation();
    setProgress(100);
  }, [stopSimulation]);

  const reset = useCallback(() => {
    stopSimulation();
    setProgress(0);
  }, [stopSimulation]);

  useEffect(() => stopSimulation, [stopSimulation]);

  return { progress, start, reportSent, complete, reset };
}
