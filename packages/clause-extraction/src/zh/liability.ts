/**
 * Chinese limitation-of-liability drafting, read by `../liability.ts` (which decides caps and
 * carve-outs for both languages): caps (不超过, 以…为限 / 为上限), exclusions of indirect loss,
 * and carve-outs that leave some liability uncapped.
 */

/** A money cap on damages: 赔偿总额不超过…, 以…为限 / 为上限, 责任限额. */
export const CHINESE_CAP =
  /(?:赔偿|责任)[^。；]{0,30}(?:总额|累计|上限|最高)?[^。；]{0,20}(?:不超过|不得超过|不应超过|不高于|以[^。；]{1,40}?为(?:上限|限|最高限额))|(?:最高|累计)赔偿(?:额|总额|金额)?|责任限额|赔偿限额|赔偿上限|责任上限/;
/** A cap on the penalty owed ("逾期竣工违约金累计最高不超过签约合同价的百分之五"): a cap on liability, but rarely with a sum of money. */
const PENALTY_CAP =
  /违约金[^。；]{0,30}(?:总额|累计|上限|最高)[^。；]{0,20}(?:不超过|不得超过|不应超过|不高于|以[^。；]{1,40}?为(?:上限|限))/;
/**
 * Limitations that are not a money cap on damages: 不承担间接损失 / 利润损失, 仅对直接损失承担责任,
 * and caps on the penalty. `../liability.ts` counts them as limitations without reading a cap amount from them.
 */
export const CHINESE_EXCLUSION = new RegExp(
  `不(?:承担|负责|赔偿|对)[^。；]{0,40}(?:间接|附带|后果性|惩罚性|可得利益|预期利益|利润)(?:损失|损害)?|(?:间接|附带|后果性)(?:损失|损害)[^。；]{0,20}不(?:承担|负责|予赔偿)|(?:仅|只)(?:就|对)?[^。；]{0,10}直接(?:经济)?损失(?:承担|负责|赔偿|予以赔偿)|${PENALTY_CAP.source}`,
);
/**
 * A carve-out stated on its own: 不受…限额限制, the cap 不适用于…, 无限责任. These leave liability
 * uncapped wherever they stand.
 */
export const CHINESE_EXPRESSLY_UNCAPPED =
  /不受[^。；]{0,20}(?:限额|上限|赔偿限制|责任限制|前述限制|上述限制)|(?:责任限制|责任限额|赔偿限额|赔偿上限|责任上限|上述限制|前述限制|上述限额|前述限额|本条(?:约定|规定)?的?限制)[^。；]{0,10}不适用|无限(?:连带)?责任/;
/**
 * Any carve-out, also those that only make sense inside a cap: 除因故意或重大过失造成的损失外, 但因…故意…的除外.
 * Generic exceptions ("除本合同另有约定外") are not carve-outs: the exception must name intent,
 * gross negligence, fraud, personal injury, infringement or confidentiality.
 */
export const CHINESE_UNCAPPED = new RegExp(
  `${CHINESE_EXPRESSLY_UNCAPPED.source}|(?:故意|重大过失|欺诈)[^。；]{0,40}除外|除(?:因)?[^。；]{0,30}?(?:故意|重大过失|欺诈|人身伤亡|人身伤害|死亡|侵犯|侵权|保密|知识产权)[^。；]{0,30}?(?:外|以外)`,
);
