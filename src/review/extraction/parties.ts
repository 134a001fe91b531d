import { evidenceFor, type TextView } from './text-view.js';
import type { PartyField } from './types.js';

/** Parties are introduced at the top; later mentions are references, not introductions. */
const HEAD_LENGTH = 6000;
const MAX_PARTIES = 8;
/** The agreement-forming sentence comes within the first page. */
const FORMATION_LENGTH = 3000;

const CHINESE_ROLES =
  '甲方|乙方|丙方|丁方|出卖人|买受人|出租人|承租人|委托方|受托方|委托人|受托人|发包人|承包人|发包方|承包方|卖方|买方|供方|需方|供应商|采购方|许可方|被许可方|转让方|受让方|借款人|贷款人|出借人|服务方|接受方|授权方|被授权方';
const LABEL_SOURCE = String.raw`(?:${CHINESE_ROLES})|Party\s[A-D]|(?:The\s)?(?:Buyer|Seller|Purchaser|Vendor|Supplier|Customer|Client|Licensor|Licensee|Lessor|Lessee|Landlord|Tenant|Contractor|Consultant|Distributor|Franchisor|Franchisee|Employer|Employee|Lender|Borrower|Service\sProvider)`;
/** "甲方（买方）：北京某某科技有限公司" or "Party A: Beike Internet Security Technology Co., Ltd." */
const LABELLED = new RegExp(
  String.raw`(?:^|[\n\s。；])(${LABEL_SOURCE})\s{0,2}(?:[（(][^）)\n]{1,20}[）)])?\s{0,2}[:：]\s{0,3}([^\n。；;:：]{2,100})`,
  'g',
);
/** Where a labelled name stops: the next label on the same line, an address, a Chinese comma. */
const NAME_STOP = new RegExp(
  String.raw`\s(?:${LABEL_SOURCE}|地址|住所|法定代表人|负责人|电话|Address|Tel|Fax|Attention|Registered)\b|[，（(]|\s{2}|地址|住所|法定代表人|电话`,
  'i',
);
const PLACEHOLDER = /^[_\s.…＿-]*$|^(?:地址|住所|法定代表人|电话|传真|邮编|Address|Tel|Fax|E-?mail|Attention)\b/i;

const ROLE_WORDS =
  /^(?:the\s)?(buyer|seller|purchaser|vendor|supplier|customer|client|licensor|licensee|lessor|lessee|landlord|tenant|contractor|subcontractor|consultant|company|distributor|reseller|agent|franchisor|franchisee|employer|employee|lender|borrower|manufacturer|service\sprovider|provider|sponsor|developer|publisher|owner|investor|guarantor|party\s[a-d])$/i;
/** Corporate suffixes that follow a comma inside a name ("I-ESCROW, INC."). */
const SUFFIX =
  /^(?:inc|incorporated|ltd|limited|llc|l\.l\.c|llp|lp|l\.p|corp|corporation|co|plc|gmbh|ag|s\.a|n\.v|b\.v|n\.a|pte|pty|s\.r\.l|spa|s\.p\.a)\.?$/i;

/** Drops a sentence full stop after a name, but keeps the one of "Co., Ltd." or "Inc.". */
function trimTrailingDot(name: string): string {
  const lastWord = name.split(/[\s,]+/).pop() ?? '';
  return SUFFIX.test(lastWord) ? name : name.replace(/[.\s]+$/, '');
}

/** Where the description of a party starts ("…, a Delaware corporation", "… having its principal place"). */
const DESCRIPTOR =
  /,?\s(?:a|an|having|with|whose|located|organi[sz]ed|incorporated|existing|registered|its|which|doing\sbusiness|d\/b\/a|residing|of\s\d)\s/i;

function cleanName(raw: string): string {
  const descriptor = DESCRIPTOR.exec(raw);
  const pieces = (descriptor ? raw.slice(0, descriptor.index) : raw).split(/,\s*/);
  const kept: string[] = [pieces[0]!];
  for (const piece of pieces.slice(1)) {
    if (SUFFIX.test(piece.trim())) kept.push(piece.trim());
    else break;
  }
  return kept
    .join(', ')
    .replace(/^(?:and|between|by)\s/i, '')
    .replace(/\s/g, ' ')
    .trim()
    .replace(/^["'“”]+|["'“”]+[.,]?$/g, '');
}

/** "by and between X, a Delaware corporation ("Seller"), and Y ("Buyer")". */
function partiesFromBetween(view: TextView, head: string): PartyField[] {
  // Only the sentence that forms the agreement ("This Agreement is made ... by and between ...")
  // introduces parties; "disputes between you and us" later on does not.
  const between = /\b(?:agreement|contract|entered\sinto|made|executed|concluded)\b[^.]{0,300}?\b(?:by\sand\s)?between\b/i.exec(
    head.slice(0, FORMATION_LENGTH),
  );
  if (!between) return [];
  between.index += between[0].length - /(?:by\sand\s)?between$/i.exec(between[0])![0].length;
  between[0] = /(?:by\sand\s)?between$/i.exec(between[0])![0];
  const sentenceEnd = head
    .slice(between.index)
    .search(/\.\s(?:[A-Z]|\n)|\n(?:WHEREAS|RECITALS|W\s?I\s?T\s?N\s?E\s?S\s?S|NOW,?\sTHEREFORE|1\.)/);
  const clauseText = head.slice(
    between.index + between[0].length,
    sentenceEnd === -1 ? Math.min(head.length, between.index + 1500) : between.index + sentenceEnd,
  );
  const parties: PartyField[] = [];
  const base = between.index + between[0].length;
  // Each party ends at its defined-term parenthesis; without one, parties are split at ", and" / " and ".
  const definitions = [
    ...clauseText.matchAll(
      /\((?:[^()]{0,30}?\s)?(?:the\s|hereinafter\s(?:referred\sto\sas\s|called\s)?)?["']([^"']{1,40})["'][^()]{0,40}\)/gi,
    ),
  ];
  let cursor = 0;
  for (const definition of definitions) {
    const chunk = clauseText.slice(cursor, definition.index);
    const nameMatch = /^[\s,;]*(?:and\s)?(.+)$/is.exec(chunk);
    if (nameMatch) {
      const name = cleanName(nameMatch[1]!.trim());
      const defined = definition[1]!.trim();
      if (name.length >= 2 && name.length <= 120 && /[A-Za-z\u4e00-\u9fff]/.test(name)) {
        const start = base + cursor + Math.max(0, chunk.indexOf(name));
        parties.push({
          name,
          role: ROLE_WORDS.test(defined) ? defined.replace(/^the\s/i, '') : null,
          evidence: evidenceFor(view, start, start + name.length),
        });
      }
    }
    cursor = definition.index + definition[0].length;
    // Skip the descriptor after the definition up to the next "and".
    const next = /\band\s/i.exec(clauseText.slice(cursor));
    if (!next) break;
    cursor += next.index + next[0].length;
    if (parties.length >= MAX_PARTIES) break;
  }
  if (parties.length === 0) {
    const split = /^\s*(.{2,120}?)(?:,\sa\s[^,]{2,60})?,?\sand\s(.{2,120}?)(?:,\sa\s[^,]{2,60})?\s*$/is.exec(clauseText.slice(0, 400));
    if (split) {
      for (const raw of [split[1]!, split[2]!]) {
        const name = cleanName(raw);
        const start = base + Math.max(0, clauseText.indexOf(name));
        if (name.length >= 2) parties.push({ name, role: null, evidence: evidenceFor(view, start, start + name.length) });
      }
    }
  }
  return parties;
}

/**
 * The contracting parties: labelled lines ("甲方：…", "Party A: …", "Seller: …") and the
 * "by and between X ("Seller") and Y ("Buyer")" opening; the role is the capacity named
 * (`甲方`, `Seller`) when there is one.
 */
export function extractParties(view: TextView): PartyField[] | null {
  const head = view.text.slice(0, HEAD_LENGTH);
  const parties: PartyField[] = [];
  const seen = new Set<string>();
  for (const match of head.matchAll(LABELLED)) {
    const role = match[1]!.replace(/^the\s/i, '').trim();
    const raw = match[2]!;
    const stop = NAME_STOP.exec(raw);
    const name = trimTrailingDot(cleanName((stop ? raw.slice(0, stop.index) : raw).trim()));
    if (PLACEHOLDER.test(name) || seen.has(`${role}|${name}`)) continue;
    const start = match.index + match[0].length - raw.length;
    seen.add(`${role}|${name}`);
    parties.push({ name, role, evidence: evidenceFor(view, start, start + name.length) });
    if (parties.length >= MAX_PARTIES) break;
  }
  if (parties.length === 0) parties.push(...partiesFromBetween(view, head));
  return parties.length > 0 ? parties : null;
}
