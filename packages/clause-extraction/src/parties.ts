import { clauseIndexAt, evidenceFor, normalise, type TextView } from './text-view.js';
import type { PartyField } from './types.js';

/** Parties are introduced at the top; later mentions are references, not introductions. */
const HEAD_LENGTH = 6000;
const MAX_PARTIES = 8;
/** The agreement-forming sentence comes within the first page. */
const FORMATION_LENGTH = 3000;

const CHINESE_ROLES =
  '甲方|乙方|丙方|丁方|出卖人|买受人|出租人|承租人|委托方|受托方|委托人|受托人|发包人|承包人|发包方|承包方|卖方|买方|供方|需方|供应商|采购方|许可方|被许可方|转让方|受让方|借款人|贷款人|出借人|服务方|接受方|授权方|被授权方';
/** Role labels; an English one may follow "The", which is not part of the role. */
const LABEL_SOURCE = String.raw`(?:${CHINESE_ROLES})|Party\s[A-D]|(?:Buyer|Seller|Purchaser|Vendor|Supplier|Customer|Client|Licensor|Licensee|Lessor|Lessee|Landlord|Tenant|Contractor|Consultant|Distributor|Franchisor|Franchisee|Employer|Employee|Lender|Borrower|Service\sProvider)`;
/**
 * At the start of a line, any Chinese capacity ending in 方, 人, 者, 单位 or 商 labels a party
 * ("用人单位（甲方）：", "劳动者：", "被特许人：", "经销方："), as do 客户 and 公司; a party's
 * representatives and contacts do not.
 */
const CHINESE_CAPACITY = String.raw`(?!法定代表人|负责人|联系人|经办人|委托代理人|签字人|收件人)[\u4e00-\u9fff]{0,5}(?:方|人|者|单位|商|客户|公司)`;
const BRACKETED = String.raw`(?:[（(][^）)]{1,20}[）)])`;
const LABEL_TAIL = String.raw`\s?${BRACKETED}?\s?[:：]\s?([^。；;:：]{2,100})`;
/** "甲方（买方）：北京某某科技有限公司" or "Party A: Beike Internet Security Technology Co., Ltd.", in one line. */
const LABELLED = new RegExp(String.raw`(?:^|[\s。；])(?:The\s)?(${LABEL_SOURCE})${LABEL_TAIL}|^(${CHINESE_CAPACITY})${LABEL_TAIL}`, 'g');
/**
 * Where a labelled name stops: the next label on the same line (the name runs up to its colon,
 * so the label ends it), a space after a Chinese name (a contract pasted without line breaks goes
 * on "… 第一条"), an address or contact, a Chinese comma or a bracket.
 */
const NAME_STOP = new RegExp(
  String.raw`\s(?:The\s)?(?:${LABEL_SOURCE}|${CHINESE_CAPACITY})\s?${BRACKETED}?$|(?<=[\u4e00-\u9fff])\s|\s(?:地址|住所|法定代表人|负责人|电话|Address|Tel|Fax|Attention|Registered)(?![A-Za-z])|[，（(]|地址|住所|法定代表人|电话`,
  'i',
);
/** A signature line ("甲方（盖章）：        乙方（盖章）：") leaves a label where the name should be. */
const LABEL_ONLY = new RegExp(String.raw`^(?:The\s)?(?:${LABEL_SOURCE}|${CHINESE_CAPACITY})$`, 'i');
const PLACEHOLDER = /^[_\s.…＿-]*$|^(?:地址|住所|法定代表人|电话|传真|邮编|Address|Tel|Fax|E-?mail|Attention)\b/i;

const ROLE_WORDS =
  /^(?:the\s)?(buyer|seller|purchaser|vendor|supplier|customer|client|licensor|licensee|lessor|lessee|landlord|tenant|contractor|subcontractor|consultant|company|distributor|reseller|agent|franchisor|franchisee|employer|employee|lender|borrower|manufacturer|service\sprovider|provider|sponsor|developer|publisher|owner|investor|guarantor|party\s[a-d])$/i;
/** Corporate suffixes that follow a comma inside a name ("I-ESCROW, INC."). */
const SUFFIX =
  /^(?:inc|incorporated|ltd|limited|llc|l\.l\.c|llp|lp|l\.p|corp|corporation|co|plc|gmbh|ag|s\.a|n\.v|b\.v|n\.a|pte|pty|s\.r\.l|spa|s\.p\.a)\.?$/i;

/** Drops a sentence full stop after a name, but keeps the one of "Co., Ltd." or "Inc.". */
function trimTrailingDot(name: string): string {
  const lastWord = name.split(/[\s,]/).pop()!;
  return SUFFIX.test(lastWord) ? name : name.replace(/[.\s]+$/, '');
}

/** Where the description of a party starts ("…, a Delaware corporation", "… having its principal place"). */
const DESCRIPTOR =
  /,?\s(?:a|an|having|with|whose|located|organi[sz]ed|incorporated|existing|registered|its|which|doing\sbusiness|d\/b\/a|residing|of\s\d+)\s/i;

function cleanName(raw: string): string {
  const descriptor = DESCRIPTOR.exec(raw);
  const pieces = (descriptor ? raw.slice(0, descriptor.index) : raw).split(/,\s?/);
  const kept: string[] = [pieces[0]!];
  for (const piece of pieces.slice(1).map((part) => part.trim())) {
    if (!SUFFIX.test(piece)) break;
    kept.push(piece);
  }
  return (
    kept
      .join(', ')
      // A title before the forming sentence ("AGREEMENT BETWEEN A AND B ... by and between B ...") leaves these in front of a name.
      .replace(/^(?:and|between|by)\s/i, '')
      .replace(/\s/g, ' ')
      .trim()
      .replace(/^["'“”]+|["'“”]+[.,]?$/g, '')
  );
}

/**
 * Where a cleaned name stands in the text it came from, as `[start, end)`. Cleaning can rewrite it
 * ("Acme,Inc." becomes "Acme, Inc.", quotes go): then the span runs from its first word to the end of
 * what was read.
 */
function locate(text: string, name: string, from: number, to: number): [number, number] {
  const at = text.indexOf(name, from);
  if (at >= 0) return [at, at + name.length];
  const firstWord = name.split(/[\s,]/)[0]!;
  const start = text.indexOf(firstWord, from);
  return start >= 0 && start < to ? [start, to] : [from, to];
}

/** "by and between X, a Delaware corporation ("Seller"), and Y ("Buyer")". */
function partiesFromBetween(view: TextView): PartyField[] {
  const head = view.text;
  // Only the sentence that forms the agreement ("This Agreement is made ... by and between ...")
  // introduces parties; "disputes between you and us" later on does not.
  const between = /\b(?:agreement|contract|entered\sinto|made|executed|concluded)\b[^.]{0,300}?\bbetween\b/i.exec(
    head.slice(0, FORMATION_LENGTH),
  );
  if (!between) return [];
  const base = between.index + between[0].length;
  const sentenceEnd = head.slice(base).search(/\.\s(?:[A-Z]|\n)|\n(?:WHEREAS|RECITALS|W\s?I\s?T\s?N\s?E\s?S\s?S|NOW,?\sTHEREFORE|1\.)/);
  const clauseText = head.slice(base, base + (sentenceEnd === -1 ? 1500 : sentenceEnd));
  const parties: PartyField[] = [];
  // Each party ends at its defined-term parenthesis; without one, parties are split at ", and" / " and ".
  const definitions = [
    ...clauseText.matchAll(
      /\((?:[^()]{0,30}?\s)?(?:the\s|hereinafter\s(?:referred\sto\sas\s|called\s)?)?["']([^"']{1,40})["'][^()]{0,40}\)/gi,
    ),
  ];
  let cursor = 0;
  for (const definition of definitions) {
    const chunk = clauseText.slice(cursor, definition.index);
    const name = cleanName(chunk.replace(/^[\s,;]+/, ''));
    const defined = definition[1]!.trim();
    if (name.length >= 2 && name.length <= 120 && /[A-Za-z\u4e00-\u9fff]/.test(name)) {
      const [start, end] = locate(chunk, name, 0, chunk.trimEnd().length);
      parties.push({
        name,
        role: ROLE_WORDS.test(defined) ? defined.replace(/^the\s/i, '') : null,
        evidence: evidenceFor(view, base + cursor + start, base + cursor + end),
      });
    }
    cursor = definition.index + definition[0].length;
    // Skip the descriptor after the definition up to the next "and".
    const next = /\band\s/i.exec(clauseText.slice(cursor));
    if (!next) break;
    cursor += next.index + next[0].length;
  }
  if (parties.length === 0) {
    // Anchored at the start of the clause, so offsets in the match are offsets in `clauseText`.
    const split = /^\s?(.{2,120}?),?\sand\s(.{2,120}?)$/is.exec(clauseText.slice(0, 400));
    const halves: [string, number][] = split
      ? [
          [split[1]!, split[0].indexOf(split[1]!)],
          [split[2]!, split[0].lastIndexOf(split[2]!)],
        ]
      : [];
    for (const [raw, rawStart] of halves) {
      const name = cleanName(raw);
      const [start, end] = locate(clauseText, name, rawStart, rawStart + raw.length);
      parties.push({ name, role: null, evidence: evidenceFor(view, base + start, base + end) });
    }
  }
  return parties.slice(0, MAX_PARTIES);
}

/** The lines of the contract's head, each normalised on its own (a single line break becomes a space in the view). */
function* headLines(original: string): Generator<{ start: number; text: string; originalOffset: Int32Array }> {
  const head = original.slice(0, HEAD_LENGTH);
  let start = 0;
  for (const line of head.split('\n')) {
    yield { start, ...normalise(line) };
    start += line.length + 1;
  }
}

/** A label alone on its line ("Party A:"), the name on the next line that holds text. */
const LABEL_LINE = new RegExp(String.raw`^(?:The\s)?(${LABEL_SOURCE}|${CHINESE_CAPACITY})\s?${BRACKETED}?\s?[:：]$`);

/** Parties named on labelled lines ("甲方：…", "Party A: …", "Seller: …"), read line by line so that a name ends with its line. */
function labelledParties(view: TextView): PartyField[] {
  const parties: PartyField[] = [];
  const seen = new Set<string>();
  const add = (role: string, raw: string, rawStart: number, line: { start: number; text: string; originalOffset: Int32Array }) => {
    const stop = NAME_STOP.exec(raw);
    const read = (stop ? raw.slice(0, stop.index) : raw).trimEnd();
    const name = trimTrailingDot(cleanName(read));
    if (PLACEHOLDER.test(name) || LABEL_ONLY.test(name) || seen.has(`${role}|${name}`)) return stop;
    seen.add(`${role}|${name}`);
    const [at, atEnd] = locate(line.text, name, rawStart, rawStart + read.length);
    const start = line.start + line.originalOffset[at]!;
    const end = line.start + line.originalOffset[atEnd - 1]! + 1;
    parties.push({ name, role, evidence: { start, end, clauseIndex: clauseIndexAt(view.clauses, start) } });
    return stop;
  };
  let pendingRole: string | null = null;
  for (const line of headLines(view.original)) {
    if (line.text === '') continue;
    const labelAlone = LABEL_LINE.exec(line.text);
    if (labelAlone) {
      pendingRole = labelAlone[1]!;
      continue;
    }
    let labelled = false;
    LABELLED.lastIndex = 0;
    for (let match = LABELLED.exec(line.text); match; match = LABELLED.exec(line.text)) {
      labelled = true;
      const raw = match[2] ?? match[4]!;
      const rawStart = match.index + match[0].length - raw.length;
      const stop = add(match[1] ?? match[3]!, raw, rawStart, line);
      // The next label on the same line may start where this name stops.
      if (stop) LABELLED.lastIndex = rawStart + stop.index;
    }
    if (pendingRole !== null && !labelled) add(pendingRole, line.text, 0, line);
    pendingRole = null;
  }
  return parties.slice(0, MAX_PARTIES);
}

/**
 * The contracting parties: labelled lines ("甲方：…", "Party A: …", "Seller: …") and the
 * "by and between X ("Seller") and Y ("Buyer")" opening; the role is the capacity named
 * (`甲方`, `Seller`) when there is one.
 */
export function extractParties(view: TextView): PartyField[] | null {
  const parties = labelledParties(view);
  if (parties.length === 0) parties.push(...partiesFromBetween(view));
  return parties.length > 0 ? parties : null;
}
