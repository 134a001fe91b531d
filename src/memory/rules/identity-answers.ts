import { extractFactCandidates } from './fact-candidates.js';
import { knownDetails } from './summarizer.js';

/** What the rules provider can see of the user: facts, the running summary, recent turns. */
export interface RenderedKnowledge {
  facts: readonly { category: string; key: string; value: unknown }[];
  summary: string;
  recentUserMessages: readonly string[];
}

type Topic = 'name' | 'region' | 'employeeId' | 'language' | 'company';

const questions: { topic: Topic; pattern: RegExp }[] = [
  { topic: 'name', pattern: /我叫什么|我的名字(?:是什么|叫什么)?[?？]|你知道我(?:是谁|的名字)|\bwhat(?:'s| is) my name\b|\bwho am i\b|\bdo you know my name\b/i },
  { topic: 'region', pattern: /我是哪个区|我在哪个区|我属于哪个区|我(?:是|在)哪(?:个)?(?:大区|地区|片区)|\bwhich region\b|\bwhat(?:'s| is) my region\b|\bwhere am i from\b/i },
  { topic: 'employeeId', pattern: /我的工号|工号是多少|\bmy employee (?:id|number)\b\??|\bwhat(?:'s| is) my employee/i },
  { topic: 'language', pattern: /我(?:喜欢|偏好)什么语言|\bwhich language do i prefer\b|\bmy preferred language\b/i },
  { topic: 'company', pattern: /我在哪(?:家|个)?公司|我的公司是|\bwhere do i work\b|\bwhich company do i work\b/i },
];

const labels: Record<Topic, { zh: string; en: string }> = {
  name: { zh: '名字', en: 'name' },
  region: { zh: '所在区域', en: 'region' },
  employeeId: { zh: '工号', en: 'employee ID' },
  language: { zh: '偏好语言', en: 'preferred language' },
  company: { zh: '公司', en: 'company' },
};

const factKey: Record<Topic, string> = { name: 'profile.name', region: 'profile.region', employeeId: 'profile.employeeId', language: 'preference.language', company: 'business.company' };

/** Chinese when the text has Han characters, else English. */
export const languageOf = (text: string): 'zh' | 'en' => (/\p{Script=Han}/u.test(text) ? 'zh' : 'en');

/** The topic a message asks about, if it is a question about the user's own details. */
export function questionTopic(text: string): Topic | null {
  return questions.find((question) => question.pattern.test(text))?.topic ?? null;
}

/**
 * Where a detail is known from, newest first: what the user said in the recent turns (questions
 * skipped), then the summary's "Known:" entries, then confirmed facts.
 */
function lookup(topic: Topic, known: RenderedKnowledge): string | null {
  const [category, key] = factKey[topic].split('.') as [string, string];
  for (const message of [...known.recentUserMessages].reverse()) {
    if (questionTopic(message)) continue;
    const candidate = extractFactCandidates(message).find((item) => `${item.category}.${item.key}` === factKey[topic]);
    if (candidate) return candidate.value;
  }
  const fromSummary = knownDetails(known.summary).get(key);
  if (fromSummary) return fromSummary;
  const fact = known.facts.find((item) => item.category === category && item.key === key);
  return fact ? String(fact.value) : null;
}

const languageName = (code: string, language: 'zh' | 'en') => (code === 'zh' ? (language === 'zh' ? '中文' : 'Chinese') : code === 'en' ? (language === 'zh' ? '英文' : 'English') : code);

/**
 * The rules provider's reply: answers questions about the user's own stated details from the
 * rendered context in the language asked, says plainly when it does not know, and otherwise
 * acknowledges (naming what it could remember if the user confirms it).
 */
export function rulesReply(message: string, known: RenderedKnowledge, proposed: readonly { key: string; value: string }[]): string {
  const language = languageOf(message);
  const topic = questionTopic(message);
  if (topic) {
    const value = lookup(topic, known);
    const label = labels[topic][language];
    if (!value) return language === 'zh' ? `我还不知道你的${label}。你可以告诉我。` : `I don't know your ${label} yet. You can tell me.`;
    const shown = topic === 'language' ? languageName(value, language) : value;
    if (topic === 'name') return language === 'zh' ? `你叫${shown}。` : `Your name is ${shown}.`;
    return language === 'zh' ? `你的${label}是${shown}。` : `Your ${label} is ${shown}.`;
  }
  if (proposed.length > 0) {
    const listed = proposed.map((item) => `${item.key}: ${item.value}`).join(language === 'zh' ? '；' : '; ');
    return language === 'zh' ? `好的，我记下了（${listed}）。确认后我会在以后的对话中记住。` : `Noted (${listed}). Confirm it and I will remember it in later conversations.`;
  }
  return language === 'zh' ? '收到。还有什么可以帮你？' : 'Got it. How else can I help?';
}
