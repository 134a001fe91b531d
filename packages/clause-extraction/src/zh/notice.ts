/**
 * Chinese notice periods with a floor or a deadline between the event and the number:
 * "当期届满前至少叁拾日", "到期前不少于三十日", "终止前不迟于两个月".
 */
export const CHINESE_NOTICE_BEFORE =
  /(?:期满|届满|到期|终止)(?:日|之日)?(?:前|以前|之前)\s*(?:至少|不少于|不迟于|不晚于|提前)\s*$|提前\s*(?:至少|不少于)\s*$/;
