import { splitSentences } from '../../common/text/sentences.js';
import { meaningfulTerms, stem } from '../../common/text/terms.js';
import {
  type AnswerPassage,
  type Answerer,
  type AnswerRequest,
  NOTHING_FOUND_ANSWER,
} from './answerer.port.js';

const SENTENCE_LIMITS = { maxWords: 90, maxChars: 700 };
const MAX_QUOTES = 5;
const MAX_QUOTES_PER_PASSAGE = 2;
/** A quote must score at least this share of the best one to be worth showing beside it. */
const RELATIVE_FLOOR = 0.4;
/** The best sentence must carry at least this share of the question's weight, or nothing is relevant. */
const MIN_COVERAGE = 0.15;
/** Words of earlier questions help choose among sentences, but count for less than the question's. */
const HISTORY_WEIGHT = 0.3;
/** Later passages ranked lower by search: a gentle prior, so wording still decides. */
const RANK_DECAY = 0.08;

type Candidate = {
  passage: AnswerPassage;
  /** Position of the passage in the ranking (0 = best). */
  rank: number;
  start: number;
  text: string;
  stems: Set<string>;
  score: number;
  coverage: number;
};

/**
 * The answerer that needs no model: it quotes the sentences of the retrieved passages that best
 * match the question, word for word and in quotation marks, each followed by its `[n]`, grouped
 * by document in reading order. It never writes a word of its own beyond naming the document,
 * so it cannot misstate a figure; when no sentence is relevant enough it says so.
 */
export class ExtractiveAnswerer implements Answerer {
  readonly health = null;

  /** Nothing outside this process to wait for. */
  ping(): Promise<void> {
    return Promise.resolve();
  }

  readonly name = 'extractive';

  async *stream(request: AnswerRequest): AsyncIterable<string> {
    const answer = composeExtractiveAnswer(request);
    // Paragraph by paragraph, so the client shows progress the same way as with a model.
    for (const piece of answer.split(/(?<=\n\n)/)) {
      if (request.signal.aborted) return;
      yield await Promise.resolve(piece);
    }
  }
}

export function composeExtractiveAnswer({
  question,
  history,
  passages,
  namingTerms = [],
}: Pick<AnswerRequest, 'question' | 'history' | 'passages' | 'namingTerms'>): string {
  const picked = pickQuotes(question, history, passages, new Set(namingTerms.map(stem)));
  if (picked.length === 0) return NOTHING_FOUND_ANSWER;
  return groupByDocument(picked)
    .map(
      ({ originalname, quotes }) =>
        `From ${originalname}:\n` +
        quotes.map((quote) => `“${quote.text}” [${quote.passage.n}]`).join(' '),
    )
    .join('\n\n');
}

function pickQuotes(
  question: string,
  history: AnswerRequest['history'],
  passages: readonly AnswerPassage[],
  naming: ReadonlySet<string>,
): Candidate[] {
  const asked = meaningfulTerms(question).map(stem);
  const content = asked.filter((term) => !naming.has(term));
  const questionStems = new Set(content.length > 0 ? content : asked);
  const historyStems = new Set(
    history
      .filter((message) => message.role === 'user')
      .flatMap((message) => meaningfulTerms(message.content).map(stem))
      .filter((term) => !questionStems.has(term)),
  );
  const candidates = passages.flatMap((passage, rank) =>
    splitSentences(passage.text, 0, passage.text.length, SENTENCE_LIMITS).map((sentence) => {
      const text = passage.text.slice(sentence.start, sentence.end).replace(/\s+/g, ' ');
      return {
        passage,
        rank,
        start: sentence.start,
        text,
        stems: new Set((text.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem)),
        score: 0,
        coverage: 0,
      };
    }),
  );
  if (candidates.length === 0 || questionStems.size === 0) return [];

  const idf = inverseFrequencies(candidates, [...questionStems, ...historyStems]);
  const questionWeight = [...questionStems].reduce((sum, term) => sum + idf(term), 0);
  for (const candidate of candidates) {
    let matched = 0;
    let fromHistory = 0;
    for (const term of questionStems) if (candidate.stems.has(term)) matched += idf(term);
    for (const term of historyStems) if (candidate.stems.has(term)) fromHistory += idf(term);
    const words = candidate.text.split(' ').length;
    const brevity = words < 6 ? 0.5 : 1;
    candidate.coverage = matched / questionWeight;
    candidate.score =
      ((matched + HISTORY_WEIGHT * fromHistory) * brevity) / (1 + RANK_DECAY * candidate.rank);
  }

  const ranked = candidates.filter((candidate) => candidate.score > 0);
  ranked.sort((a, b) => b.score - a.score || a.rank - b.rank || a.start - b.start);
  const best = ranked[0];
  if (!best || best.coverage < MIN_COVERAGE) return [];

  const picked: Candidate[] = [];
  const seen = new Set<string>();
  for (const candidate of ranked) {
    if (picked.length === MAX_QUOTES || candidate.score < RELATIVE_FLOOR * best.score) break;
    const key = candidate.text.toLowerCase();
    const fromSamePassage = picked.filter((p) => p.passage === candidate.passage).length;
    if (seen.has(key) || fromSamePassage >= MAX_QUOTES_PER_PASSAGE) continue;
    seen.add(key);
    picked.push(candidate);
  }
  return picked;
}

/** Rarer words among the candidate sentences weigh more; a word found nowhere weighs most. */
function inverseFrequencies(candidates: readonly Candidate[], terms: string[]) {
  const counts = new Map<string, number>(terms.map((term) => [term, 0]));
  for (const candidate of candidates) {
    for (const term of counts.keys()) {
      if (candidate.stems.has(term)) counts.set(term, counts.get(term)! + 1);
    }
  }
  return (term: string) => Math.log(1 + candidates.length / ((counts.get(term) ?? 0) + 0.5));
}

/** Documents in order of their best quote; within one, quotes in reading order. */
function groupByDocument(picked: Candidate[]) {
  const groups = new Map<string, Candidate[]>();
  for (const candidate of picked) {
    const name = candidate.passage.originalname;
    groups.set(name, [...(groups.get(name) ?? []), candidate]);
  }
  return [...groups].map(([originalname, quotes]) => ({
    originalname,
    quotes: quotes.sort(
      (a, b) =>
        a.passage.pageNumber - b.passage.pageNumber ||
        a.passage.n - b.passage.n ||
        a.start - b.start,
    ),
  }));
}
