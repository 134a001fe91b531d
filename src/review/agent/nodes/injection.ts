/**
 * Phrases that address an AI reviewer instead of a contract party. A contract carrying one is
 * flagged; nothing in it is ever obeyed, since rules and models only fill typed fields.
 */
const injectionPatterns: RegExp[] = [
  /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier)\s+(?:instructions?|prompts?|rules?)/i,
  /\b(?:rate|score|classify|mark)\s+(?:this|the)\s+(?:contract|agreement|document|review)?\s*(?:as\s+)?(?:low|medium|high)(?:\s+risk)?\b/i,
  /\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:ai|assistant|language\s+model|reviewer)\b/i,
  /\b(?:system|assistant)\s*prompt\b/i,
  /忽略(?:之前|以上|上述|前面)的?(?:所有)?(?:指令|指示|提示|规则)/,
  /(?:将|把)?(?:本|此|该)?(?:合同|协议)?(?:的)?风险(?:等级)?(?:评|定|判)(?:为|成)(?:低|中|高)/,
];

/** True when the text tries to instruct the reviewer. */
export function containsInstructionInjection(text: string): boolean {
  // Bounded scan: injected instructions are sentences, not megabytes; look at every window.
  return injectionPatterns.some((pattern) => pattern.test(text));
}
