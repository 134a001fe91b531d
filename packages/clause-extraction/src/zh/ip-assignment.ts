import { presenceOf } from '../presence.js';
import type { TextView } from '../text-view.js';
import type { PresenceField } from '../types.js';

const PARTY =
  '(甲方|乙方|丙方|委托方|受托方|委托人|受托人|许可方|被许可方|许可人|被许可人|发包人|承包人|买方|卖方|客户|服务方|公司|员工|顾问|开发方)';
/** Who owns: "…归甲方所有", "属于乙方", "由甲方享有". */
const OWNER = new RegExp(`(?:归|属于)[^。；]{0,4}?${PARTY}|由${PARTY}(?:单独|独家|独自)?(?:所有|享有|拥有)`);
/** Who makes or brings it: "乙方…开发的", "甲方提供的", "乙方交付的…成果". */
const MAKER = new RegExp(`${PARTY}[^。；]{0,30}?(?:开发|完成|作出|做出|创作|制作|形成|产生|交付|提供|设计|改进|研发|拥有)`);
/** A party keeping what it had: "仍归乙方所有", "已拥有的…仍归". */
const KEEPS = /仍(?:归|属于|由)|保留/;
/** "乙方同意将…知识产权转让给甲方". */
const ASSIGNS =
  /(?:转让|让与|移交)[^。；]{0,20}(?:知识产权|著作权|专利|成果)|(?:知识产权|著作权|专利(?:权|申请权)?)[^。；]{0,20}(?:转让|让与)给/;

/**
 * Whether a Chinese sentence on IP (the extractor only asks about those) gives IP created under the contract to the other party: the owner
 * named (归甲方所有) is not the party that makes it (乙方…开发的). A party keeping its own work or
 * what it brought (甲方提供的…归甲方所有, 仍归乙方所有) is not an assignment.
 */
export function isChineseIpAssignment(text: string): boolean {
  if (ASSIGNS.test(text) && !/股权/.test(text)) return true;
  const owner = OWNER.exec(text);
  if (!owner || KEEPS.test(text)) return false;
  const ownerParty = owner[1] ?? owner[2];
  const maker = MAKER.exec(text.slice(0, owner.index));
  // No maker named ("本项目产生的成果归甲方所有"): the owner is the party paying for the work.
  return maker === null ? /产生|形成|完成|开发|作出|创作/.test(text) : maker[1] !== ownerParty;
}

/** IP ownership assignment in Chinese drafting (CUAD "IP Ownership Assignment"). */
export function extractChineseIpAssignment(view: TextView): PresenceField | null {
  // The mention filter is what makes the sentence one about IP: the predicate reads only who owns and who makes.
  return presenceOf(view, /知识产权|著作权|版权|专利|成果|源代码/, (text) => isChineseIpAssignment(text));
}
