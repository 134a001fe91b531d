// `npm run bench -- memory-recall`: long multi-session conversations with planted details, changes
// of them and later questions whose answer lies in one earlier turn or fact. Measures whether that
// evidence is in the prompt Suanni builds at the default budget (evidence recall), against keeping
// the last K turns and against the full history, and the prompt tokens each spends; then the time
// to build one turn's context for a user with 10,000 facts and 1,000 threads.
import { performance } from 'node:perf_hooks';
import { HumanMessage } from '@langchain/core/messages';
import { loadConfig, type Config } from '../src/config.js';
import { buildTurnWindow } from '../src/memory/agent/nodes/respond.js';
import { CHAT_PREAMBLE, renderTranscript, type ChatTurnMessage } from '../src/memory/context-window.js';
import type { ModelProvider } from '../src/platform/llm/provider.js';
import { createRulesProvider } from '../src/platform/llm/rules-provider.js';
import { estimateTokens } from '../src/platform/llm/token-estimate.js';
import { createDatabase } from '../src/platform/db/prisma.js';
import { createDependencies } from '../src/services.js';
import { openBenchDatabase, percentile } from './bench-database.js';

export const name = 'memory recall over long conversations';

const SESSIONS = 4;
const TURNS_PER_SESSION = 300;
const LAST_K = 6;

/** A small deterministic generator (mulberry32): the same conversation on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tho', 'vu', 'zan', 'pe', 'qui', 'dor', 'bel', 'nix', 'sor', 'ta', 'wim', 'gul'];

interface Planted {
  topic: string;
  statement: (answer: string) => string;
  change: (answer: string) => string;
  question: string;
}

const TOPICS: Planted[] = [
  ...['cat', 'dog', 'parrot', 'hamster', 'tortoise', 'rabbit', 'goldfish', 'ferret'].map((animal) => ({
    topic: animal,
    statement: (answer: string) => `My ${animal} is called ${answer}, by the way.`,
    change: (answer: string) => `We renamed the ${animal}: my ${animal} is called ${answer} now.`,
    question: `What is my ${animal} called?`,
  })),
  ...['sister', 'brother', 'aunt', 'uncle', 'cousin', 'grandmother', 'godfather', 'niece'].map((relative) => ({
    topic: relative,
    statement: (answer: string) => `My ${relative} lives in ${answer}.`,
    change: (answer: string) => `My ${relative} moved house; my ${relative} lives in ${answer} these days.`,
    question: `Where does my ${relative} live?`,
  })),
  ...['band', 'dish', 'painter', 'novel', 'mountain', 'tea', 'film', 'poet'].map((thing) => ({
    topic: thing,
    statement: (answer: string) => `My favourite ${thing} is ${answer}.`,
    change: (answer: string) => `I changed my mind, my favourite ${thing} is ${answer} now.`,
    question: `What is my favourite ${thing}?`,
  })),
  ...['bike', 'car', 'scooter', 'van', 'motorbike', 'canoe', 'trailer', 'camper'].map((vehicle) => ({
    topic: vehicle,
    statement: (answer: string) => `I parked my ${vehicle} on ${answer} Street.`,
    change: (answer: string) => `I moved my ${vehicle}; I parked my ${vehicle} on ${answer} Street instead.`,
    question: `On which street did I park my ${vehicle}?`,
  })),
  ...['cabin', 'office', 'studio', 'flat', 'workshop', 'boat', 'garage', 'allotment'].map((place) => ({
    topic: place,
    statement: (answer: string) => `The wifi password at my ${place} is ${answer}.`,
    change: (answer: string) => `New router: the wifi password at my ${place} is ${answer} now.`,
    question: `What is the wifi password at my ${place}?`,
  })),
];

const FILLER_SUBJECTS = [
  'weather',
  'train',
  'lunch',
  'meeting',
  'garden',
  'football',
  'invoice',
  'printer',
  'holiday',
  'dentist',
  'recipe',
  'podcast',
];
const FILLER = [
  (s: string) => `Any thoughts on the ${s} today?`,
  (s: string) => `The ${s} took longer than expected this morning.`,
  (s: string) => `Can you remind me what we said about the ${s}?`,
  (s: string) => `I am tired of the ${s}, honestly.`,
  (s: string) => `Let us talk about the ${s} for a moment.`,
];

interface Question {
  at: number;
  text: string;
  evidence: string;
  /** The evidence was said in an earlier session, or is a fact. */
  where: 'same-session' | 'earlier-session' | 'fact';
}

interface Conversation {
  /** User messages per session, in order. */
  sessions: string[][];
  questions: Map<string, Question>;
}

/**
 * One user's conversation: SESSIONS sessions of TURNS_PER_SESSION user turns. Each session plants
 * ten details in its first 200 turns; later sessions change some details of earlier ones; each
 * session's last 100 turns ask about details planted at least 30 turns before (its own and,
 * from the second session on, earlier sessions'), about the current company (a fact) and the
 * one before it (a past fact version). Everything else is filler, some of it about the same
 * things as the details (the neighbour's cat), to make retrieval choose.
 */
function generate(seed: number): Conversation {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const word = () => {
    const parts = 2 + Math.floor(next() * 2);
    let out = '';
    for (let i = 0; i < parts; i += 1) out += pick(SYLLABLES);
    return out.charAt(0).toUpperCase() + out.slice(1) + Math.floor(next() * 90 + 10);
  };
  const topics = [...TOPICS].sort(() => next() - 0.5);
  const answers = new Map<string, { answer: string; session: number; turn: number }>();
  const sessions: string[][] = [];
  const questions = new Map<string, Question>();
  let topicIndex = 0;
  const companies = [word(), word(), word(), word(), word()];
  for (let s = 0; s < SESSIONS; s += 1) {
    const turns: string[] = Array.from({ length: TURNS_PER_SESSION }, () => {
      const subject = next() < 0.15 ? `neighbour's ${pick(TOPICS).topic}` : pick(FILLER_SUBJECTS);
      return pick(FILLER)(subject);
    });
    // Company: a fact stated at the start of each session (the rules extract it).
    turns[3] = `I work at ${companies[s]} since March ${2020 + s}.`;
    const plantedHere: Planted[] = [];
    for (let i = 0; i < 10; i += 1) {
      const planted = topics[topicIndex++ % topics.length]!;
      const turn = 10 + i * 19;
      const answer = word();
      turns[turn] = planted.statement(answer);
      answers.set(planted.topic, { answer, session: s, turn });
      plantedHere.push(planted);
    }
    // Changes of details planted in earlier sessions.
    if (s > 0) {
      for (let i = 0; i < 3; i += 1) {
        const planted = topics[(topicIndex - 10 - 1 - i * 3 + topics.length) % topics.length]!;
        const turn = 205 + i * 7;
        const answer = word();
        turns[turn] = planted.change(answer);
        answers.set(planted.topic, { answer, session: s, turn });
      }
    }
    // Questions in the last 100 turns, about details said at least 30 turns before.
    const asked = [...answers.entries()].filter(([, said]) => said.session < s || said.turn < 200 - 30);
    for (let i = 0; i < 12 && asked.length > 0; i += 1) {
      const [topic, said] = asked.splice(Math.floor(next() * asked.length), 1)[0]!;
      const planted = TOPICS.find((item) => item.topic === topic)!;
      const turn = 210 + i * 7 + 3;
      turns[turn] = planted.question;
      questions.set(`${s}:${turn}`, {
        at: turn,
        text: planted.question,
        evidence: said.answer,
        where: said.session === s ? 'same-session' : 'earlier-session',
      });
    }
    turns[295] = 'Where do I work?';
    questions.set(`${s}:295`, { at: 295, text: turns[295]!, evidence: companies[s]!, where: 'fact' });
    if (s > 0) {
      turns[297] = `Which company did I work for before ${companies[s]}?`;
      questions.set(`${s}:297`, { at: 297, text: turns[297]!, evidence: companies[s - 1]!, where: 'fact' });
    }
    sessions.push(turns);
  }
  return { sessions, questions };
}

/** The rules provider, keeping the last prompt it was given. */
function recordingProvider(): ModelProvider & { last: { system: string; user: string } } {
  const rules = createRulesProvider();
  const recorder = {
    name: rules.name,
    model: rules.model,
    last: { system: '', user: '' },
    structured: rules.structured.bind(rules),
    text: (request: Parameters<ModelProvider['text']>[0]) => {
      recorder.last = { system: request.system, user: request.user };
      return rules.text(request);
    },
  };
  return recorder;
}

interface Tally {
  hits: number;
  total: number;
  tokens: number[];
}
const tally = (): Tally => ({ hits: 0, total: 0, tokens: [] });
const count = (t: Tally, hit: boolean, tokens: number) => {
  t.total += 1;
  if (hit) t.hits += 1;
  t.tokens.push(tokens);
};
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
const ratio = (t: Tally) => (t.total === 0 ? 'n/a' : `${(t.hits / t.total).toFixed(3)} (${t.hits}/${t.total})`);

/** Runs the conversation through the real chat service and scores each question. */
async function recall(config: Config, databaseUrl: string, conversation: Conversation, scope: 'thread' | 'user') {
  const provider = recordingProvider();
  const db = createDatabase(databaseUrl, 5);
  const deps = createDependencies({ config: { ...config, chat: { ...config.chat, recallScope: scope } }, db, databaseUrl, provider });
  const principal = await deps.services.identity.principalFor({
    subject: `recall-${scope}`,
    tenantKey: 'bench',
    roles: ['USER'],
    issuedAt: null,
    expiresAt: null,
  });
  const suanni = { all: tally(), 'same-session': tally(), 'earlier-session': tally(), fact: tally() };
  const lastK = tally();
  const full = tally();
  const history: ChatTurnMessage[] = [];
  const started = performance.now();
  for (let s = 0; s < conversation.sessions.length; s += 1) {
    const session = await deps.services.sessions.create(principal, `session ${s}`);
    const sessionTurns: ChatTurnMessage[] = [];
    for (let t = 0; t < conversation.sessions[s]!.length; t += 1) {
      const text = conversation.sessions[s]![t]!;
      const result = await deps.services.chat.sendMessage(principal, session.id, text);
      const question = conversation.questions.get(`${s}:${t}`);
      if (question) {
        const prompt = `${provider.last.system}\n${provider.last.user}`;
        const hit = prompt.includes(question.evidence);
        count(suanni.all, hit, result.context.promptTokens);
        count(suanni[question.where], hit, result.context.promptTokens);
        if (scope === 'user') {
          const window = [...sessionTurns.slice(-LAST_K * 2), { role: 'user' as const, content: text }];
          const kPrompt = `${CHAT_PREAMBLE}\n${renderTranscript(window)}`;
          count(lastK, kPrompt.includes(question.evidence), (await estimateTokens(kPrompt)) + 9);
          const fullPrompt = `${CHAT_PREAMBLE}\n${renderTranscript([...history, { role: 'user', content: text }])}`;
          count(full, fullPrompt.includes(question.evidence), (await estimateTokens(fullPrompt)) + 9);
        }
      }
      const pair: ChatTurnMessage[] = [
        { role: 'user', content: text },
        { role: 'assistant', content: result.reply },
      ];
      sessionTurns.push(...pair);
      history.push(...pair);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await deps.services.chat.close();
  await db.$disconnect();
  return { suanni, lastK, full, seconds, turns: conversation.sessions.flat().length };
}

/**
 * Context building for one user with 10,000 facts (a tenth of them with earlier versions) and
 * 1,000 threads of 20 passages and a summary each: the respond node's own `buildTurnWindow`
 * (facts, retrieval, rendering), p50 and p99, with retrieval and without (the baseline).
 */
async function contextBuild(config: Config, databaseUrl: string) {
  const db = createDatabase(databaseUrl, 5);
  const deps = createDependencies({ config, db, databaseUrl });
  const principal = await deps.services.identity.principalFor({
    subject: 'recall-scale',
    tenantKey: 'bench',
    roles: ['USER'],
    issuedAt: null,
    expiresAt: null,
  });
  const { userId, tenantId } = principal;
  await db.$executeRaw`
    INSERT INTO "Session" ("id", "tenantId", "userId", "title")
    SELECT gen_random_uuid(), ${tenantId}::uuid, ${userId}::uuid, 'thread ' || i FROM generate_series(1, 1000) AS i`;
  await db.$executeRaw`
    INSERT INTO "Fact" ("id", "tenantId", "userId", "namespace", "category", "key", "value", "version", "source", "validFrom", "supersededAt", "validTo")
    SELECT gen_random_uuid(), ${tenantId}::uuid, ${userId}::uuid, ARRAY[${userId}::text, 'c' || (i % 50)], 'c' || (i % 50), 'k' || i,
      jsonb_build_object('value', 'detail ' || i || ' about ' || (ARRAY['cat','invoice','garden','train','sister','printer'])[1 + i % 6] || ' number ' || md5(i::text)),
      1, 'USER_STATED', now() - interval '2 years', CASE WHEN i % 10 = 0 THEN now() - interval '1 year' END,
      CASE WHEN i % 10 = 0 THEN now() - interval '1 year' END
    FROM generate_series(1, 10000) AS i`;
  await db.$executeRaw`
    INSERT INTO "Fact" ("id", "tenantId", "userId", "namespace", "category", "key", "value", "version", "source", "validFrom")
    SELECT gen_random_uuid(), ${tenantId}::uuid, ${userId}::uuid, ARRAY[${userId}::text, 'c' || (i % 50)], 'c' || (i % 50), 'k' || i,
      jsonb_build_object('value', 'changed detail ' || i), 2, 'USER_STATED', now() - interval '1 year'
    FROM generate_series(10, 10000, 10) AS i`;
  await db.$executeRaw`
    INSERT INTO "MemoryPassage" ("id", "tenantId", "userId", "sessionId", "kind", "role", "messageId", "content")
    SELECT gen_random_uuid(), ${tenantId}::uuid, ${userId}::uuid, s."id", 'TURN', CASE WHEN n % 2 = 0 THEN 'user' ELSE 'assistant' END, md5(s."id"::text || n),
      'Turn ' || n || ' of ' || s."title" || ': we talked about the ' || (ARRAY['weather','lunch','cat','printer','holiday','garden','sister'])[1 + (n + length(s."title")) % 7] || ' and ' || md5(n::text)
    FROM "Session" s, generate_series(1, 20) AS n WHERE s."userId" = ${userId}::uuid`;
  await db.$executeRaw`
    INSERT INTO "MemoryPassage" ("id", "tenantId", "userId", "sessionId", "kind", "content")
    SELECT gen_random_uuid(), ${tenantId}::uuid, ${userId}::uuid, s."id", 'SUMMARY', 'Summary of ' || s."title" || ': the user asked about the garden and the printer.'
    FROM "Session" s WHERE s."userId" = ${userId}::uuid`;
  await db.$executeRawUnsafe('ANALYZE "Fact"; ANALYZE "MemoryPassage"');
  const [session] = await db.session.findMany({ where: { userId }, take: 1 });
  const store = deps.services.chat.factStore(principal);
  const messages = Array.from(
    { length: 12 },
    (_, i) => new HumanMessage({ content: `recent message ${i} about the weather`, id: `m${i}` }),
  );
  const questions = [
    'What is my sister called?',
    'Where is the invoice for the printer?',
    'Tell me about the cat and the garden',
    'holiday plans?',
  ];
  const time = async (recallLimit: number, scope: 'thread' | 'user') => {
    const settings = { ...config.chat, recallLimit };
    const samples: number[] = [];
    for (let i = 0; i < 240; i += 1) {
      const text = questions[i % questions.length]!;
      const started = performance.now();
      await buildTurnWindow({
        store,
        userId,
        settings,
        recall:
          recallLimit > 0
            ? (query, exclude) =>
                deps.services.chat.recall.search({
                  userId,
                  sessionId: session!.id,
                  scope,
                  text: query,
                  excludeMessageIds: exclude.messageIds,
                  renderedFacts: exclude.renderedFacts,
                  limit: recallLimit,
                })
            : undefined,
        summary: 'The user talked about many things.',
        messages: [...messages, new HumanMessage({ content: text, id: `q${i}` })],
      });
      if (i >= 40) samples.push(performance.now() - started);
    }
    return samples;
  };
  const without = await time(0, 'thread');
  const thread = await time(config.chat.recallLimit, 'thread');
  const user = await time(config.chat.recallLimit, 'user');
  await deps.services.chat.close();
  await db.$disconnect();
  const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;
  return { without: ms(without), thread: ms(thread), user: ms(user), userP99: percentile(user, 99) };
}

export async function run(): Promise<Record<string, string | number>> {
  const database = await openBenchDatabase('memory_recall');
  try {
    const base = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(32), SUANNI_CHAT_AUTO_CONFIRM_FACTS: 'true' });
    const scale = await contextBuild(base, database.url);
    const scaleFigures = {
      'context build, 10k facts, 1k threads, no retrieval': scale.without,
      'context build, retrieval scope thread': scale.thread,
      'context build, retrieval scope user': scale.user,
      'target p99 < 20 ms (scope user)': scale.userP99 < 20 ? 'met' : 'NOT met',
    };
    // BENCH_RECALL_PARTS=scale measures the context build only (the conversations take minutes).
    if (process.env.BENCH_RECALL_PARTS === 'scale') return scaleFigures;
    const conversation = generate(31);
    const user = await recall(base, database.url, conversation, 'user');
    const thread = await recall(base, database.url, generate(31), 'thread');
    const fullTokens = mean(user.full.tokens);
    return {
      conversation: `${SESSIONS} sessions, ${user.turns} user turns, ${user.suanni.all.total} questions`,
      'budget (tokens), recall share': `${base.chat.budget}, ${base.chat.recallShare}`,
      'recall: Suanni, scope user': ratio(user.suanni.all),
      '  same session / earlier session / fact': `${ratio(user.suanni['same-session'])} / ${ratio(user.suanni['earlier-session'])} / ${ratio(user.suanni.fact)}`,
      'recall: Suanni, scope thread (default)': ratio(thread.suanni.all),
      '  same session / earlier session / fact ': `${ratio(thread.suanni['same-session'])} / ${ratio(thread.suanni['earlier-session'])} / ${ratio(thread.suanni.fact)}`,
      [`recall: last ${LAST_K} turns`]: ratio(user.lastK),
      'recall: full history': ratio(user.full),
      'prompt tokens per question: Suanni': Math.round(mean(user.suanni.all.tokens)),
      [`prompt tokens per question: last ${LAST_K}`]: Math.round(mean(user.lastK.tokens)),
      'prompt tokens per question: full history': Math.round(fullTokens),
      'Suanni tokens / full-history tokens': `${((100 * mean(user.suanni.all.tokens)) / fullTokens).toFixed(1)}%`,
      'turns per second through the chat service': (user.turns / user.seconds).toFixed(1),
      ...scaleFigures,
    };
  } finally {
    await database.close();
  }
}
