/** The answers library (issues 15 and 16): pure functions, no I/O; the ask stream and review grids call these. */
export type * from './answer.types.js';
export { ANSWER_TYPES } from './answer.types.js';
export { answerCell, type CellQuestion } from './answer-cell.js';
export { clauseName, valueTypeOf } from './categories.js';
export { composeAnswer, DEFAULT_THRESHOLD, type ComposeOptions } from './compose-answer.js';
export { lexicalEvidence, type DocumentPages } from './lexical-evidence.js';
export { expansionWords, rankCategories } from './thesaurus.js';
export { pageLookupKey, traceProblems, type PageLookup } from './trace.js';
export { understandQuestion, type QuestionContext } from './understand-question.js';
export { extractValue, redactedValue, type ValueContext } from './values/extract-value.js';
export { findRedactions, hasRedaction } from './values/redaction.js';
