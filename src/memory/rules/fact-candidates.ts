import { splitClauses } from './clauses.js';
import { statedValidity, type StatedValidity } from './validity.js';

/** A fact a user stated about themselves, proposed for long-term memory. */
export interface FactCandidate {
  category: 'profile' | 'preference' | 'business';
  key: string;
  value: string;
  /** When it became true, when the statement says so ("since March", "from 2021 to 2023"). */
  validFrom?: Date;
  /** When it stopped being true (exclusive), when the statement says so. */
  validTo?: Date | null;
}

interface CandidatePattern {
  category: FactCandidate['category'];
  key: string;
  /** Group 1 is the value. */
  pattern: RegExp;
  normalise?: (raw: string) => string | null;
}

const trimValue = (raw: string) =>
  raw
    .trim()
    .replace(/^[“"'「]|[”"'」]$/g, '')
    .replace(/[。.!！,，;；]+$/, '')
    .trim();
const nameValue = (raw: string) => {
  const value = trimValue(raw);
  // "我叫什么" is a question, not a name; CJK has no \b, so test the start directly.
  return value.length >= 1 && value.length <= 40 && !/^(?:什么|啥|谁|哪|多少)/.test(value) && !/^(?:what|who)\b/i.test(value)
    ? value
    : null;
};
const languageValue = (raw: string) => {
  const value = raw.toLowerCase();
  if (/中文|汉语|chinese|mandarin/.test(value)) return 'zh';
  if (/英文|英语|english/.test(value)) return 'en';
  return null;
};

// A company name in English: capitalised words, optionally joined by "of", "and", "&", "the"
// ("Bank of America", "Procter and Gamble"); it ends at the first lower-case word ("Globex Ltd as
// an engineer", "Globex Ltd and my employee id ...").
// The ways a user says where they work, each a named part of the company pattern below.
const WORKS_AT = String.raw`I(?: work|'m working| am working| worked|'ve worked| have worked|'ve been working| have been working) (?:at|for)`;
const EMPLOYED_BY = String.raw`I(?:'m| am| was) employed (?:at|by)`;
const MY_EMPLOYER_IS = String.raw`[Mm]y (?:company|employer) (?:is|was)`;
const COMPANY_EN = String.raw`[A-Z0-9][\w&.'-]*(?:\s+(?:(?:of|and|&|the|de)\s+)?[A-Z0-9&][\w&.'-]*)*`;
// An employee id holds at least one digit, so "my employee id is not ..." or "... is unknown" is no id.
const EMPLOYEE_ID = String.raw`(?=[A-Za-z-]*\d)([A-Za-z0-9][A-Za-z0-9-]{0,31})`;
// A Chinese name stops where the next clause about the user starts ("我叫张三我在...").
const HAN_NAME = String.raw`([\p{Script=Han}A-Za-z](?:(?!我)[\p{Script=Han}A-Za-z ·.'-]){0,38})`;

// Statements only: each pattern needs a first-person subject, and they are applied to statement
// clauses only (see clauses.ts), so questions like "我叫什么" or "what is my name" never match.
const patterns: CandidatePattern[] = [
  { category: 'profile', key: 'name', pattern: new RegExp(`(?:我叫|我的名字是|我名叫)\\s*${HAN_NAME}`, 'u'), normalise: nameValue },
  {
    category: 'profile',
    key: 'name',
    pattern: /\b(?:[Mm]y (?:full )?name is|[Mm]y name's|[Cc]all me)\s+([A-Z][A-Za-z.'-]*(?:\s+[A-Z][A-Za-z.'-]*){0,3})/,
    normalise: nameValue,
  },
  { category: 'profile', key: 'name', pattern: /\bI am ([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2})(?=[.,!]|\s*$)/, normalise: nameValue },
  {
    category: 'profile',
    key: 'region',
    pattern: /我(?:是|在|来自)([\p{Script=Han}A-Za-z0-9]{1,12}?(?:区|大区|地区|片区))(?:的)?/u,
    normalise: trimValue,
  },
  {
    category: 'profile',
    key: 'region',
    pattern: /\b(?:I(?:'m| am) (?:in|from) the|my region is(?: the)?)\s+([A-Za-z][A-Za-z -]{0,30}?)\s+region\b/i,
    normalise: (raw) => `${trimValue(raw)} region`,
  },
  { category: 'profile', key: 'region', pattern: /\bmy region is\s+([A-Za-z][A-Za-z -]{0,30})/i, normalise: trimValue },
  {
    category: 'profile',
    key: 'employeeId',
    pattern: new RegExp(`(?:我的)?(?:工号|员工编号|员工号)(?:是|为|:|：)\\s*${EMPLOYEE_ID}`),
    normalise: trimValue,
  },
  {
    category: 'profile',
    key: 'employeeId',
    pattern: new RegExp(String.raw`\bmy (?:employee|staff) (?:id|number|no\.?)(?:\s+is|\s*:)\s*${EMPLOYEE_ID}`, 'i'),
    normalise: trimValue,
  },
  {
    category: 'preference',
    key: 'language',
    pattern: /(?:请用|请使用|我(?:更)?喜欢用?|用)(中文|汉语|英文|英语)(?:回答|回复|交流)?/,
    normalise: languageValue,
  },
  {
    category: 'preference',
    key: 'language',
    pattern: /\b(?:please (?:answer|reply|respond) in|I prefer)\s+(English|Chinese|Mandarin)\b/i,
    normalise: languageValue,
  },
  {
    category: 'business',
    key: 'company',
    // "我在…工作", also with a time between: "我曾经从2021年到2023年在…工作".
    pattern:
      /我(?:曾(?:经)?)?(?:(?:从|自)?[\d年月到至\s-]{2,20})?在([\p{Script=Han}A-Za-z0-9]{2,30}?(?:公司|集团|银行|有限公司))(?:工作|上班)/u,
    normalise: trimValue,
  },
  {
    category: 'business',
    key: 'company',
    pattern: /我(?:就职于|任职于|供职于)([\p{Script=Han}A-Za-z0-9]{2,30}?(?:公司|集团|银行))/u,
    normalise: trimValue,
  },
  {
    category: 'business',
    key: 'company',
    pattern: new RegExp(String.raw`\b(?:${WORKS_AT}|${EMPLOYED_BY}|${MY_EMPLOYER_IS})\s+(${COMPANY_EN})`),
    normalise: trimValue,
  },
];
// With indices, so the words before a value can be checked for a negation.
const indexedPatterns = patterns.map((item) => ({ ...item, pattern: new RegExp(item.pattern.source, `${item.pattern.flags}d`) }));

// "My name is Bob, not Robert" keeps Bob; "请不要用英文回答" and "I'm not in the North region" keep nothing.
const negation = /\b(?:not|never|no longer)\b|n't\b|[不没别勿非]/i;

/**
 * Facts the user states about themselves in one message, in Chinese or English: statement clauses
 * only (questions state nothing), one value per key, a later statement replacing an earlier one.
 * A clause that says when ("since March", "from 2021 to 2023") gives the fact its validity;
 * `now` is the turn's instant, for a month named without a year.
 */
export function extractFactCandidates(text: string, now: Date = new Date()): FactCandidate[] {
  const found = new Map<string, FactCandidate>();
  // A clause that only says when ("从2021年到2023年，我在…工作") gives its time to the next clause.
  let carried: StatedValidity | null = null;
  for (const clause of splitClauses(text)) {
    if (clause.question) {
      carried = null;
      continue;
    }
    const validity: StatedValidity | null = statedValidity(clause.text, now) ?? carried;
    carried = null;
    let stated = false;
    const seen = new Set<string>();
    for (const { category, key, pattern, normalise } of indexedPatterns) {
      const id = `${category}.${key}`;
      if (seen.has(id)) continue;
      const match = pattern.exec(clause.text);
      if (!match?.[1] || !match.indices?.[1]) continue;
      if (negation.test(clause.text.slice(0, match.indices[1][0]))) continue;
      const value = (normalise ?? trimValue)(match[1]);
      // A question word where the value should be means the user asked, not stated.
      if (!value || /^(?:什么|啥|谁|哪|多少)/.test(value) || /^(?:what|which|who)\b/i.test(value)) continue;
      seen.add(id);
      stated = true;
      found.set(
        id,
        validity ? { category, key, value, validFrom: validity.validFrom, validTo: validity.validTo } : { category, key, value },
      );
    }
    if (!stated) carried = validity;
  }
  return [...found.values()];
}
