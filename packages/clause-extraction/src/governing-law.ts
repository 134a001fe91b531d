import { CHINESE_JURISDICTIONS, findJurisdictions, type JurisdictionMention } from './jurisdictions.js';
import { evidenceInSentence, type TextView } from './text-view.js';
import type { GoverningLawField } from './types.js';

const MENTIONS_LAW = /\blaws?\b|\blegislation\b|法律|法/i;
/** "laws of (the State of) X", "law in force in X". */
const LAWS_OF =
  /\b(?:laws?|legislation)\s(?:and\s(?:[\w-]+\s){1,3}?)?(?:(?:now\s)?in\sforce\sin|of|in|(?=(?:the\s)?(?:state|commonwealth)\sof\b|thereof\b))\s*/gi;
/** "New York law", "PRC Laws", "Delaware laws" where the name comes first. */
const LAW_AFTER_NAME = /\b(?:substantive\s|internal\s)?laws?\b/gi;
const CHOICE_VERB = /\b(?:govern(?:ed|s|ing)?|constru(?:ed|e|ction)|interpret(?:ed|ation)?|enforced|controlled)\b/i;
const WEAK_CHOICE_VERB = /\b(?:resolved|determined|decided|adjudicated|subject\sto|in\saccordance\swith|under|shall\sapply|applies)\b/i;
/** Company descriptions ("a corporation organized under the laws of Delaware") are not choices of law. */
const INCORPORATION = /\b(?:organi[sz]ed|incorporated|existing|formed|registered|chartered|established|duly\s\w+)\b[^.;]{0,40}$/i;
/** "the laws of that State", "the laws thereof": the place is named elsewhere in the sentence. */
const ANAPHORIC_PLACE = /^(?:(?:that|such|said|the\ssaid|this)\s(?:state|jurisdiction|country|province|commonwealth)\b|thereof\b)/i;
const OTHER_LAW = /\b(?:other|another|any)\s(?:jurisdiction|state|country)\b[^.;]{0,10}$|\bconflicts?\sof\slaws?\b[^.;]{0,30}$/i;

interface Candidate {
  jurisdiction: string;
  score: number;
  sentenceIndex: number;
}

/** A jurisdiction named in a sentence and how sure the rule that found it is. */
interface Mention {
  jurisdiction: string;
  score: number;
}

/** How far after "laws of" the place name may start. */
const NAME_WINDOW = 60;

/** Picks the jurisdiction a law reference names: a state or province before its country. */
function pickJurisdiction(mentions: JurisdictionMention[], maxOffset = NAME_WINDOW): JurisdictionMention | null {
  const near = mentions.filter((mention) => mention.index <= maxOffset);
  if (near.length === 0) return null;
  const subnational = near.find((mention) => mention.subnational);
  return subnational ?? near[0]!;
}

/** "governed by English law", "the Italian Law": the adjectives contracts use for a legal system, read as "the laws of" the place. */
const LEGAL_SYSTEM_ADJECTIVES: [string, string][] = [
  ['English', 'England'],
  ['Scots?|Scottish', 'Scotland'],
  ['Irish', 'Ireland'],
  ['German', 'Germany'],
  ['French', 'France'],
  ['Swiss', 'Switzerland'],
  ['Dutch', 'the Netherlands'],
  ['Italian', 'Italy'],
  ['Spanish', 'Spain'],
  ['Swedish', 'Sweden'],
  ['Norwegian', 'Norway'],
  ['Danish', 'Denmark'],
  ['Finnish', 'Finland'],
  ['Belgian', 'Belgium'],
  ['Austrian', 'Austria'],
  ['Israeli', 'Israel'],
  ['Indian', 'India'],
  ['Japanese', 'Japan'],
  ['Korean', 'South Korea'],
  ['Singaporean?', 'Singapore'],
].map(([adjective, place]) => [`\\b(?:${adjective})\\s[Ll]aws?\\b`, `the laws of ${place}`]);
/** The place adjectives are capitalised in every contract; "law" may be ("Italian Law"), so only that part ignores case. */
const LEGAL_SYSTEM = new RegExp(LEGAL_SYSTEM_ADJECTIVES.map(([pattern]) => `(${pattern})`).join('|'), 'g');

/** "governed by Italian law" → "governed by the laws of Italy": LAWS_OF then finds the place. */
function withLegalSystemsNamed(sentence: string): string {
  if (!/\blaws?\b/i.test(sentence)) return sentence;
  return sentence.replace(LEGAL_SYSTEM, (...groups) => {
    const index = groups.slice(1, LEGAL_SYSTEM_ADJECTIVES.length + 1).findIndex((group) => group !== undefined);
    return LEGAL_SYSTEM_ADJECTIVES[index]![1];
  });
}

function englishCandidates(raw: string): Mention[] {
  const sentence = withLegalSystemsNamed(raw);
  const found: Mention[] = [];
  const strong = CHOICE_VERB.test(sentence);
  const weak = !strong && WEAK_CHOICE_VERB.test(sentence);
  if (!strong && !weak) return found;
  const base = strong ? 3 : 1;
  for (const match of sentence.matchAll(LAWS_OF)) {
    const before = sentence.slice(Math.max(0, match.index - 80), match.index);
    if (INCORPORATION.test(before) || OTHER_LAW.test(before)) continue;
    const windowStart = match.index + match[0].length;
    const window = sentence.slice(windowStart, windowStart + 110);
    // "the laws of that State applicable to agreements ... performed in the State of New Jersey"
    // "the laws thereof": the place named earlier in the sentence ("accepted ... in the State of Nevada").
    const anaphoric = ANAPHORIC_PLACE.test(window);
    const chosen = anaphoric ? pickJurisdiction(findJurisdictions(sentence), Infinity) : pickJurisdiction(findJurisdictions(window));
    if (chosen) found.push({ jurisdiction: chosen.normalised, score: base });
  }
  if (found.length === 0) {
    for (const match of sentence.matchAll(LAW_AFTER_NAME)) {
      const window = sentence.slice(Math.max(0, match.index - 40), match.index);
      const mentions = findJurisdictions(window);
      const last = mentions.at(-1);
      if (!last || window.length - (last.index + last.length) > 3) continue;
      found.push({ jurisdiction: last.normalised, score: base - 0.5 });
    }
  }
  return found;
}

const CHINESE_CHOICE = /(适用|管辖|解释|受[^。；]{0,20}约束|依据|依照|按照|根据)/;

/** "中华人民共和国（现行有效的）法律": a place name shortly before 法律. */
const CHINESE_LAW_OF = CHINESE_JURISDICTIONS.map(([name, normalised]) => ({
  pattern: new RegExp(`${name}[^。；，,]{0,12}?法律`),
  normalised,
}));

function chineseCandidates(sentence: string): Mention[] {
  if (!sentence.includes('法') || !CHINESE_CHOICE.test(sentence)) return [];
  const found = CHINESE_LAW_OF.find(({ pattern }) => pattern.test(sentence));
  if (!found) return [];
  return [{ jurisdiction: found.normalised, score: /适用|管辖|解释|约束/.test(sentence) ? 3 : 1 }];
}

/**
 * The law chosen to govern the contract: "governed by / construed in accordance with the laws
 * of the State of X", "X law governs", "本合同适用中华人民共和国法律". Incorporation statements and
 * "conflict of laws of any other jurisdiction" are skipped; the strongest, then earliest, wins.
 */
export function extractGoverningLaw(view: TextView): GoverningLawField | null {
  let best: Candidate | null = null;
  view.sentences.forEach((sentence, sentenceIndex) => {
    if (!MENTIONS_LAW.test(sentence.text)) return;
    const headingBoost = /governing\slaw|applicable\slaw|choice\sof\slaw|法律适用|适用法律/i.test(sentence.text) ? 0.5 : 0;
    for (const candidate of [...englishCandidates(sentence.text), ...chineseCandidates(sentence.text)]) {
      const score = candidate.score + headingBoost;
      if (!best || score > best.score) {
        best = { jurisdiction: candidate.jurisdiction, score, sentenceIndex };
      }
    }
  });
  const chosen = (best as Candidate | null) ?? forumFallback(view);
  if (!chosen) return null;
  const sentence = view.sentences[chosen.sentenceIndex]!;
  return { jurisdiction: chosen.jurisdiction, evidence: evidenceInSentence(view, sentence, 0, sentence.text.length) };
}

const LAW_HEADING =
  /(?:governing|applicable)\slaws?(?:\sand\s(?:jurisdiction|venue|disputes?))?[\s"'’”)\].,:;!?，、：；）]{0,3}$|choice\sof\slaws?[\s"'’”)\].,:;!?，、：；）]{0,3}$|^(?:[\dIVX.]+\s)?jurisdiction[\s"'’”)\].,:;!?，、：；）]{0,3}$|法律适用[\s"'’”)\].,:;!?，、：；）]{0,3}$|适用法律[\s"'’”)\].,:;!?，、：；）]{0,3}$/i;
const FORUM = /\b(?:arbitration|court|courts|lawsuit|litigation|tribunal)\b[^.;]{0,80}?\b(?:in|at|of)\s/gi;
const MAX_FORUMS = 3;

/**
 * When no sentence chooses a law, the contract still ties itself to a place through the forum for
 * disputes (the clause headed "Governing Law" that only names courts, or "arbitration in McLean,
 * Virginia"); CUAD answers those with the places named, joined by "; ".
 */
function forumFallback(view: TextView): Candidate | null {
  const sentences = view.sentences;
  for (let index = 0; index + 1 < sentences.length; index += 1) {
    const heading = sentences[index]!.text;
    if (heading.length > 80 || !LAW_HEADING.test(heading)) continue;
    // The section runs until the next heading-like line, at most a few sentences.
    const mentions: JurisdictionMention[] = [];
    for (let next = index + 1; next < Math.min(sentences.length, index + 4); next += 1) {
      const body = sentences[next]!.text;
      if (next > index + 1 && body.length <= 80 && /^[\dIVX.()]*\s*[A-Z][A-Z &]+\.?$/.test(body)) break;
      mentions.push(...findJurisdictions(body));
    }
    const places = distinctPlaces(mentions);
    if (places.length > 0) return { jurisdiction: places.join('; '), score: 0.5, sentenceIndex: index + 1 };
  }
  const places: string[] = [];
  let firstSentence = -1;
  sentences.forEach((sentence, index) => {
    if (!/\b(?:disputes?|claims?|controvers(?:y|ies)|lawsuit|action)\b/i.test(sentence.text)) return;
    for (const match of sentence.text.matchAll(FORUM)) {
      const windowStart = match.index + match[0].length;
      const mentions = findJurisdictions(sentence.text.slice(windowStart, windowStart + 60)).filter((mention) => mention.index <= 30);
      const chosen = mentions.find((mention) => mention.subnational) ?? mentions[0];
      if (chosen && !places.includes(chosen.normalised) && places.length < MAX_FORUMS) {
        places.push(chosen.normalised);
        if (firstSentence < 0) firstSentence = index;
      }
    }
  });
  return places.length > 0 ? { jurisdiction: places.join('; '), score: 0.25, sentenceIndex: firstSentence } : null;
}

function distinctPlaces(mentions: JurisdictionMention[]): string[] {
  const places: string[] = [];
  for (const mention of mentions) if (!places.includes(mention.normalised)) places.push(mention.normalised);
  return places.slice(0, MAX_FORUMS);
}
