import type { Category } from './answer.types.js';

/**
 * How people ask about each clause when they do not use the annotators' words: hand-written, for
 * phrasings no contract contains ("walk away", "poach", "who owns the IP"). A match outweighs the
 * learned words; of several matches, the longest wins.
 */
export const LAY_PHRASES: [RegExp, Category][] = [
  [
    /\bgovern(?:s|ed|ing)?\b|\bwhich law\b|\bwhat law\b|\bchoice of law\b|\bapplicable law\b|\blaw applies\b|\bjurisdiction\b/i,
    'Governing Law',
  ],
  [
    /\bexclusiv|\bsole (?:distributor|supplier|provider|reseller|licensee|agent)\b|\bonly (?:distributor|supplier|provider|reseller)\b/i,
    'Exclusivity',
  ],
  [
    /\bwalk away\b|\bfor (?:its |their )?convenience\b|\bwithout cause\b|\bat will\b|\bterminate (?:at any time|early)\b|\bget out of\b|\bexit\b/i,
    'Termination For Convenience',
  ],
  [
    /\bchange (?:of|in) control\b|\bmerger\b|\bmerges?\b|\bacquir(?:ed|es)\b|\bacquisition\b|\btakeover\b|\bbought\b|\bsale of (?:the )?(?:company|business)\b/i,
    'Change Of Control',
  ],
  [
    /\bassign(?:ment|able|ed)?\b|\btransfer (?:the|this|its) (?:agreement|contract|rights)\b/i,
    'Anti-Assignment',
  ],
  [/\bnon-?compet|\bcompete\b|\bcompeting\b|\bcompetitive products?\b/i, 'Non-Compete'],
  [
    /\bpoach|\bhir(?:e|ing) (?:away )?(?:its|their|the other party's) (?:employees|staff|people)\b|\bsolicit(?:ing|ation)? (?:of )?(?:employees|staff|personnel)\b|\bsolicit\b.*\bemployees\b/i,
    'No-Solicit Of Employees',
  ],
  [
    /\bsolicit(?:ing|ation)? (?:of )?(?:customers|clients)\b|\bsteal(?:ing)? customers\b/i,
    'No-Solicit Of Customers',
  ],
  [/\bdisparag|\bbad-?mouth|\bnegative (?:statements|comments)\b/i, 'Non-Disparagement'],
  [
    /\bmost[- ]favou?red\b|\bmfn\b|\bbest price\b|\bbetter terms\b|\bas favou?rable as\b/i,
    'Most Favored Nation',
  ],
  [
    /\bfirst refusal\b|\bfirst offer\b|\bfirst negotiation\b|\brofr\b|\brofo\b|\brofn\b/i,
    'Rofr/Rofo/Rofn',
  ],
  [
    /\bcap(?:ped)? on (?:the )?liability\b|\bliability cap\b|\blimit(?:ation)? (?:of|on) liability\b|\bmaximum liability\b|\bcap\b|\bliable for at most\b/i,
    'Cap On Liability',
  ],
  [/\buncapped\b|\bunlimited liability\b|\bno cap\b/i, 'Uncapped Liability'],
  [/\bliquidated damages\b|\bpenalt(?:y|ies)\b|\bfixed damages\b/i, 'Liquidated Damages'],
  [/\baudit|\binspect (?:the )?(?:books|records)\b/i, 'Audit Rights'],
  [/\binsurance\b|\binsured\b|\binsure\b/i, 'Insurance'],
  [
    /\bwarranty[- ](?:period|duration|term)\b|\bhow long .*\bwarrant|\bwarranty last|\bwarrant(?:y|ies)\b/i,
    'Warranty Duration',
  ],
  [/\brenew(?:al|s|ed)?\b|\bextension\b|\bextend(?:ed)?\b|\broll(?:s)? over\b/i, 'Renewal Term'],
  [
    /\bnotice\b.*\b(?:non-?renew|renewal|renew)|\bnon-?renew|\bstop (?:it|the agreement) from renewing\b|\bopt out of (?:the )?renewal\b/i,
    'Notice Period To Terminate Renewal',
  ],
  [
    /\bexpir|\bend date\b|\bwhen does .* end\b|\bhow long does .* (?:last|run)\b|(?<!renewal )\bterm of (?:the|this) (?:agreement|contract)\b|\binitial term\b|\bhow long is the term\b/i,
    'Expiration Date',
  ],
  [
    /\beffective date\b|\btakes? effect\b|\bbecomes? effective\b|\bcommencement date\b/i,
    'Effective Date',
  ],
  [
    /\bagreement date\b|\bdated\b|\bwhen was .* (?:signed|made|entered|executed|dated)\b|\bexecution date\b|\bdate of (?:the|this) (?:agreement|contract)\b/i,
    'Agreement Date',
  ],
  [
    /\bparties\b|\bwho (?:is|are) .*\bpart(?:y|ies)\b|\bcounterpart(?:y|ies)\b|\bwho signed\b|\bbetween whom\b/i,
    'Parties',
  ],
  [
    /\bminimum (?:purchase|order|commitment|volume|quantity|spend)\b|\btake[- ]or[- ]pay\b/i,
    'Minimum Commitment',
  ],
  [
    /\brevenue[- ]shar|\bprofit[- ]shar|\broyalt(?:y|ies)\b|\bshare (?:of )?(?:the )?(?:revenue|profits?)\b/i,
    'Revenue/Profit Sharing',
  ],
  [
    /\bprice[- ](?:increases?|restrictions?|changes?|caps?)\b|\braise (?:the )?prices?\b/i,
    'Price Restrictions',
  ],
  [
    /\bvolume[- ](?:restrictions?|limits?)\b|\bmaximum (?:quantity|volume)\b/i,
    'Volume Restriction',
  ],
  [
    /\bwho owns\b|\bownership of (?:the )?(?:ip|intellectual property|inventions|work product|improvements)\b|\bip ownership\b|\bassign(?:s|ment of)? (?:all )?(?:the )?(?:ip|intellectual property)\b/i,
    'Ip Ownership Assignment',
  ],
  [/\bjoint(?:ly)? own|\bco-?own|\bjoint (?:ip|intellectual property)\b/i, 'Joint Ip Ownership'],
  [
    /\blicen[cs]e grant\b|\bgrant(?:s|ed)? (?:a |an )?(?:\w+ )?licen[cs]e\b|\blicen[cs]ed? to use\b/i,
    'License Grant',
  ],
  [/\bnon-?transferable\b|\btransfer (?:the|its) licen[cs]e\b/i, 'Non-Transferable License'],
  [/\birrevocable\b|\bperpetual licen[cs]e\b/i, 'Irrevocable Or Perpetual License'],
  [/\bescrow\b|\bsource code\b/i, 'Source Code Escrow'],
  [
    /\bafter termination\b|\bpost-?termination\b|\btransition services\b|\bwind[- ]down\b/i,
    'Post-Termination Services',
  ],
  [
    /\bcovenant not to sue\b|\bnot to sue\b|\bchallenge (?:the )?(?:validity|patents?)\b/i,
    'Covenant Not To Sue',
  ],
  [/\bthird[- ]party beneficiar/i, 'Third Party Beneficiary'],
  [
    /\bexceptions? to (?:the )?(?:non-?compete|exclusivity|restrictions?)\b|\bcompetitive[- ]restriction exception/i,
    'Competitive Restriction Exception',
  ],
  [
    /\baffiliates? of (?:the )?licensor\b|\blicensor'?s? affiliates\b|\baffiliate licen[cs]e \(?licensor\b/i,
    'Affiliate License-Licensor',
  ],
  [
    /\baffiliates? of (?:the )?licensee\b|\blicensee'?s? affiliates\b|\baffiliate licen[cs]e \(?licensee\b/i,
    'Affiliate License-Licensee',
  ],
  [
    /\bunlimited (?:use|licen[cs]e|number|users)\b|\ball[- ]you[- ]can[- ]eat\b|\benterprise[- ]wide\b/i,
    'Unlimited/All-You-Can-Eat-License',
  ],
];
