/**
 * Questions a deal team asks about the 50-page CytoDyn licence agreement (CONTRACT_FILE). The
 * first four are the hand-checked ones of load-tests/eval/questions.json; the others ask about
 * clauses found in most licence agreements.
 */
export const QUESTIONS: readonly string[] = [
  'Can Vyera assign the CytoDyn license to an acquirer without consent?',
  'What royalty does Vyera owe CytoDyn on net sales of leronlimab, and does it step down?',
  'Is Vyera barred from developing or selling a competing product while it holds the CytoDyn license?',
  'Who owns the inventions Vyera makes in relation to the licensed product under the CytoDyn deal?',
  'Which law governs the license agreement?',
  'Can either party terminate the agreement for convenience, and on how much notice?',
  'What milestone payments are due under the agreement?',
  'How are disputes between CytoDyn and Vyera resolved?',
  'What are the confidentiality obligations and how long do they last?',
  'Is there a cap on liability or an indemnification obligation?',
];
