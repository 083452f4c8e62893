import { useEffect, useState } from 'react';

/** `text` once it has stayed the same for `delayMs`; cleared text at once. */
export function useDebouncedValue(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  if (text === '' && settled !== '') setSettled('');
  useEffect(() => {
    if (text === settled) return;
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, settled]);
  return settled;
}
