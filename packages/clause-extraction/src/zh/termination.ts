import { limbs } from './drafting.js';

const ENDS = '(?:解除|终止)';
/** "可以随时解除本合同", "可随时提前十五日书面通知服务方终止本协议". */
const AT_WILL = new RegExp(`(?:可|可以|有权|得)[^。；]{0,12}?(?:随时|任何时候|在任何时间)[^。；]{0,30}?${ENDS}`);
/** "均可在提前三十日书面通知对方后解除本协议". */
const BY_NOTICE = new RegExp(`(?:可|可以|有权|得)[^。；]{0,30}?提前[^。；]{0,15}?通知[^。；]{0,20}?${ENDS}`);
/** "有权提前退租，但应提前一个月通知出租人". */
const RIGHT_THEN_NOTICE = new RegExp(
  `(?:可|可以|有权|得)[^。；]{0,20}?${ENDS}[^。；]{0,20}?(?:应|须|需)[^。；]{0,6}?提前[^。；]{0,15}?通知`,
);
/** "有权书面通知乙方解除本合同": by notice alone, when nothing in the limb is a ground. */
const NOTICE_ALONE = new RegExp(`(?:可|可以|有权|得)(?:以)?(?:书面|发出)?(?:形式)?通知[^。；]{0,10}?${ENDS}`);
/** "提前三十日以书面形式通知甲方，可以解除本合同". */
const NOTICE_THEN_RIGHT = new RegExp(`提前[^。；]{0,15}?通知[^。；]{0,20}?[，,]?\\s*(?:即)?(?:可|可以|有权)(?:以)?${ENDS}`);
/** "任何一方需提前解除本合同的，应提前六十日书面通知对方". */
const WISHING_TO_END = new RegExp(
  `(?:需|需要|拟|欲|要求|希望|决定|想)(?:提前)?${ENDS}[^。；]{0,8}?的?[，,]?[^。；]{0,12}?(?:应|应当|须|需)[^。；]{0,6}?提前`,
);
/** "有权单方解除本合同", "享有任意解除权", "有权无条件解除". */
const UNILATERAL = new RegExp(`(?:可|可以|有权|得)(?:单方(?:面)?|任意|无条件(?:地)?)${ENDS}|任意解除权`);
/** "如任何一方需要提前终止本合同" states a wish, not a ground. */
const WISH = new RegExp(`(?:如果?|若|假如|倘若)?[^。；，,]{0,10}?(?:需|需要|要|拟|欲|想|希望|决定)(?:提前)?${ENDS}`, 'g');
const NO_REASON = new RegExp(
  `无需(?:说明|提供|给出|陈述)?(?:任何)?(?:理由|原因)[^。；]{0,20}${ENDS}|${ENDS}[^。；]{0,20}无需(?:说明|提供|给出|陈述)?(?:任何)?(?:理由|原因)`,
);

/** Not a right: forbidden (不得解除), by agreement of both (协商一致), or the end of the term (期满前通知不续). */
const NEGATED = new RegExp(`(?:不得|不能|无权|不可|不应|不允许|禁止)[^。；]{0,12}?${ENDS}`);
const MUTUAL = /协商一致|双方[^。；]{0,6}同意|经双方/;
const END_OF_TERM = /不续|续约|续期|续签|不再续|(?:届满|期满|到期)(?:时|之日)/;
/** Grounds that make a right one for cause: breach (but not 违约金, the fee for leaving), failure, delay, force majeure, insolvency, conditions. */
const CONDITION =
  /违约(?!金)|违反|未能|未按|未履行|未达到|逾期|迟延|不可抗力|破产|清算|解散|如果|假如|若|(?<!例)如(?!期|需|要|下)|因(?!此)|由于|情形|情况下|之一的|严重|过错|低于|超过/;

/**
 * Reasons of the party's own choosing are no ground: "因自身原因需提前解除的", "可因任何原因", "无论何种原因", "因经营调整".
 * Only the 因 in them would read as one (原因 holds a 因 too), so each shape starts at a 因.
 */
const OWN_REASON = /因(?:其|本方)?(?:自身|自己)?(?:原因|需要)|因?(?:任何|何种)原因|因(?:经营|业务)(?:需要|调整)/g;

/** The ways a limb grants a right to end the contract without cause. */
const RIGHTS = [AT_WILL, BY_NOTICE, NOTICE_THEN_RIGHT, WISHING_TO_END, RIGHT_THEN_NOTICE, NOTICE_ALONE, UNILATERAL, NO_REASON];

/** Whether `right` matches somewhere in the limb with no negation on it: "乙方不得解除本合同，甲方可随时解除本合同" gives 甲方 one. */
function grantsUnnegated(limb: string, right: RegExp): boolean {
  for (let from = 0; ; ) {
    const match = right.exec(limb.slice(from));
    if (match === null) return false;
    const start = from + match.index;
    // A right starts at 可 / 得 / 有权, so its negation starts one character before it (不可, 不得) or inside it.
    if (!NEGATED.test(limb.slice(Math.max(0, start - 1), start + match[0].length))) return true;
    // The first match may start at the 得 of 不得; look again past it.
    from = start + 1;
  }
}

/** Whether one limb grants a party the right to end the contract at will or by notice alone; a ban counts only on the right it negates. */
function limbIsConvenience(limb: string): boolean {
  if (MUTUAL.test(limb) || END_OF_TERM.test(limb) || CONDITION.test(limb.replace(WISH, '').replace(OWN_REASON, ''))) return false;
  return RIGHTS.some((right) => grantsUnnegated(limb, right));
}

/** Whether a Chinese sentence lets a party end the contract without cause (随时解除, 提前N日书面通知解除, 无需理由). */
export function isChineseConvenienceTermination(text: string): boolean {
  // A shortcut for the English sentences `../termination.ts` passes in: every pattern below needs 解除 or 终止.
  if (!/解除|终止/.test(text)) return false;
  // "任何一方均可…解除本协议，无需说明理由" keeps its reason in a second limb; a condition in another limb does not matter.
  return limbs(text).some(limbIsConvenience) || (NO_REASON.test(text) && !NEGATED.test(text) && !MUTUAL.test(text));
}
