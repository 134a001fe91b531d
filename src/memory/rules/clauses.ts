/** One clause of a user message, and whether it asks something or states something. */
export interface Clause {
  text: string;
  question: boolean;
}

const CONJUNCTIONS_EN = String.raw`and|but|so|also|plus|while|then`;
const CONJUNCTIONS_ZH = '并且|而且|以及|同时|还有|另外|然后|但是|不过|可是|但|和|跟';
// Words that open a question (and so a new clause).
const ASKING_EN = [
  ...['what', "what's", 'whats', 'who', "who's", 'whom', 'whose', 'where', "where's", 'which', 'when', 'why', 'how'],
  ...['do', 'does', 'did', 'can', 'could', 'would', 'will', 'is', 'are', 'am', 'tell me', 'remind me'],
].join('|');
// Words that open a new clause about the user, or a question.
const OPENERS_EN = `my|i|call me|please|${ASKING_EN}`;

// A clause boundary is punctuation or a conjunction, and only when a new first-person clause or a
// question follows: "Procter and Gamble" and "Globex, Inc." stay whole.
const clauseBoundaryEn = new RegExp(
  String.raw`(?:\s*[,;，；、]\s*(?:(?:${CONJUNCTIONS_EN})\s+)?|\s+(?:${CONJUNCTIONS_EN})\s+)(?=(?:${OPENERS_EN})\b)`,
  'i',
);
const clauseBoundaryZh = new RegExp(`(?:[,;，；、]\\s*(?:${CONJUNCTIONS_ZH})?|(?:${CONJUNCTIONS_ZH}))(?=我|请)`, 'u');
const leadingConjunction = new RegExp(`^(?:(?:${CONJUNCTIONS_EN})\\s+|(?:${CONJUNCTIONS_ZH})(?=我|请))`, 'iu');

// A question is marked by its opening word, a question mark, or (Chinese) an interrogative word.
const interrogativeOpening = new RegExp(`^(?:${ASKING_EN}|should)\\b`, 'i');
const chineseInterrogative = /什么|啥|谁|哪|多少|几(?:号|个|位)|是否|[吗呢](?:[?？。.!！]*)$/u;

/** Whether a full stop at `index` ends a sentence: not in "3.5", "E.ON", "J. Chen" or "Ltd. and". */
function endsSentence(text: string, index: number): boolean {
  const after = text.slice(index + 1);
  if (after && !/^\s/.test(after)) return false;
  if (/^\s+\p{Ll}/u.test(after)) return false;
  return !/(?:^|[\s(])\p{Lu}$/u.test(text.slice(0, index));
}

/** Sentences of `text`, each with its closing punctuation. */
export function sentences(text: string): string[] {
  const found: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if ('!?！？。\n'.includes(char) || (char === '.' && endsSentence(text, index))) {
      found.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  found.push(text.slice(start));
  return found.map((sentence) => sentence.trim()).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/**
 * Splits a message into clauses and tells questions from statements, so that a compound message
 * ("My name is Bob Stone and my employee id is B-7.") yields one clause per detail, and a
 * mention of a detail ("my employee id") does not make a statement a question.
 */
export function splitClauses(text: string): Clause[] {
  const clauses: Clause[] = [];
  for (const sentence of sentences(text)) {
    const parts = sentence
      .split(clauseBoundaryEn)
      .flatMap((part) => part.split(clauseBoundaryZh))
      .map((part) => part.trim().replace(leadingConjunction, '').trim())
      .filter((part) => /[\p{L}\p{N}]/u.test(part));
    const asks = /[?？]\s*$/.test(sentence);
    parts.forEach((part, index) => {
      const question = interrogativeOpening.test(part) || chineseInterrogative.test(part) || (asks && index === parts.length - 1);
      clauses.push({ text: part, question });
    });
  }
  return clauses;
}
