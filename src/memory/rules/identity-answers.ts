import { splitClauses } from './clauses.js';
import { extractFactCandidates } from './fact-candidates.js';
import { knownDetails } from './summarizer.js';

/** What the rules provider can see of the user: facts, the running summary, recent turns. */
export interface RenderedKnowledge {
  facts: readonly { category: string; key: string; value: unknown }[];
  summary: string;
  recentUserMessages: readonly string[];
}

type Topic = 'name' | 'region' | 'employeeId' | 'language' | 'company';

// Asked about in a question clause that refers to the user (my, I, me, 我); first topic wins.
const topics: { topic: Topic; pattern: RegExp }[] = [
  { topic: 'name', pattern: /名字|我叫(?:什么|啥)|我是谁|\bmy (?:full )?name\b|\bwho am i\b/i },
  { topic: 'employeeId', pattern: /工号|员工(?:编号|号)|\b(?:employee|staff) (?:id|number|no)\b/i },
  {
    topic: 'company',
    pattern:
      /公司|单位|在哪(?:里|儿)?(?:工作|上班)|\bcompany\b|\bemployer\b|\bwhere (?:do|did) i work\b|\bwhere i work\b|\bwho do i work for\b|\bwhere am i employed\b/i,
  },
  { topic: 'region', pattern: /区域|地区|大区|片区|哪(?:个)?区|\bregion\b|\bwhere am i from\b/i },
  { topic: 'language', pattern: /语言|\blanguage\b/i },
];
const aboutTheUser = /我|\b(?:i|me|my|mine)\b/i;
const labels: Record<Topic, { zh: string; en: string }> = {
  name: { zh: '名字', en: 'name' },
  region: { zh: '所在区域', en: 'region' },
  employeeId: { zh: '工号', en: 'employee ID' },
  language: { zh: '偏好语言', en: 'preferred language' },
  company: { zh: '公司', en: 'company' },
};

const factKey: Record<Topic, string> = {
  name: 'profile.name',
  region: 'profile.region',
  employeeId: 'profile.employeeId',
  language: 'preference.language',
  company: 'business.company',
};

/** Chinese when the text has Han characters, else English. */
export const languageOf = (text: string): 'zh' | 'en' => (/\p{Script=Han}/u.test(text) ? 'zh' : 'en');

/**
 * Every topic a message asks about, in the order asked, when it holds questions about the user's
 * own details ("What is my name, where do I work and what is my employee id?" asks three); a
 * statement that mentions a detail ("my employee id is B-7") asks nothing.
 */
export function questionTopics(text: string): Topic[] {
  const asked: Topic[] = [];
  for (const clause of splitClauses(text)) {
    if (!clause.question || !aboutTheUser.test(clause.text)) continue;
    const found = topics
      .map((item) => ({ topic: item.topic, at: clause.text.search(item.pattern) }))
      .filter((item) => item.at >= 0)
      .sort((a, b) => a.at - b.at);
    for (const { topic } of found) if (!asked.includes(topic)) asked.push(topic);
  }
  return asked;
}

/** The first topic a message asks about (see {@link questionTopics}). */
export function questionTopic(text: string): Topic | null {
  return questionTopics(text)[0] ?? null;
}

/**
 * Where a detail is known from, newest first: what the user stated in the recent turns, then the
 * summary's "Known:" entries, then confirmed facts.
 */
function lookup(topic: Topic, known: RenderedKnowledge): string | null {
  const [category, key] = factKey[topic].split('.') as [string, string];
  for (const message of [...known.recentUserMessages].reverse()) {
    const candidate = extractFactCandidates(message).find((item) => `${item.category}.${item.key}` === factKey[topic]);
    if (candidate) return candidate.value;
  }
  const fromSummary = knownDetails(known.summary).get(key);
  if (fromSummary) return fromSummary;
  const fact = known.facts.find((item) => item.category === category && item.key === key);
  return fact ? String(fact.value) : null;
}

const languageName = (code: string, language: 'zh' | 'en') =>
  code === 'zh' ? (language === 'zh' ? '中文' : 'Chinese') : code === 'en' ? (language === 'zh' ? '英文' : 'English') : code;

/** One sentence about one of the user's details, or that it is not known yet. */
function answerAbout(topic: Topic, known: RenderedKnowledge, language: 'zh' | 'en'): string {
  const value = lookup(topic, known);
  const label = labels[topic][language];
  if (!value) return language === 'zh' ? `我还不知道你的${label}。你可以告诉我。` : `I don't know your ${label} yet. You can tell me.`;
  const shown = topic === 'language' ? languageName(value, language) : value;
  if (topic === 'name') return language === 'zh' ? `你叫${shown}。` : `Your name is ${shown}.`;
  return language === 'zh' ? `你的${label}是${shown}。` : `Your ${label} is ${shown}.`;
}

/**
 * The rules provider's reply: answers questions about the user's own stated details from the
 * rendered context in the language asked, says plainly when it does not know, and otherwise
 * acknowledges (naming what it could remember if the user confirms it).
 */
export function rulesReply(message: string, known: RenderedKnowledge, proposed: readonly { key: string; value: string }[]): string {
  const language = languageOf(message);
  const asked = questionTopics(message);
  if (asked.length > 0) return asked.map((topic) => answerAbout(topic, known, language)).join(language === 'zh' ? '' : ' ');
  if (proposed.length > 0) {
    const listed = proposed.map((item) => `${item.key}: ${item.value}`).join(language === 'zh' ? '；' : '; ');
    return language === 'zh'
      ? `好的，我记下了（${listed}）。确认后我会在以后的对话中记住。`
      : `Noted (${listed}). Confirm it and I will remember it in later conversations.`;
  }
  return language === 'zh' ? '收到。还有什么可以帮你？' : 'Got it. How else can I help?';
}
