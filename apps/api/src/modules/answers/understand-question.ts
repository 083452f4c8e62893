import { STOP_WORDS, TERM } from '../../common/text/terms.js';
import type {
  AnswerType,
  Category,
  NamedDocument,
  QuestionScope,
  UnderstoodQuestion,
} from './answer.types.js';
import { valueTypeOf } from './categories.js';
import {
  clausePhraseWords,
  expansionWords,
  isClauseWord,
  namesAClause,
  rankCategories,
} from './thesaurus.js';
import { findPlaces } from './values/place.js';

export type QuestionContext = {
  documents: NamedDocument[];
  /** Documents the conversation has been about, for "it", "this agreement". */
  conversationDocumentIds?: number[];
};

/** Categories kept beside the best one when they score nearly as high. */
const RUNNER_UP_SHARE = 0.6;
const MAX_CATEGORIES = 3;
const EXPANSION_WORDS = 8;
/** A party's word found in more documents than this names none of them. */
const MAX_PARTY_HOLDERS = 5;

/** Words of file names and titles that name no particular document. */
const GENERIC_NAME_WORDS = new Set(
  (
    'pdf doc docx txt ex exhibit agreement contract amendment amended restated master form ' +
    'distributor distribution license licence licensing services service supply manufacturing ' +
    'strategic alliance joint venture development collaboration marketing reseller franchise ' +
    'sponsorship endorsement hosting maintenance outsourcing transportation consulting agency ' +
    'co branding cobranding affiliate promotion content purchase sale non competition ip ' +
    'inc corp corporation company llc ltd limited plc the and of for between with'
  ).split(' '),
);

const YES_NO =
  /^\s*(?:is|are|does|do|did|can|could|may|must|shall|will|has|have|was|were|would|should)\b/i;
const EXHAUSTIVE =
  /\b(?:which|what|how many|list(?: all)?|name)\s+(?:of\s+(?:the|our)\s+)?(?:agreements|contracts|documents|deals|licenses|leases)\b|\beach\b|\bevery\b|\ball (?:the |of the |our )?(?:agreements|contracts|documents)\b|\bany of\b|\bacross\b/i;
const REFERS_BACK = /\b(?:it|its|this|that|these|those|the same)\b/i;
/** "the documents in this conversation", "these agreements": the conversation's documents, all of them. */
const CONVERSATION =
  /\b(?:in|of|from|across) (?:this|the|our) (?:conversation|chat|discussion)\b|\b(?:these|those|the above|the same) (?:agreements|contracts|documents|deals)\b/i;
const NEGATED =
  /\b(?:do|does|did|are|is|have|has|was|were)\s+not\b|n't\b|\bwithout\b|\black(?:s|ing)?\b|\bno\s+(?!later|less|more)/i;

/**
 * What a question asks: the clause categories, the kind of answer, the documents, a value the
 * clauses must have, and words to widen a search with. Rules, no model: see each helper.
 */
export function understandQuestion(question: string, context: QuestionContext): UnderstoodQuestion {
  const named = namedDocuments(question, context.documents);
  const withoutNames = named.words
    .reduce((text, word) => text.replace(new RegExp(`\\b${escape(word)}\\b`, 'gi'), ' '), question)
    .replace(/\s+/g, ' ');
  const ranked = rankCategories(withoutNames);
  const top = ranked[0]?.score ?? 0;
  const categories = ranked
    .filter((entry, index) => index === 0 || entry.score >= top * RUNNER_UP_SHARE)
    .slice(0, MAX_CATEGORIES)
    .map((entry) => entry.category);
  const scope = scopeOf(question, named.documentIds, context);
  const answerType = answerTypeOf(withoutNames, categories[0], scope.exhaustive);
  const valueFilter =
    answerType === 'place' || categories[0] === 'Governing Law'
      ? findPlaces(withoutNames)[0]
      : undefined;
  const asked = new Set(
    (question.toLowerCase().match(TERM) ?? []).filter((w) => !STOP_WORDS.has(w)),
  );
  const expansionTerms = categories[0]
    ? expansionWords(categories[0], EXPANSION_WORDS + asked.size)
        .filter((word) => !asked.has(word))
        .slice(0, EXPANSION_WORDS)
    : [];
  return {
    question,
    categories,
    answerType: valueFilter ? answerTypeForFilter(scope.exhaustive, answerType) : answerType,
    scope,
    ...(valueFilter ? { valueFilter } : {}),
    negated: NEGATED.test(question),
    expansionTerms,
    namesClause: namesAClause(withoutNames),
    namingWords: named.words,
  };
}

/** With a value filter, a list of documents states each one's value; one document is a yes or no. */
function answerTypeForFilter(exhaustive: boolean, type: AnswerType): AnswerType {
  return exhaustive ? 'place' : type === 'place' ? 'place' : 'yes_no';
}

/** The documents a question names, by the start of a distinctive word of one of their names ("NETGEAR"). */
function namedDocuments(
  question: string,
  documents: readonly NamedDocument[],
): { documentIds: number[]; words: string[] } {
  // "New York" in "governed by New York law" is a place, not the start of NEWFRONTIERMEDIA_….
  const placeWords = new Set(
    findPlaces(question).flatMap((place) => place.toLowerCase().match(TERM) ?? []),
  );
  const words = (question.match(TERM) ?? []).filter((word) => !placeWords.has(word.toLowerCase()));
  // A capitalised word after the first ("the Inktomi agreement", "mPhase's") may name a document by
  // the start of a name's word (INKTOMICORP_…); any other word must be a whole word of the name.
  // A word not written as a name that speaks of a clause ("first" in "right of first refusal")
  // names no document, whatever file names hold it ("First Amendment…").
  const phraseWords = clausePhraseWords(question);
  const asked = words
    .map((word, index) => ({
      word: word.toLowerCase(),
      proper: index > 0 && /\p{Lu}/u.test(word),
    }))
    .filter(
      ({ word, proper }) =>
        word.length >= 3 &&
        !GENERIC_NAME_WORDS.has(word) &&
        !STOP_WORDS.has(word) &&
        (proper || !(phraseWords.has(word) || isClauseWord(word))),
    );
  // A party's word shared by many documents ("Securities" of a filing's cover note) names none.
  const partyHolders = new Map<string, number>();
  for (const document of documents)
    for (const word of new Set(document.parties ?? []))
      partyHolders.set(word, (partyHolders.get(word) ?? 0) + 1);
  const matches: { documentId: number; hits: string[]; exact: number; proper: number }[] = [];
  for (const document of documents) {
    const names = distinctiveWords(document.names);
    const parties = new Set(document.parties ?? []);
    const hits = new Set<string>();
    let exact = 0;
    let properHits = 0;
    for (const { word, proper } of asked) {
      if (names.includes(word)) exact++;
      else if (
        !names.some((name) => proper && word.length >= 4 && name.startsWith(word)) &&
        !(proper && parties.has(word) && partyHolders.get(word)! <= MAX_PARTY_HOLDERS)
      )
        continue;
      hits.add(word);
      if (proper) properHits++;
    }
    if (hits.size > 0)
      matches.push({
        documentId: document.documentId,
        hits: [...hits],
        exact,
        proper: properHits,
      });
  }
  // Of the documents named, those named by the most words written as names, then by the most
  // words, then by the most whole words: in "What insurance must the Zounds agreement carry?" the
  // Zounds agreement is named, not "Principal Life Insurance…" (and "insurance" stays the clause
  // asked about); "Ingram Micro" names the agreement with Ingram Micro, not another whose party is
  // "Advanced Micro Devices"; "ARMSTRONGFLOORING" names ARMSTRONGFLOORING,INC_… before
  // ArmstrongFlooringInc_….
  const rank = (match: { hits: string[]; exact: number; proper: number }) =>
    match.proper * 1e6 + match.hits.length * 1000 + match.exact;
  const best = Math.max(0, ...matches.map(rank));
  const kept = matches.filter((match) => rank(match) === best);
  return {
    documentIds: kept.map((match) => match.documentId),
    words: [...new Set(kept.flatMap((match) => match.hits))],
  };
}

function distinctiveWords(names: readonly string[]): string[] {
  const words = new Set<string>();
  for (const name of names)
    for (const word of name.toLowerCase().match(TERM) ?? [])
      if (
        word.length >= 3 &&
        !/^\d+$/.test(word) &&
        !GENERIC_NAME_WORDS.has(word) &&
        !STOP_WORDS.has(word)
      )
        words.add(word);
  return [...words];
}

function scopeOf(question: string, namedIds: number[], context: QuestionContext): QuestionScope {
  const plural = EXHAUSTIVE.test(question);
  if (namedIds.length > 0)
    return { kind: 'named', documentIds: namedIds, exhaustive: plural || namedIds.length > 1 };
  const conversation = context.conversationDocumentIds ?? [];
  if (conversation.length > 0 && CONVERSATION.test(question))
    return { kind: 'conversation', documentIds: conversation, exhaustive: conversation.length > 1 };
  if (conversation.length > 0 && !plural && REFERS_BACK.test(question))
    return { kind: 'conversation', documentIds: conversation, exhaustive: conversation.length > 1 };
  const all = context.documents.map((document) => document.documentId);
  return { kind: 'all', documentIds: all, exhaustive: all.length > 1 };
}

/** The kind of first line a question wants, from its form and the clause it asks about. */
function answerTypeOf(
  question: string,
  category: Category | undefined,
  exhaustive: boolean,
): AnswerType {
  const text = question.toLowerCase();
  if (/\b(?:quote|show me|what does .* say|what are the terms|wording|text of)\b/.test(text))
    return 'clause';
  if (YES_NO.test(text)) return 'yes_no';
  if (/\bwho\b|\bparties\b|\bcounterpart/.test(text)) return 'parties';
  if (
    /\b(?:what|which) (?:law|state|country|jurisdiction)\b|\bwhere\b|\bgoverning law\b|\bgoverned by\b/.test(
      text,
    )
  )
    return 'place';
  if (/\bhow much\b|\bamount\b|\bhow high\b|\bdollar/.test(text)) return 'money';
  if (/\bwhen\b|\bwhat date\b|\bdate\b/.test(text)) return 'date';
  if (
    /\bhow long\b|\bhow many (?:days|months|years)\b|\bhow much notice\b|\bnotice period\b|\bperiod\b|\bduration\b/.test(
      text,
    )
  )
    return 'duration';
  if (exhaustive && /^\s*(?:which|list|name|how many)\b/.test(text)) return 'yes_no';
  if (!category) return 'text';
  const valueType = valueTypeOf(category);
  return valueType === 'clause' && /^\s*(?:what|which)\b/.test(text) ? 'clause' : valueType;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
