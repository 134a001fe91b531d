/** A fact a user stated about themselves, proposed for long-term memory. */
export interface FactCandidate {
  category: 'profile' | 'preference' | 'business';
  key: string;
  value: string;
}

interface CandidatePattern {
  category: FactCandidate['category'];
  key: string;
  pattern: RegExp;
  normalise?: (raw: string) => string | null;
}

const trimValue = (raw: string) => raw.trim().replace(/^[“"'「]|[”"'」]$/g, '').replace(/[。.!！,，;；]+$/, '').trim();
const nameValue = (raw: string) => {
  const value = trimValue(raw);
  // "我叫什么" is a question, not a name; CJK has no \b, so test the start directly.
  return value.length >= 1 && value.length <= 40 && !/^(?:什么|啥|谁|哪|多少)/.test(value) && !/^(?:what|who)\b/i.test(value) ? value : null;
};
const languageValue = (raw: string) => {
  const value = raw.toLowerCase();
  if (/中文|汉语|chinese|mandarin/.test(value)) return 'zh';
  if (/英文|英语|english/.test(value)) return 'en';
  return null;
};

// Statements only: each pattern needs a first-person subject, so questions like
// "我叫什么" or "what is my name" never match.
const patterns: CandidatePattern[] = [
  { category: 'profile', key: 'name', pattern: /(?:我叫|我的名字是|我名叫)\s*([\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z ·.'-]{0,38})/u, normalise: nameValue },
  { category: 'profile', key: 'name', pattern: /\b(?:[Mm]y name is|[Mm]y name's|[Cc]all me)\s+([A-Z][A-Za-z'-]*(?:\s+[A-Z][A-Za-z'-]*){0,3})/, normalise: nameValue },
  { category: 'profile', key: 'name', pattern: /\bI am ([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2})(?=[.,!]|\s*$)/, normalise: nameValue },
  { category: 'profile', key: 'region', pattern: /我(?:是|在|来自)([\p{Script=Han}A-Za-z0-9]{1,12}?(?:区|大区|地区|片区))(?:的)?/u, normalise: trimValue },
  { category: 'profile', key: 'region', pattern: /\b(?:I(?:'m| am) (?:in|from) the|my region is(?: the)?)\s+([A-Za-z][A-Za-z -]{0,30}?)\s+region\b/i, normalise: (raw) => `${trimValue(raw)} region` },
  { category: 'profile', key: 'region', pattern: /\bmy region is\s+([A-Za-z][A-Za-z -]{0,30})/i, normalise: trimValue },
  { category: 'profile', key: 'employeeId', pattern: /(?:我的)?工号(?:是|为|:|：)\s*([A-Za-z0-9-]{2,32})/, normalise: trimValue },
  { category: 'profile', key: 'employeeId', pattern: /\bmy employee (?:id|ID|number) is\s+([A-Za-z0-9-]{2,32})/i, normalise: trimValue },
  { category: 'preference', key: 'language', pattern: /(?:请用|请使用|我(?:更)?喜欢用?|用)(中文|汉语|英文|英语)(?:回答|回复|交流)?/, normalise: languageValue },
  { category: 'preference', key: 'language', pattern: /\b(?:please (?:answer|reply|respond) in|I prefer)\s+(English|Chinese|Mandarin)\b/i, normalise: languageValue },
  { category: 'business', key: 'company', pattern: /我在([\p{Script=Han}A-Za-z0-9]{2,30}?(?:公司|集团|银行|有限公司))(?:工作|上班)/u, normalise: trimValue },
  { category: 'business', key: 'company', pattern: /\bI work (?:at|for)\s+([A-Z][A-Za-z0-9&. -]{1,40}?)(?=[.,!]|\s*$)/, normalise: trimValue },
];

/** Facts the user states about themselves in one message, in Chinese or English (first match per key). */
export function extractFactCandidates(text: string): FactCandidate[] {
  const found = new Map<string, FactCandidate>();
  for (const { category, key, pattern, normalise } of patterns) {
    if (found.has(`${category}.${key}`)) continue;
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    const value = (normalise ?? trimValue)(match[1]);
    // A question word where the value should be means the user asked, not stated.
    if (value && !/^(?:什么|啥|谁|哪|多少)/.test(value) && !/^(?:what|which|who)\b/i.test(value)) found.set(`${category}.${key}`, { category, key, value });
  }
  return [...found.values()];
}
