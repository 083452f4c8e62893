import type { Category, Evidence } from './answer.types.js';
import { termOf } from './values/expiration.js';

/**
 * What a review cell asks of a candidate clause beyond the clause model's score, per category:
 * `counts` — the words a clause of that kind cannot lack (a clause the model found without them
 * does not answer the cell); `states` — words that state the clause unambiguously (a candidate
 * the model scored below its decision then answers it). Written from CUAD's category
 * definitions and the failures seen on the training split; no contract's own words.
 */
type ClauseCheck = {
  counts: (text: string) => boolean;
  states?: (text: string) => boolean;
  /** Categories whose found clauses answer the cell when they state it ("an exclusive license"). */
  related?: readonly Category[];
};

/** A term clause speaks of how long the agreement lasts or when it ends. */
const TERM_WORDS =
  /\b(?:term|expir\w*|perpetu\w*|indefinite\w*|anniversary|duration|until|continu\w*\s+(?:in|for|until|through)|remain\w*\s+(?:in\s+(?:full\s+)?(?:force|effect)|valid|effective)|in\s+(?:full\s+)?(?:force|effect)\s+(?:for|until)|take\s+effect|conclud\w*|not\s+(?:be\s+)?terminable|(?:end|terminate|expire)s?\s+(?:on|upon|at|as\s+of|when)|shall\s+(?:be\s+)?(?:revoked\s+and\s+)?terminated?\s+(?:automatically\s+)?(?:on|upon|at|when))\b|\bshall\s+terminate\s*:/i;

/**
 * A period that runs after the term ends ("retain the Records for five (5) years after the
 * expiration of the Term", "for one year following termination"): what survives the agreement,
 * not how long it lasts.
 */
const AFTER_THE_END =
  /(?:\b(?:for\s+)?(?:a\s+period\s+of\s+)?(?:\S+\s+)?(?:\(\d+\)\s*)?(?:days?|months?|years?)\s+)?\b(?:after|following|beyond)\s+(?:the\s+)?(?:date\s+of\s+)?(?:expiration|expiry|termination)\b(?:\s+(?:or|earlier|termination|expiration|of|the|this|agreement|term|hereof|after)\b)*/gi;

/** "Exclusive" that is no exclusivity: a non-exclusive grant, an exclusive remedy or forum. */
const NOT_EXCLUSIVITY =
  /\bnon-?\s*exclusive(?:ly)?\b|\bnot\s+(?:create|constitute|establish|be)\s+(?:an?\s+)?exclusive\b|\bno\s+exclusive\b|\bsole\s+and\s+exclusive\s+remed\w*|\bexclusive\s+(?:remed\w*|jurisdiction|venue|forum|property|owner\w*|responsib\w*|right\s+to\s+(?:own|title))|\bsolely\s+and\s+exclusively\b|\b(?:subject|governed)\s+exclusively\s+(?:to|by)\s+(?:the\s+)?(?:terms|laws?|provisions)\b/gi;
const EXCLUSIVE =
  /\bexclusiv\w*|\bsole\s+(?:and\s+exclusive\s+)?(?:distributor|supplier|source|provider|reseller|agent|licensee|licensor|manufacturer)\b/i;
const EXCLUSIVE_DEALING =
  /\b(?:shall|will|may)\s+not\b[^.;]{0,100}\b(?:purchase|buy|sell|distribute|market|appoint|engage|license|supply|obtain)\b[^.;]{0,100}\b(?:any\s+other|other\s+(?:supplier|distributor|manufacturer|vendor|source)s?|third\s+part(?:y|ies)|competitor|competing)\b|\b(?:only|solely|exclusively)\s+(?:from|through)\b/i;

/** A right to end the agreement without a reason ("for convenience", "for any reason"). */
const CONVENIENCE =
  /\bconvenience\b|\bwithout\s+(?:cause|reason)\b|\bfor\s+any\s+(?:or\s+no\s+)?reason\b|\bfor\s+no\s+reason\b|\b(?:sole|absolute)\s+(?:and\s+(?:absolute|sole)\s+)?discretion\b/i;
const ON_NOTICE =
  /\bat\s+any\s+time\b|\b(?:upon|on|with|by|giving|providing|serving|after)\b[^.;]{0,60}\bnotice\b/i;
/** A right to terminate for a cause (breach, insolvency, listed events), which is not for convenience. */
const FOR_CAUSE =
  /\bbreach|\bdefault|\binsolv|\bbankrupt|\bfail\w*\s+(?:\w+\s+)?to\b|\b(?:with|for)\s+cause\b|\bfollowing\s+(?:conditions|events|circumstances|reasons)|\bany\s+of\s+the\s+following|\bupon\s+the\s+occurrence|\bchange\s+(?:of|in)\s+control|:\s*$/i;
/** An end "for any reason" that is an event, not a right ("upon termination of this Agreement for any reason", "is terminated for any reason"). */
const ENDED_FOR_ANY_REASON =
  /\b(?:(?:is|are|be|been|was|gets?)\s+terminated(?:\s+or\s+expires?)?|(?:termination|expiration|expiry)(?:\s+or\s+(?:termination|expiration|expiry))?(?:\s+of\s+this\s+agreement)?)\s+for\s+any\s+reason(?:\s+whatsoever)?/gi;
/**
 * A right that arises on an event ("may terminate in the event of a Material Adverse Event", "If
 * it is apparent that the Project cannot be carried out, may terminate", "should X's employment
 * end, … may be terminated"): for that cause, not for convenience; unless the event is the party's
 * own wish ("in the event Customer wishes to terminate").
 */
const ON_AN_EVENT =
  /\b(?:if|should|in\s+the\s+event(?:\s+of|\s+that)?)\b(?![^.;]{0,60}\b(?:wish|desire|elect|decide|choose)\w*)[^.;]{0,200}?\bterminat|\bterminat[^.;]{0,120}?\b(?:if|in\s+the\s+event)\b(?![^.;]{0,60}\b(?:wish|desire|elect|decide|choose)\w*)/i;
/** A terminating party's good standing ("so long as no default exists", "if it is not then in material breach"): no cause. */
const IN_GOOD_STANDING = /\b(?:no|not\s+(?:then\s+)?in(?:\s+material)?)\s+(?:default|breach)\b/gi;
/** One of a list of rights to terminate that needs no reason ("(i) at any time upon six months' notice", "(ii) at any other time upon …"). */
const AT_ANY_TIME_ALTERNATIVE =
  /\((?:[a-h]|[ivx]+|\d+)\)\s+(?:at\s+)?any\s+(?:other\s+)?time\s+(?:upon|on|with|by|after|giving)\b[^,;]{0,60}\bnotice\b/i;
/** An end both parties agree on ("at any time by mutual consent"): no one party's right, and taken out before looking for one. */
const BY_AGREEMENT =
  /(?:\bat\s+any\s+time\s+)?\b(?:by|upon|with|through)\s+(?:the\s+|their\s+)?(?:mutual\s+)?(?:written\s+)?(?:agreement|consent)(?:\s+of\s+(?:the\s+|both\s+)?parties)?/gi;
/** "may not be terminated … for convenience": the right denied (unless another party has it). */
const NO_RIGHT_TO_TERMINATE = /\b(?:may|shall|can|will)\s+not\s+(?:be\s+)?terminat/i;
/** An end that comes by itself ("shall automatically terminate in case …"): no right to terminate. */
const AUTOMATIC_END = /\bautomatically\s+terminat/i;
/** A party's right to end it, which an automatic end or another party's lack of it does not take away. */
const RIGHT_TO_TERMINATE =
  /\b(?:may|can)\s+(?:at\s+any\s+time\s+)?(?:be\s+)?terminat|\b(?:right|entitled)\s+to\s+terminat/i;

/**
 * A non-compete speaks of competing (not of a "competent" court or workmanship), or of engaging in
 * a business or being engaged by another.
 */
const COMPETE =
  /\bcompet(?!en[ct])|\bengage[sd]?\s+in\b(?!\s+(?:any\s+)?(?:discussions?|negotiations?|attempts?)\b)|\bsimilar\s+(?:products?|business|services)\b|\bbe\s+(?:employed|engaged|concerned|interested)\b/i;
/** A promise not to hire or solicit the other's staff: a no-solicit, not a non-compete (unless it speaks of competing). */
const NO_SOLICIT_OF_STAFF =
  /\b(?:solicit|hire|recruit|employ)\w*\b[^.;]{0,120}\b(?:employees?|personnel|consultants?|contractors?|staff)\b/i;
/** A freedom to compete ("may engage in the business of", "reserves the right to sell … competitive"), not a restriction. */
const FREE_TO_COMPETE =
  /\b(?:may|reserves?\s+the\s+right\s+to|(?:is|are|shall\s+be)\s+free\s+to)\s+(?!not\b)(?:\w+\s+){0,2}?(?:engage|sell|compete|market|distribute)\b/i;
const NEGATION = /\bnot\b|\bnor\b|\bno\b|\bneither\b|\bnever\b/i;
/** A title ("the Non-Competition Agreement") names the agreement, not a restriction in it. */
const AGREEMENT_TITLE = /\bnon-?\s*compet\w*\s+(?:agreement|covenant)s?\b/gi;
/** A restraint on competing in so many words ("shall not … sell any product which is competitive with"). */
const RESTRAINT_ON_COMPETING =
  /\b(?:shall|will|may|agrees?\s+(?:that\s+it\s+will|to))\s+not\b[^.;]{0,160}\b(?:compet(?:e|es|ing|itive|itor|itors)\b|similar\s+(?:products?|business|services)\b)/i;
/**
 * A restraint on a line of business for the term or a tail after it, as a non-compete is drafted
 * without naming competition ("During the Term and for two years after its termination, Contractor
 * undertakes not to develop any Product", "neither X nor its affiliates shall … sell, market or
 * promote any digital products"): a promise not to develop, make, sell or market products,
 * services or a business, tied to the term.
 */
const RESTRAINT_ON_BUSINESS =
  /(?:\b(?:shall|will|may)\s+not|\b(?:undertakes?|agrees?|covenants?)\s+(?:that\s+it\s+(?:will|shall)\s+)?not|\bneither\b[^.;]{0,80}\bnor\b[^.;]{0,80}\b(?:shall|will))\b[^.;]{0,120}?\b(?:develop|research|manufactur\w*|produce|commerciali[sz]e|sell|market|promote|distribute)\b[^.;]{0,120}?\b(?:products?|services?|compounds?|business(?:es)?|goods)\b/i;
const DURING_OR_AFTER_TERM =
  /\b(?:during|throughout)\s+(?:the\s+)?(?:term|cooperation|period|life)\b|\b(?:after|following|from)\s+(?:the\s+)?(?:date\s+of\s+)?(?:expiration|expiry|termination)\b/i;
/** "will not preclude … from providing competitive products": the opposite of a restriction. */
const NOT_RESTRICTED =
  /\b(?:not|nothing)\b[^.;]{0,40}\b(?:preclude|limit|restrict|prevent|prohibit)/i;

/**
 * A change of control carved out of an assignment clause ("shall not be deemed an assignment",
 * "no consent shall be required for … a merger"): no right to terminate, consent or notice.
 */
const CONTROL_CARVED_OUT =
  /\bshall\s+not\s+be\s+(?:considered|deemed|treated\s+as)\s+(?:to\s+be\s+)?an?\s+assignment|\bnor\s+shall\s+any\s+change\s+(?:of|in)\s+control|\bno\s+(?:such\s+)?consent\s+(?:shall|will)\s+be\s+required|\bdoes\s+not\s+require\s+the\s+consent|\bwithout\s+(?:the\s+)?(?:other\s+party['’]s\s+)?(?:prior\s+)?(?:written\s+)?consent,?\s+(?:to|in\s+connection\s+with)\b[^.;]{0,160}\b(?:merger|acquisition|successor|substantially\s+all)/i;
/**
 * A party's freedom to assign to whoever takes over its business ("may assign this Agreement to any
 * successor by merger", "provided that Premier may assign this Agreement in the event that Premier
 * is sold, merged …"): the assignment clause's carve-out, not a change of control restricted.
 */
const FREE_TO_ASSIGN_ON_A_MERGER =
  /\bmay\s+(?:(?:freely|also|nevertheless|however|,)\s+)*(?:without\s+(?:such\s+)?consent,?\s+)?assign\b[^.;]{0,250}?\b(?:merger|merged|merges|successor|substantially\s+all|sold|acquir\w*)\b/i;
const CONTROL_TRIGGER = /\bterminat|\bnotice\b|\bnotify/i;
/** The definition of a change of control ("“Change of Control” means …"): what one is, not what it does. */
const CONTROL_DEFINED =
  /^[\s\d.()a-z]{0,12}["“']?change\s+(?:of|in)\s+control["”']?\s+(?:means|shall\s+mean|shall\s+include|includes|is\s+defined)\b/i;

/** A most-favoured term compares with what others get ("no less favorable", "lowest price"). */
const MOST_FAVOURED =
  /\bmost[- ]favou?red|\b(?:no|not)\s+(?:less|more)\s+favou?rable|\bmore\s+favou?rable|\b(?:as|equally)\s+favou?rable|\blowest\s+(?:net\s+)?(?:price|rate|fee)|\bbest\s+(?:price|pricing|rate|terms)|\b(?:better|lower)\s+(?:terms|prices?|pricing|rates?|fees?)\b|\b(?:prices?|pricing|rates?|terms|royalt\w*|fees?)\b[^.;]{0,120}\b(?:any\s+other|other\s+(?:customers?|licensees?|distributors?|purchasers?|resellers?|clients?)|third\s+part(?:y|ies))\b/i;

/** A cap limits an amount, a kind of damages or the time to claim; "shall not be liable for X" alone is no cap. */
const LIMITS_LIABILITY =
  /\bexceed|\blimit(?:s|ed|ation)?\b|\bmaximum\b|\bcap(?:ped)?\b|\baggregate\b|\btotal\s+liability|\bin\s+no\s+(?:event|case)\b|\bconsequential|\bindirect|\bincidental|\bpunitive|\bexemplary|\blost\s+profits?|\bloss\s+of\s+(?:profits?|revenue|data)|\bliable\s+only\b|\bsole\s+(?:and\s+exclusive\s+)?(?:liability|remedy|obligation)|\bwithin\s+\w+\s*(?:\(\d+\)\s*)?(?:days|months|years?)\b/i;

/** An anti-assignment clause speaks of assigning, transferring or delegating (not of disclosing). */
const ASSIGNS =
  /\bassign|\btransfer|\bdelegat|\bnovat|\bsubcontract|\bsub-?licens|\bsuccessor|\bchange\s+(?:of|in)\s+control|\bmerg/i;

/** A right of first refusal, offer or negotiation speaks of a first chance to buy, sell or negotiate. */
const FIRST_RIGHT =
  /\bfirst\b|\brefus|\bmatch\w*\b|\bprefer\w*|\bnegotiat|\boffer|\bopportunity|\boption|\bpurchase|\bacquir|\bsell|\bsale|\bbid\b/i;

/** A line of a table of contents ("Competitive Activities ........ 12"): a heading, never a clause. */
const CONTENTS_LINE = /\.{5,}|(?:\.\s){4,}|…{2,}/;
/**
 * A table-of-contents entry without leaders: a short heading, perhaps numbered and joining two
 * subjects ("9.2 Assignment and Change of Control; Successors 16"), ending in its page number
 * ("7.7 Termination for Convenience by Customer 52"), with no verb a clause would have.
 */
const CONTENTS_ENTRY =
  /^(?:(?:section|article|clause)\s+)?(?:[\dIVX]+(?:\.\d+)*\.?\s+)?[A-Za-z][^.:!?()]{0,80}?\s\d{1,3}$/i;
const CLAUSE_VERB = /\b(?:shall|will|may|must|can|is|are|be|agrees?|means)\b/i;

function contentsLine(text: string): boolean {
  const line = text.replace(/\s+/g, ' ').trim();
  return CONTENTS_LINE.test(line) || (CONTENTS_ENTRY.test(line) && !CLAUSE_VERB.test(line));
}

const CHECKS: Partial<Record<Category, ClauseCheck>> = {
  'Anti-Assignment': { counts: (text) => ASSIGNS.test(text) },
  'Rofr/Rofo/Rofn': { counts: (text) => FIRST_RIGHT.test(text) },
  'Most Favored Nation': { counts: (text) => MOST_FAVOURED.test(text) },
  'Cap On Liability': { counts: (text) => LIMITS_LIABILITY.test(text) },
  'Non-Compete': {
    counts: (text) => {
      const rest = text.replace(AGREEMENT_TITLE, ' ');
      if (NO_SOLICIT_OF_STAFF.test(rest) && !/\bcompet(?!en[ct])/i.test(rest)) return false;
      if (FREE_TO_COMPETE.test(rest) && !NEGATION.test(rest)) return false;
      if (NOT_RESTRICTED.test(rest)) return false;
      return (
        COMPETE.test(rest) || (RESTRAINT_ON_BUSINESS.test(rest) && DURING_OR_AFTER_TERM.test(rest))
      );
    },
    states: (text) => RESTRAINT_ON_COMPETING.test(text) && !NOT_RESTRICTED.test(text),
  },
  'Change Of Control': {
    counts: (text) =>
      !CONTROL_DEFINED.test(text) &&
      ((!CONTROL_CARVED_OUT.test(text) && !FREE_TO_ASSIGN_ON_A_MERGER.test(text)) ||
        CONTROL_TRIGGER.test(text)),
  },
  'Expiration Date': {
    counts: (text) => {
      const rest = text.replace(AFTER_THE_END, ' ');
      return TERM_WORDS.test(rest) || termOf(rest) !== null;
    },
  },
  Exclusivity: {
    counts: (text) => {
      const rest = text.replace(NOT_EXCLUSIVITY, ' ');
      return EXCLUSIVE.test(rest) || EXCLUSIVE_DEALING.test(rest);
    },
    states: (text) => /\bexclusiv\w*/i.test(text.replace(NOT_EXCLUSIVITY, ' ')),
    // On the training split, a licence grant that is exclusive came with an exclusivity clause in
    // 53 of 57 contracts; so did every such competitive restriction, minimum commitment or ROFR.
    related: [
      'License Grant',
      'Competitive Restriction Exception',
      'Minimum Commitment',
      'Non-Compete',
      'Rofr/Rofo/Rofn',
    ],
  },
  'Termination For Convenience': {
    counts: (text) =>
      /\bterminat|\bcancel/i.test(text) &&
      (!AUTOMATIC_END.test(text) || RIGHT_TO_TERMINATE.test(text)) &&
      (!NO_RIGHT_TO_TERMINATE.test(text) || RIGHT_TO_TERMINATE.test(text)) &&
      (CONVENIENCE.test(text.replace(ENDED_FOR_ANY_REASON, ' ')) ||
        AT_ANY_TIME_ALTERNATIVE.test(text) ||
        (ON_NOTICE.test(text.replace(BY_AGREEMENT, ' ')) &&
          !FOR_CAUSE.test(text.replace(IN_GOOD_STANDING, ' ').trim()) &&
          !ON_AN_EVENT.test(text))),
    states: (text) =>
      /\bterminat|\bcancel/i.test(text) &&
      CONVENIENCE.test(text.replace(ENDED_FOR_ANY_REASON, ' ')),
  },
};

/** Whether a clause the model found answers a cell on `category` (true when the category has no check). */
export function clauseCounts(category: Category, text: string): boolean {
  if (contentsLine(text)) return false;
  return CHECKS[category]?.counts(text) ?? true;
}

/** The categories whose found clauses may answer a cell on `category` when they state it. */
export function relatedCategories(category: Category): readonly Category[] {
  return CHECKS[category]?.related ?? [];
}

/** Whether a candidate the model did not find states a clause of `category` in so many words. */
export function clauseStated(category: Category, text: string): boolean {
  return CHECKS[category]?.states?.(text) ?? false;
}

/**
 * The evidence as a review cell and a chat answer weigh it: a found clause without the words its
 * category cannot lack drops under the threshold; a candidate under it that states the clause in
 * so many words reaches it; a found clause of a related category that states it ("an exclusive
 * license") answers as one of the asked category.
 */
export function weighedByChecks(
  evidence: readonly Evidence[],
  category: Category | undefined,
  threshold: number,
): Evidence[] {
  if (!category) return [...evidence];
  const related = relatedCategories(category);
  return evidence.flatMap((each): Evidence[] => {
    const text = each.pageText.slice(each.start, each.end);
    if (related.includes(each.category))
      return each.score >= threshold && clauseStated(category, text) ? [{ ...each, category }] : [];
    if (each.score >= threshold && !clauseCounts(category, text))
      return [{ ...each, score: threshold * 0.99 }];
    if (each.score < threshold && clauseStated(category, text))
      return [{ ...each, score: threshold }];
    return [each];
  });
}
