/**
 * Shared pieces of Chinese contract drafting for the `zh/` rules. Patterns work on one sentence
 * of the normalised text (cut at 。！？); `；` joins the limbs of one sentence, so rules that must
 * not mix a condition of one limb with the right of another test the limbs one by one.
 */
import { CHINESE_NUMERAL_CLASS } from '../numbers.js';

/** A number as contracts write it: 30, 三十, 叁拾. */
export const ZH_NUMBER = `(?:\\d{1,4}|[${CHINESE_NUMERAL_CLASS}]{1,6})`;
/** A period: 三十日, 30天, 六个月, 两周, 一年. */
export const ZH_PERIOD = `${ZH_NUMBER}\\s*(?:个)?(?:工作日|日历日|自然日|日|天|周|星期|个月|月|年)`;

/** The limbs of a sentence: "甲方可随时解除本合同；乙方违约的，…" is two statements. */
export function limbs(text: string): string[] {
  return text.split(/[；;]/);
}
