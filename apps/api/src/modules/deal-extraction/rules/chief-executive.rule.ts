import type { FoundDealValue } from '../../../infra/deal-extractor/deal-extractor.port.js';
import { matchesOf, type PageText } from './page-text.js';
import { ownerAt, type RuleContext } from './rule-context.js';

/**
 * The chief executive: a person named next to "Chief Executive Officer", "CEO" or "Managing
 * Director" ("Jane Doe, Chief Executive Officer", "CEO Jane Doe", "Name: … / Title: President
 * and Chief Executive Officer" in a signature block). Only a person's name is taken, never a
 * role ("the Chief Executive Officer of Licensee"), and only the company's chief executive when
 * the passage says whose it is; deputies and former ones are not.
 */
export function findChiefExecutive(context: RuleContext): FoundDealValue | null {
  let unattributed: FoundDealValue | null = null;
  for (const page of context.pages) {
    for (const candidate of [...signatureBlocks(page), ...inlineMentions(page)]) {
      const owner = ownerAt(context, page, candidate.personAt);
      if (owner === 'company') return candidate.found;
      if (owner === 'unknown') unattributed ??= candidate.found;
    }
  }
  return unattributed;
}

type Candidate = { found: FoundDealValue; personAt: number };

const TITLE = String.raw`(?:Chief\s+Executive\s+Officer|CHIEF\s+EXECUTIVE\s+OFFICER|CEO|Managing\s+Director|MANAGING\s+DIRECTOR)(?![\p{L}\p{N}])`;
const CHIEF_IN_LABEL = /chief\s+executive\s+officer|\bceo\b|managing\s+director/i;
/** Words before a title that make it someone else's: "Vice President and CEO" is not the CEO. */
const NOT_THE_CHIEF =
  /\b(?:vice|deputy|former|assistant|associate|previous|ex)[\s-]*(?:president\s+(?:and|&)\s+)?$/i;

const PERSON_WORD = String.raw`(?:Mc\p{Lu}\p{Ll}+|O['’]\p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*|\p{Lu}\.|\p{Lu}{2,}(?:[-'’]\p{Lu}+)*)`;
const PARTICLE = String.raw`(?:(?:van|von|de|da|del|der|di|du|le|la)[ \t]+)`;
const PERSON = String.raw`(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?[ \t]+)?${PERSON_WORD}(?:[ \t]+${PARTICLE}?${PERSON_WORD}){1,3}`;
const DEGREES = String.raw`(?:,?[ \t]*(?:Ph\.?[ \t]?D\.?|M\.?D\.?|Jr\.?|Sr\.?|Esq\.?|III|II|MBA|CPA))*`;
const CO_TITLES = String.raw`(?:Founder|Co-Founder|Chairman|Chair|President)`;

/** "Jane Doe, Chief Executive Officer", "Jane Doe, President and CEO", "Jane Doe is the CEO". */
const NAME_THEN_TITLE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<person>${PERSON})${DEGREES}(?:[ \t]*,[ \t]*|[ \t]+(?:is|was|serves\s+as|has\s+served\s+as|became)[ \t]+)(?:(?:the|our|its|his|her)\s+)?(?:${CO_TITLES}(?:\s*(?:,|and|&)\s*${CO_TITLES})*\s*(?:,|and|&|-|–)\s*)?(?<title>${TITLE})`,
  'gud',
);
/** "Chief Executive Officer Jane Doe", "our CEO, Jane Doe", "CEO: Jane Doe". */
const TITLE_THEN_NAME = new RegExp(
  String.raw`(?<title>${TITLE})(?:\s+(?:and|&)\s+${CO_TITLES})?[ \t]*[,:]?[ \t]+(?:(?:is|was|will\s+be)[ \t]+)?(?<person>${PERSON})(?![\p{L}\p{N}'’])`,
  'gud',
);
const TITLE_LABEL = /(?:^|[ \t])(?:Title|TITLE|Its|ITS)[ \t]*:/g;
const NAME_LABEL = /(?:^|[ \t])(?:Name|NAME|Printed\s+Name|Print\s+Name)[ \t]*:/g;
const BY_LABEL = /(?:^|[ \t])(?:By|BY)[ \t]*:/g;
const WHOLE_PERSON = new RegExp(
  String.raw`^[ \t]*(?:/s/[ \t]*)?(?<person>${PERSON})${DEGREES}[ \t]*$`,
  'u',
);

/** Words that are never part of a person's name, however capitalised. */
const NOT_A_NAME = new Set(
  (
    'company licensee licensor party parties officer officers board directors director chief executive ' +
    'president agreement section article exhibit schedule inc corp corporation llc ltd limited the this ' +
    'that such each any all shall will may title name by its date signature authorized representative ' +
    'attention vice senior secretary treasurer chairman chair general counsel manager managing of and ' +
    'ceo cfo coo cto founder member members committee steering joint group notice notices with copy to ' +
    'from email phone fax telephone address street suite avenue road united states america page ' +
    'confidential dear sir madam re subject effective our his her their who which'
  ).split(' '),
);

function* inlineMentions(page: PageText): Generator<Candidate> {
  for (const pattern of [NAME_THEN_TITLE, TITLE_THEN_NAME]) {
    for (const match of matchesOf(pattern, page.text)) {
      const personAt = match.indices!.groups!['person']![0];
      const titleAt = match.indices!.groups!['title']![0];
      const beforeTitle = page.text.slice(Math.max(0, titleAt - 30), titleAt);
      if (NOT_THE_CHIEF.test(beforeTitle)) continue;
      // "David Smith, CEO Laura Jones": a title after a comma belongs to the name before it.
      if (pattern === TITLE_THEN_NAME && /,[ \t]*$/.test(beforeTitle)) continue;
      const person = match.groups!['person']!;
      if (!isPersonName(person)) continue;
      const quote = page.sentenceAround(match.index, match.index + match[0].length);
      yield { found: page.found(person, quote), personAt };
    }
  }
}

/** "Name: Jane Doe" (or "By: /s/ Jane Doe", or the name alone) up to 3 lines above "Title: … CEO". */
function* signatureBlocks(page: PageText): Generator<Candidate> {
  for (let titleLineNumber = 0; ; titleLineNumber++) {
    const titleLine = page.line(titleLineNumber);
    if (!titleLine) return;
    const titles = labelledSegments(page.text.slice(titleLine.start, titleLine.end), TITLE_LABEL);
    for (const [column, title] of titles.entries()) {
      const chief = CHIEF_IN_LABEL.exec(title.text);
      if (!chief || NOT_THE_CHIEF.test(title.text.slice(0, chief.index))) continue;
      for (let number = titleLineNumber - 1; number >= Math.max(0, titleLineNumber - 3); number--) {
        const line = page.line(number)!;
        const person = personOnLine(page.text.slice(line.start, line.end), column);
        if (!person) continue;
        yield {
          found: page.found(person.name, { start: line.start, end: titleLine.end }),
          personAt: line.start + person.at,
        };
        break;
      }
    }
  }
}

type Segment = { labelAt: number; start: number; text: string };

/** The parts of a line after each label: "Name: A Name: B" → ["A", "B"] (blocks side by side). */
function labelledSegments(line: string, label: RegExp): Segment[] {
  const labels = [...matchesOf(label, line)].map((match) => ({
    labelAt: match.index + (match[0].startsWith(' ') || match[0].startsWith('\t') ? 1 : 0),
    textAt: match.index + match[0].length,
  }));
  return labels.map((entry, index) => ({
    labelAt: entry.labelAt,
    start: entry.textAt,
    text: line.slice(entry.textAt, labels[index + 1]?.labelAt ?? line.length),
  }));
}

/** The person written in `column` of a signature line, labelled or alone. */
function personOnLine(line: string, column: number): { name: string; at: number } | null {
  for (const label of [NAME_LABEL, BY_LABEL]) {
    const segments = labelledSegments(line, label);
    if (segments.length === 0) continue;
    const segment = segments.length === 1 && column > 0 ? undefined : segments[column];
    if (!segment) return null;
    return personIn(segment.text, segment.start);
  }
  return column === 0 ? personIn(line, 0) : null;
}

function personIn(text: string, offset: number): { name: string; at: number } | null {
  const match = WHOLE_PERSON.exec(text);
  const name = match?.groups!['person'];
  if (!match || !name || !isPersonName(name)) return null;
  return { name, at: offset + text.indexOf(name) };
}

/** At least two words of two letters or more, none of them a word that names a role or a place. */
function isPersonName(name: string): boolean {
  const words = name
    .replace(/^(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+/, '')
    .split(/\s+/)
    .map((word) => word.replace(/\.$/, ''));
  if (words.some((word) => NOT_A_NAME.has(word.toLowerCase()))) return false;
  return words.filter((word) => word.length >= 2).length >= 2;
}
