const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

const units = [
  { threshold: 1_000_000, suffix: 'M' },
  { threshold: 1_000, suffix: 'K' },
] as const;

/**
 * Total deal value as shown on the dashboard (spec §2, §9): '$0' for zero; from 1,000,000 an
 * M suffix, from 1,000 a K suffix, else the plain number; one decimal at most, a trailing '.0'
 * dropped ('$12.5M', '$1M', '$800K', '$1.5K', '$950'). Above a billion it stays in M with
 * thousands separators ('$3,200M'). A value that rounds up to the next unit takes that unit
 * (999,999 → '$1M', not '$1,000K').
 */
export function formatDealValue(value: number): string {
  if (!Number.isFinite(value) || value === 0) return '$0';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);

  for (const [index, unit] of units.entries()) {
    if (magnitude < unit.threshold) continue;
    const scaled = roundToOneDecimal(magnitude / unit.threshold);
    const larger = units[index - 1];
    // Rounding can carry into the next unit up: 999,999 is '$1M', not '$1,000K'.
    if (larger && scaled * unit.threshold >= larger.threshold) {
      return `${sign}$${oneDecimal.format(roundToOneDecimal(magnitude / larger.threshold))}${larger.suffix}`;
    }
    return `${sign}$${oneDecimal.format(scaled)}${unit.suffix}`;
  }
  const plain = roundToOneDecimal(magnitude);
  // 999.96 rounds to 1,000: that is '$1K'.
  if (plain >= 1_000) return `${sign}$1K`;
  return `${sign}$${oneDecimal.format(plain)}`;
}

function roundToOneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}
