import type { KnowledgeRecord } from '../src/knowledge/types.js';
import { CLAUSE_SUMMARY_MAX_LENGTH, sanitizeKnowledgeSync } from '../src/knowledge/sanitizer/index.js';

export const name = 'retrieval sanitizer';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const KNOWLEDGE_IDS = 3_000;
const AS_OF = new Date('2024-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: a seeded generator, so every run measures the same records. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(20240615);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));

const ZH_SENTENCES = [
  () => `违约金${pick(['一般', '原则上', ''])}不超过合同总额的${int(1, 30)}%`,
  () => `逾期付款的，${pick(['原则上应', '应', '通常应'])}按日支付万分之${pick(['三', '五', '八'])}的滞纳金`,
  () => `保密期限${pick(['通常', '一般', ''])}为自合同终止之日起${int(1, 10)}年`,
  () => `买方应在收到发票后${int(5, 90)}日内支付货款`,
  () => `卖方${pick(['应尽量', '应', '可能需'])}在${int(3, 30)}个工作日内完成交付，逾期超过${int(10, 60)}天的，买方有权解除合同`,
  () => `责任上限为人民币${int(10, 900)}万元或合同金额的${int(50, 200)}%，以较低者为准`,
  () => `本协议自${int(2020, 2026)}年${int(1, 12)}月${int(1, 28)}日起生效，有效期为${int(1, 5)}年`,
  () => `${pick(['建议', '', '一般而言，'])}双方在签订后${int(5, 30)}日内完成备案，并支付保证金${int(1, 99)},000.00 元`,
  () => '双方应对在履行本合同过程中知悉的对方商业秘密严格保密，未经书面同意不得向第三方披露',
  () => `争议${pick(['视情况', '', '原则上'])}提交${pick(['上海', '北京', '深圳'])}仲裁委员会仲裁`,
];
const EN_SENTENCES = [
  () => `Payment shall ${pick(['generally ', 'usually ', ''])}be made within ${int(10, 90)} days of invoice`,
  () => `${pick(['Where appropriate, the', 'The'])} buyer may pay USD ${int(1, 99)},000 in advance`,
  () => `Either party may terminate with at least ${int(30, 120)} days' written notice`,
  () => `Late payments ${pick(['typically ', 'may ', ''])}bear interest at ${int(1, 12)}.${int(0, 9)}% per annum`,
  () =>
    `The aggregate liability of the Supplier shall not exceed $${int(1, 9)},${int(100, 999)},000 or ${int(50, 200)}% of the fees paid in the ${int(6, 24)} months preceding the claim`,
  () =>
    `The warranty period is ${pick(['in principle ', ''])}${int(6, 36)} months from ${pick(['January', 'March', 'July', 'October'])} ${int(1, 28)}, ${int(2023, 2026)}`,
  () =>
    `${pick(['If possible, the', 'The'])} Supplier shall respond within ${int(2, 30)} business days and remedy any breach by ${int(2024, 2026)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
  () => 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York',
  () => `Fees ${pick(['might', 'may', 'shall'])} increase by ${int(1, 9)} percent each year, as appropriate`,
  () => `It is recommended that the parties review the service levels every ${int(3, 12)} months`,
];

function clauseText(): string {
  const chinese = next() < 0.5;
  const sentences = Array.from({ length: int(1, 3) }, () => pick(chinese ? ZH_SENTENCES : EN_SENTENCES)());
  return chinese ? `${sentences.join('；')}。` : `${sentences.join('; ')}.`;
}

function metadataText(id: number): string {
  return JSON.stringify({
    jurisdiction: pick(['CN', 'US-NY', 'HK', 'SG']),
    owner: `team-${id % 17}`,
    reviewedAt: '2024-03-01',
    note: 'generally applies',
  });
}

/**
 * Several versions per knowledgeId, consecutive validity windows around `AS_OF`, so that some
 * versions are expired, some not yet valid, some superseded; a few are retracted.
 */
function buildRecords(): KnowledgeRecord[] {
  const records: KnowledgeRecord[] = [];
  for (let id = 0; id < KNOWLEDGE_IDS; id++) {
    const knowledgeId = `kb.${String(id).padStart(5, '0')}`;
    const kind = next() < 0.8 ? 'CLAUSE' : 'METADATA';
    const versions = int(1, 6);
    let validFrom = AS_OF.getTime() - int(30, 900) * DAY;
    for (let index = 0; index < versions; index++) {
      const validUntil = validFrom + int(60, 400) * DAY;
      const version = index < 11 ? `1.${index}` : `2.${index - 11}`;
      records.push({
        id: `${knowledgeId}@${version}`,
        knowledgeId,
        version,
        kind,
        content: kind === 'CLAUSE' ? clauseText() : metadataText(id),
        tags: ['bench'],
        constraint: null,
        source: `policy:bench/${knowledgeId}#${index}`,
        validFrom: new Date(validFrom),
        validUntil: new Date(validUntil),
        recordedAt: new Date(validFrom - DAY),
        retractedAt: next() < 0.05 ? new Date(validFrom + DAY) : null,
      });
      validFrom = validUntil;
    }
  }
  // Storage order is not knowledgeId order.
  for (let index = records.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [records[index], records[other]] = [records[other]!, records[index]!];
  }
  return records;
}

/** Records processed per second by `work`, after a warm-up, over about `DURATION_S` seconds. */
function throughput(records: readonly KnowledgeRecord[], work: (records: readonly KnowledgeRecord[]) => unknown): number {
  for (let warmUp = 0; warmUp < 3; warmUp++) work(records);
  let processed = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    work(records);
    processed += records.length;
    elapsed = performance.now() - started;
  } while (elapsed < DURATION_S * 1000);
  return processed / (elapsed / 1000);
}

/**
 * Chunks (stored knowledge versions) per second through `sanitizeKnowledgeSync`, next to a
 * `structuredClone` of the same records measured in the same run.
 */
export async function run(): Promise<Record<string, string | number>> {
  const records = buildRecords();
  const sample = sanitizeKnowledgeSync(records, { asOf: AS_OF });
  const clauses = sample.filter((item) => item.kind === 'CLAUSE');
  const clauseInputs = new Map(records.map((record) => [record.id, record.content]));
  const shortened = clauses.filter((item) => item.content !== clauseInputs.get(item.id)).length;
  // A degraded item is the clause itself (no short summary kept its meaning): only summaries have the limit.
  const longest = Math.max(...clauses.filter((item) => !item.degraded).map((item) => item.content.length));
  if (longest > CLAUSE_SUMMARY_MAX_LENGTH) throw new Error(`a summary has ${longest} characters`);

  const baseline = throughput(records, (input) => structuredClone(input));
  const sanitizer = throughput(records, (input) => sanitizeKnowledgeSync(input, { asOf: AS_OF }));
  return {
    'records (knowledgeIds)': `${records.length} (${KNOWLEDGE_IDS})`,
    'items out: clauses / metadata': `${clauses.length} / ${sample.length - clauses.length}`,
    'clauses rewritten / degraded': `${shortened} / ${clauses.filter((item) => item.degraded).length}`,
    'longest clause summary (characters)': longest,
    'structuredClone chunks/s (baseline)': Math.round(baseline),
    'sanitizeKnowledgeSync chunks/s': `${Math.round(sanitizer)} (${(sanitizer / baseline).toFixed(2)}x baseline)`,
    'target 20,000 chunks/s': sanitizer >= 20_000 ? 'met' : 'NOT met',
  };
}
