import type {
  AnswerCitation,
  AnswerPart,
  AnswerType,
  Category,
  ComposedAnswer,
  DocumentOutcome,
  Evidence,
  ExtractedValue,
  UnderstoodQuestion,
} from './answer.types.js';
import { clauseName } from './categories.js';
import { findQualifiers, type Qualifier } from './qualifiers.js';
import { namesCategory } from './thesaurus.js';
import { cutToSentence, type PageSpan, sentencesIn } from './sentence-cut.js';
import { extractValue, redactedValue } from './values/extract-value.js';
import { samePlace } from './values/place.js';

/**
 * Below this score a candidate span does not count as the asked clause, and the document is
 * answered as not having it. Calibrated on CUAD's train split for the thesaurus-scored candidates
 * (`npm run eval:answers -- --split train --evidence lexical --calibrate`: the best balanced
 * accuracy of present and absent clauses); evidence scored otherwise (the clause model) passes
 * its own calibrated threshold.
 */
export const DEFAULT_THRESHOLD = 0.85;
const MAX_QUALIFIERS = 2;
/**
 * Beside the clause that answers, its category's other clauses in the document (at or above the
 * threshold) scoring at least this close to it are quoted too, up to MAX_QUOTES sentences in all:
 * the same clause is often written in several places (a definition and its operative sentence, a
 * term and its renewal). Calibrated on the clause model's validation fold (contracts it did not
 * learn from): `npm run eval:answers -- --evidence model --split train --validate-fold --model
 * data/clause-models/validate-ruled.bin --calibrate-quotes`.
 */
export const ALSO_QUOTED_GAP = 0.025;
const MAX_QUOTES = 3;
/** A line of an across-documents answer quotes at most this much of its clause. */
const LIST_QUOTE_CHARS = 160;

export type ComposeOptions = {
  threshold?: number;
  /** Every document in scope with its name and page count, for "not found" lines. */
  documents?: { documentId: number; documentName: string; pageCount?: number }[];
  /** Per document, the date its terms run from (ISO), for expiration dates written as terms. */
  startDates?: ReadonlyMap<number, string>;
  /** ALSO_QUOTED_GAP unless told (its calibration tries others). */
  alsoQuotedGap?: number;
};

type Found = {
  main: Evidence;
  quoted: PageSpan;
  value: ExtractedValue | null;
  redaction: { marker: string } | null;
};

/**
 * Writes the answer a lawyer expects from the candidate clause spans (issue 15 §3): for one
 * document the direct answer first, then the clause quoted at sentence level, then up to two
 * qualifiers from the same document, each cited; "not found" with no quote when no candidate
 * reaches the threshold; across documents one line per qualifying document with a count.
 * Citations are numbered in order of appearance, without duplicates.
 */
export function composeAnswer(
  understood: UnderstoodQuestion,
  evidence: readonly Evidence[],
  options: ComposeOptions = {},
): ComposedAnswer {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const categories = new Set<Category>(understood.categories);
  const inScope = new Set(understood.scope.documentIds);
  const relevant = evidence
    .filter((each) => categories.size === 0 || categories.has(each.category))
    .filter((each) => inScope.size === 0 || inScope.has(each.documentId))
    .sort((a, b) => b.score - a.score);
  const documents = documentsInScope(understood, relevant, options);
  const writer = new AnswerWriter();
  const category = understood.categories[0];
  const found = new Map<number, Found>();
  const across = understood.scope.exhaustive && documents.length > 1;
  for (const document of documents) {
    // The clause that answers is of the asked category, or, about one document, names it in its
    // own words ("may not assign, including upon a change of control"); a runner-up category that
    // does not ("assignment" in "IP ownership assignment") may only qualify it, never stand in for
    // a clause that is absent. Across documents, which ones qualify is the clause index's own
    // presence decision (its document layer): a mention in another clause lists no document.
    const candidates = relevant.filter(
      (each) =>
        each.documentId === document.documentId &&
        (!category ||
          each.category === category ||
          (!across && namesCategory(each.pageText.slice(each.start, each.end), category))),
    );
    const main = candidates.find((each) => each.score >= threshold);
    if (main) found.set(document.documentId, read(understood.answerType, main, options));
  }
  if (across) return writer.across(understood, category, documents, found);
  const document = documents.find((each) => found.has(each.documentId)) ?? documents[0];
  if (!document || !found.has(document.documentId))
    return writer.absent(category, document, documents);
  const others = relevant.filter(
    (each) =>
      each.documentId === document.documentId &&
      each !== found.get(document.documentId)!.main &&
      each.score >= threshold,
  );
  const main = found.get(document.documentId)!;
  const alsoQuoted = alsoQuotedOf(main, others, options.alsoQuotedGap ?? ALSO_QUOTED_GAP);
  return writer.single(understood, category, main, alsoQuoted, others);
}

/**
 * The clause's other sentences worth quoting beside the one that answers: its category's other
 * candidates scoring within `gap` of it, best first, each cut to its sentence, none overlapping
 * a sentence already quoted or repeating its words.
 */
function alsoQuotedOf(found: Found, others: readonly Evidence[], gap: number): Qualifier[] {
  const { main, quoted } = found;
  const chosen: Qualifier[] = [];
  const taken: Qualifier[] = [{ evidence: main, span: quoted }];
  const words = (each: Qualifier) =>
    each.evidence.pageText.slice(each.span.start, each.span.end).replace(/\s+/g, ' ').trim();
  for (const evidence of others) {
    if (chosen.length >= MAX_QUOTES - 1) break;
    if (evidence.category !== main.category || evidence.score < main.score - gap) continue;
    const candidate = {
      evidence,
      span: cutToSentence(evidence.pageText, evidence, evidence.category),
    };
    const repeats = taken.some(
      (used) =>
        (used.evidence.pageNumber === evidence.pageNumber &&
          candidate.span.start < used.span.end &&
          used.span.start < candidate.span.end) ||
        words(used) === words(candidate),
    );
    if (repeats) continue;
    chosen.push(candidate);
    taken.push(candidate);
  }
  return chosen;
}

type ScopeDocument = { documentId: number; documentName: string; pageCount?: number };

function documentsInScope(
  understood: UnderstoodQuestion,
  relevant: readonly Evidence[],
  options: ComposeOptions,
): ScopeDocument[] {
  const byId = new Map<number, ScopeDocument>();
  for (const document of options.documents ?? []) byId.set(document.documentId, document);
  for (const each of relevant)
    if (!byId.has(each.documentId))
      byId.set(each.documentId, {
        documentId: each.documentId,
        documentName: each.documentName,
        ...(each.pageCount !== undefined ? { pageCount: each.pageCount } : {}),
      });
  const ids =
    understood.scope.documentIds.length > 0 ? understood.scope.documentIds : [...byId.keys()];
  return ids.flatMap((id) => {
    const document = byId.get(id);
    return document ? [document] : [];
  });
}

/** The value the clause states, with the sentence that carries it, or the redaction that hides it. */
function read(type: AnswerType, found: Evidence, options: ComposeOptions): Found {
  const main = found.category === 'Parties' ? preambleOf(type, found) : found;
  const spanText = main.pageText.slice(main.start, main.end);
  const startIso = options.startDates?.get(main.documentId);
  const value = extractValue(type, main.category, spanText, startIso ? { startIso } : {});
  const redaction = redactedValue(type, spanText, value);
  const quoted = value
    ? sentenceStating(main, type, value, startIso)
    : cutToSentence(
        main.pageText,
        main,
        main.category,
        redaction ? main.start + spanText.indexOf(redaction.marker) : undefined,
      );
  return { main: found, quoted, value, redaction };
}

/** How far a preamble may run on from the sentence that names a party. */
const PREAMBLE_READ = 1_500;

/**
 * A party's name or defined term alone ("Ingram Micro", "Distributor") says little: the sentence
 * that names it is read and quoted instead, and for the parties' names the preamble it opens
 * (a preamble that lists its parties at length runs over several of what read as sentences).
 */
function preambleOf(type: AnswerType, found: Evidence): Evidence {
  const sentence = { ...found, ...sentenceAround(found) };
  if (type !== 'parties') return sentence;
  const preamble = {
    ...sentence,
    end: Math.min(found.pageText.length, Math.max(sentence.end, sentence.start + PREAMBLE_READ)),
  };
  return partiesNamed(preamble) > partiesNamed(sentence) ? preamble : sentence;
}

function partiesNamed(span: Evidence): number {
  return extractValue('parties', span.category, spanOf(span))?.value.split('; ').length ?? 0;
}

function spanOf(span: Evidence): string {
  return span.pageText.slice(span.start, span.end);
}

/** The sentence(s) of the page holding the whole span. */
function sentenceAround(span: Evidence): PageSpan {
  const sentences = sentencesIn(span.pageText, 0, span.pageText.length);
  const first = sentences.find((sentence) => sentence.end > span.start);
  const last = sentences.findLast((sentence) => sentence.start < span.end);
  return first && last && first.start <= span.start && last.end >= span.end
    ? { start: first.start, end: last.end }
    : span;
}

/**
 * The sentence of the span that states `value`: of the sentences holding its words as written,
 * the first from which the same value is read again on its own.
 */
function sentenceStating(
  main: Evidence,
  type: AnswerType,
  value: ExtractedValue,
  startIso: string | undefined,
): PageSpan {
  let first: PageSpan | undefined;
  for (let at = main.pageText.indexOf(value.asWritten, main.start); at >= 0 && at < main.end;) {
    const sentence = holding(main, cutToSentence(main.pageText, main, main.category, at), {
      start: at,
      end: at + value.asWritten.length,
    });
    first ??= sentence;
    const again = extractValue(
      type,
      main.category,
      main.pageText.slice(sentence.start, sentence.end),
      startIso ? { startIso } : {},
    );
    if (again?.value === value.value) return sentence;
    at = main.pageText.indexOf(value.asWritten, at + 1);
  }
  return first ?? cutToSentence(main.pageText, main, main.category);
}

/**
 * The sentence, widened through the sentence that holds the end of `words` when a sentence break
 * falls inside them ("effective as of Dec. 8, 2005": "Dec." can read as a sentence end), so the
 * quote always shows the value it states.
 */
function holding(main: Evidence, sentence: PageSpan, words: PageSpan): PageSpan {
  if (sentence.start <= words.start && words.end <= sentence.end) return sentence;
  const last = sentencesIn(main.pageText, main.start, main.end).find(
    (each) => each.start < words.end && words.end <= each.end,
  );
  return {
    start: Math.min(sentence.start, words.start),
    end: Math.max(sentence.end, last?.end ?? words.end),
  };
}

const REDACTED_WHAT: Record<AnswerType, string> = {
  money: 'amount',
  duration: 'period',
  date: 'date',
  place: 'governing law',
  parties: 'party names',
  yes_no: 'clause',
  text: 'clause',
  clause: 'clause',
};

/** Builds the text, parts and citations of one answer, numbering citations as they appear. */
class AnswerWriter {
  private readonly parts: AnswerPart[] = [];
  private readonly citations: AnswerCitation[] = [];

  single(
    understood: UnderstoodQuestion,
    category: Category | undefined,
    found: Found,
    alsoQuoted: readonly Qualifier[],
    others: readonly Evidence[],
  ): ComposedAnswer {
    const { main, quoted, value, redaction } = found;
    const type = understood.answerType;
    const quoteCitation = () => this.cite(main, quoted);
    const quote = this.flatQuote(main, quoted);
    if (type === 'yes_no') {
      const yes =
        understood.valueFilter && value ? samePlace(value.value, understood.valueFilter) : true;
      const stated = understood.negated ? (yes ? 'No.' : 'Yes.') : yes ? 'Yes.' : 'No.';
      const direct = main.tentative ? 'Possibly.' : stated;
      const n = quoteCitation();
      this.parts.push({ kind: 'direct', text: direct, citation: n });
      this.parts.push({ kind: 'quote', text: `"${quote}" [${n}]`, citation: n });
    } else if (value) {
      const n = quoteCitation();
      const detail =
        value.detail && !value.value.includes(value.detail) ? ` (${value.detail})` : '';
      this.parts.push({
        kind: 'direct',
        text: `${main.tentative ? 'Possibly ' : ''}${value.value}${detail} [${n}]`,
        value,
        citation: n,
      });
      this.parts.push({ kind: 'quote', text: `"${quote}" [${n}]`, citation: n });
    } else if (redaction) {
      const n = quoteCitation();
      const what = category === 'Cap On Liability' ? 'cap amount' : REDACTED_WHAT[type];
      this.parts.push({
        kind: 'redacted',
        text: `The ${what} is redacted in the filed copy (page ${main.pageNumber}) [${n}].`,
        citation: n,
      });
      this.parts.push({ kind: 'quote', text: `"${quote}" [${n}]`, citation: n });
    } else {
      const n = quoteCitation();
      if (main.tentative) this.parts.push({ kind: 'direct', text: 'Possibly:', citation: n });
      this.parts.push({ kind: 'quote', text: `"${quote}" [${n}]`, citation: n });
    }
    for (const { evidence, span } of alsoQuoted) {
      const n = this.cite(evidence, span);
      const text = `"${this.flatQuote(evidence, span)}" [${n}]`;
      this.parts.push({ kind: 'quote', text, citation: n });
    }
    const rest = others.filter((each) => !alsoQuoted.some((also) => also.evidence === each));
    for (const qualifier of findQualifiers(main, quoted, rest, MAX_QUALIFIERS, alsoQuoted)) {
      const n = this.cite(qualifier.evidence, qualifier.span);
      const text = this.flatQuote(qualifier.evidence, qualifier.span);
      this.parts.push({ kind: 'qualifier', text: `Qualified by: "${text}" [${n}]`, citation: n });
    }
    const outcome: DocumentOutcome = {
      documentId: main.documentId,
      documentName: main.documentName,
      status: value || type === 'yes_no' || !redaction ? 'answered' : 'redacted',
      ...(value ? { value } : {}),
      citations: this.citations.map((citation) => citation.number),
    };
    return this.finish([outcome]);
  }

  absent(
    category: Category | undefined,
    document: ScopeDocument | undefined,
    documents: readonly ScopeDocument[],
  ): ComposedAnswer {
    const what = category ? clauseName(category) : 'matching clause';
    const where = document ? document.documentName : 'the documents in scope';
    const pages =
      document?.pageCount !== undefined ? ` (${pageCount(document.pageCount)} searched)` : '';
    this.parts.push({ kind: 'absent', text: `No ${what} was found in ${where}${pages}.` });
    return this.finish(documents.map((each) => notFound(each)));
  }

  across(
    understood: UnderstoodQuestion,
    category: Category | undefined,
    documents: readonly ScopeDocument[],
    found: ReadonlyMap<number, Found>,
  ): ComposedAnswer {
    const filter = understood.valueFilter;
    const qualifies = (entry: Found | undefined) =>
      entry !== undefined &&
      (!filter || (entry.value !== null && samePlace(entry.value.value, filter)));
    const listed = documents.filter((document) =>
      understood.negated
        ? !qualifies(found.get(document.documentId))
        : qualifies(found.get(document.documentId)),
    );
    const what = category ? clauseName(category) : 'matching clause';
    const predicate = filter
      ? `${understood.negated ? 'are not' : 'are'} governed by ${filter} law`
      : `${understood.negated ? 'have no' : /^[aeiou]/i.test(what) ? 'have an' : 'have a'} ${what}`;
    const noun = documents.length === 1 ? 'document' : 'documents';
    this.parts.push({
      kind: 'count',
      text: `${listed.length} of ${documents.length} ${noun} ${predicate}${listed.length > 0 ? ':' : '.'}`,
    });
    const outcomes: DocumentOutcome[] = [];
    for (const document of documents) {
      const entry = found.get(document.documentId);
      const isListed = listed.includes(document);
      if (!entry) {
        outcomes.push(notFound(document));
        if (isListed) this.parts.push({ kind: 'absent', text: `- ${document.documentName}` });
        continue;
      }
      if (!isListed) {
        outcomes.push({ ...documentOf(entry), status: 'filtered_out', citations: [] });
        continue;
      }
      const span = listQuote(entry);
      const n = this.cite(entry.main, span);
      const shown = entry.value
        ? entry.value.value
        : entry.redaction
          ? `redacted in the filed copy (page ${entry.main.pageNumber})`
          : `"${this.flatQuote(entry.main, span)}"`;
      this.parts.push({
        kind: 'document',
        text: `- ${document.documentName}: ${shown} [${n}]`,
        documentId: document.documentId,
        // The line states the value alone, so its short quote need not hold the value's detail.
        ...(entry.value
          ? { value: { value: entry.value.value, asWritten: entry.value.asWritten } }
          : {}),
        citation: n,
      });
      outcomes.push({
        ...documentOf(entry),
        status: entry.value || !entry.redaction ? 'answered' : 'redacted',
        ...(entry.value ? { value: entry.value } : {}),
        citations: [n],
      });
    }
    const rest = documents.length - listed.length;
    if (rest > 0 && listed.length > 0) {
      const ids = documents
        .filter((document) => !listed.includes(document))
        .map((d) => d.documentId);
      const text = understood.negated
        ? `Found in the other ${rest}.`
        : filter
          ? `Not governed by ${filter} law or not found in the other ${rest}.`
          : `Not found in the other ${rest}.`;
      this.parts.push({ kind: 'not_found_in', text, documentIds: ids });
    }
    return this.finish(outcomes);
  }

  /** The number of the citation of `span` on the evidence's page, adding it when new. */
  private cite(evidence: Evidence, span: PageSpan): number {
    const existing = this.citations.find(
      (citation) =>
        citation.documentId === evidence.documentId &&
        citation.pageNumber === evidence.pageNumber &&
        citation.start === span.start &&
        citation.end === span.end,
    );
    if (existing) return existing.number;
    const number = this.citations.length + 1;
    this.citations.push({
      number,
      documentId: evidence.documentId,
      documentName: evidence.documentName,
      category: evidence.category,
      pageNumber: evidence.pageNumber,
      start: span.start,
      end: span.end,
      quote: evidence.pageText.slice(span.start, span.end),
    });
    return number;
  }

  /** The quoted words as shown: the page's text with its line breaks flattened. */
  private flatQuote(evidence: Evidence, span: PageSpan): string {
    return evidence.pageText.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
  }

  private finish(documents: DocumentOutcome[]): ComposedAnswer {
    return {
      text: this.parts.map((part) => part.text).join('\n'),
      citations: this.citations,
      parts: this.parts,
      documents,
    };
  }
}

/** The start of the quoted sentence, cut at a word boundary, for one line of a list. */
function listQuote(entry: Found): PageSpan {
  const { quoted, main, value } = entry;
  if (quoted.end - quoted.start <= LIST_QUOTE_CHARS) return quoted;
  if (value) {
    const at = main.pageText.indexOf(value.asWritten, quoted.start);
    if (at >= 0 && at + value.asWritten.length <= quoted.end) {
      const start = Math.max(quoted.start, wordStart(main.pageText, at - LIST_QUOTE_CHARS / 2));
      return { start, end: wordEnd(main.pageText, Math.min(quoted.end, start + LIST_QUOTE_CHARS)) };
    }
  }
  return { start: quoted.start, end: wordEnd(main.pageText, quoted.start + LIST_QUOTE_CHARS) };
}

function wordStart(text: string, index: number): number {
  let at = Math.max(0, index);
  while (at > 0 && at < text.length && !/\s/.test(text[at - 1]!)) at++;
  return at;
}

function wordEnd(text: string, index: number): number {
  let at = index;
  while (at > 0 && !/\s/.test(text[at]!) && at < text.length) at--;
  return at > 0 ? at : index;
}

function documentOf(entry: Found): { documentId: number; documentName: string } {
  return { documentId: entry.main.documentId, documentName: entry.main.documentName };
}

function notFound(document: ScopeDocument): DocumentOutcome {
  return {
    documentId: document.documentId,
    documentName: document.documentName,
    status: 'not_found',
    citations: [],
  };
}

function pageCount(pages: number): string {
  return pages === 1 ? '1 page' : `${pages} pages`;
}
