import { child, elements, path, type XmlElement } from './xml.ts';

/**
 * Word list numbers ("1.1", "(a)", "iv.") as Word renders them, from numbering.xml: counters are
 * kept per abstract list, deeper levels restart when a higher level advances, and a list
 * instance with a start override restarts its level the first time it is used.
 */
type Level = {
  start: number;
  format: string;
  text: string;
  restartAfter?: number;
  legal: boolean;
  suffix: string;
};
type ListInstance = {
  abstractId: string;
  startOverrides: Map<number, number>;
  levels: Map<number, Level>;
};

const BULLET = '•';

export class ListNumbering {
  private readonly abstracts = new Map<string, Map<number, Level>>();
  private readonly instances = new Map<string, ListInstance>();
  private readonly counters = new Map<string, Array<number | undefined>>();
  /** Abstract lists that only point to a numbering style (w:numStyleLink). */
  private readonly styleLinks = new Map<string, string>();
  private readonly started = new Set<string>();
  private readonly styleNumIds: Map<string, string>;

  /** `styleNumIds`: numbering styles' ids → the list instance they point to (numStyleLink). */
  constructor(numbering: XmlElement | undefined, styleNumIds: Map<string, string>) {
    this.styleNumIds = styleNumIds;
    if (!numbering) return;
    for (const abstract of elements(numbering, 'w:abstractNum')) {
      const levels = new Map<number, Level>();
      for (const lvl of elements(abstract, 'w:lvl')) {
        const index = Number(lvl.attrs['w:ilvl']);
        if (Number.isInteger(index) && index >= 0 && index <= 8) levels.set(index, readLevel(lvl));
      }
      const id = abstract.attrs['w:abstractNumId'] ?? '';
      this.abstracts.set(id, levels);
      const link = child(abstract, 'w:numStyleLink')?.attrs['w:val'];
      if (link) this.styleLinks.set(id, link);
    }
    for (const num of elements(numbering, 'w:num')) {
      const startOverrides = new Map<number, number>();
      const levels = new Map<number, Level>();
      for (const override of elements(num, 'w:lvlOverride')) {
        const index = Number(override.attrs['w:ilvl']);
        const start = child(override, 'w:startOverride')?.attrs['w:val'];
        if (start !== undefined) startOverrides.set(index, Number(start));
        const lvl = child(override, 'w:lvl');
        if (lvl) levels.set(index, readLevel(lvl));
      }
      const abstractId = child(num, 'w:abstractNumId')?.attrs['w:val'] ?? '';
      this.instances.set(num.attrs['w:numId'] ?? '', { abstractId, startOverrides, levels });
    }
  }

  /** Advances the list and returns this paragraph's label, e.g. "2.1." or "•"; '' for none. */
  next(numId: string, level: number): string {
    const instance = this.resolve(numId);
    if (!instance) return '';
    const levels = this.levelsOf(instance);
    const current = levels.get(level);
    if (!current) return '';
    const counters = this.counters.get(instance.abstractId) ?? [];
    this.counters.set(instance.abstractId, counters);
    if (!this.started.has(numId)) {
      this.started.add(numId);
      for (const [index, start] of instance.startOverrides) counters[index] = start - 1;
    }
    // Like Word, a level skipped on the way down counts as being at its start value.
    for (let higher = 0; higher < level; higher++)
      counters[higher] ??= levels.get(higher)?.start ?? 1;
    counters[level] = (counters[level] ?? current.start - 1) + 1;
    for (let deeper = level + 1; deeper < 9; deeper++) {
      const restartAfter = levels.get(deeper)?.restartAfter ?? deeper;
      if (restartAfter !== 0 && level < restartAfter) counters[deeper] = undefined;
    }
    if (current.format === 'none') return '';
    if (current.format === 'bullet') return bulletText(current.text);
    const label = current.text.replace(/%([1-9])/g, (_, digit: string) => {
      const index = Number(digit) - 1;
      const source = levels.get(index);
      const value = counters[index] ?? source?.start ?? 1;
      return formatNumber(value, current.legal ? 'decimal' : (source?.format ?? 'decimal'));
    });
    return current.suffix === 'nothing' ? label : `${label} `;
  }

  private resolve(numId: string): ListInstance | undefined {
    const instance = this.instances.get(numId);
    if (!instance) return undefined;
    const link = this.styleLinks.get(instance.abstractId);
    const linkedNumId = link ? this.styleNumIds.get(link) : undefined;
    const linked =
      linkedNumId && linkedNumId !== numId ? this.instances.get(linkedNumId) : undefined;
    return linked
      ? { ...linked, startOverrides: instance.startOverrides, levels: instance.levels }
      : instance;
  }

  private levelsOf(instance: ListInstance): Map<number, Level> {
    const base = this.abstracts.get(instance.abstractId) ?? new Map<number, Level>();
    return instance.levels.size ? new Map([...base, ...instance.levels]) : base;
  }
}

function readLevel(lvl: XmlElement): Level {
  const numFmt =
    child(lvl, 'w:numFmt') ?? path(lvl, 'mc:AlternateContent', 'mc:Fallback', 'w:numFmt');
  const restart = child(lvl, 'w:lvlRestart')?.attrs['w:val'];
  return {
    start: Number(child(lvl, 'w:start')?.attrs['w:val'] ?? 1),
    format: numFmt?.attrs['w:val'] ?? 'decimal',
    text: child(lvl, 'w:lvlText')?.attrs['w:val'] ?? '',
    restartAfter: restart === undefined ? undefined : Number(restart),
    legal: child(lvl, 'w:isLgl') !== undefined,
    suffix: child(lvl, 'w:suff')?.attrs['w:val'] ?? 'tab',
  };
}

/** Bullets are often private-use glyphs of the Symbol or Wingdings fonts. */
function bulletText(text: string): string {
  const glyph = text.trim();
  const readable = !glyph || /[\uf000-\uf0ff]/.test(glyph) ? BULLET : glyph;
  return `${readable} `;
}

export function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'upperRoman':
      return roman(value).toUpperCase();
    case 'lowerRoman':
      return roman(value);
    case 'upperLetter':
      return letters(value).toUpperCase();
    case 'lowerLetter':
      return letters(value);
    case 'decimalZero':
      return String(value).padStart(2, '0');
    case 'ordinal':
      return ordinal(value);
    default:
      return String(value);
  }
}

function roman(value: number): string {
  if (value <= 0 || value >= 4000) return String(value);
  const numerals: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let rest = value;
  let result = '';
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      result += numeral;
      rest -= amount;
    }
  }
  return result;
}

/** Word's letter numbering repeats the letter: a … z, aa … zz, aaa … */
function letters(value: number): string {
  if (value <= 0) return String(value);
  const letter = String.fromCharCode(97 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

function ordinal(value: number): string {
  const tens = value % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][value % 10] ?? 'th');
  return `${value}${suffix}`;
}
