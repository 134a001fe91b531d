import { describe, expect, it } from 'vitest';
import { splitClauses } from '../clauses.js';
import { extractRuleFields } from '../extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { buildTextView, type TextView } from '../text-view.js';
import type { ExtractedContract } from '../types.js';
import { isChineseAntiAssignment } from './anti-assignment.js';
import { isChineseAuditRight } from './audit-rights.js';
import { isChineseChangeOfControl } from './change-of-control.js';
import { extractChineseConfidentialityYears } from './confidentiality.js';
import { isChineseExclusivity } from './exclusivity.js';
import { isChineseInsuranceDuty } from './insurance.js';
import { isChineseIpAssignment } from './ip-assignment.js';
import { extractChineseLiquidatedDamages } from './liquidated-damages.js';
import { isChineseMinimumCommitment } from './minimum-commitment.js';
import { isChineseNonCompete } from './non-compete.js';
import { isChineseConvenienceTermination } from './termination.js';

/** Each case is one realistic clause; the contract around it is only a title, so the clause alone decides. */
function fields(clause: string): Omit<ExtractedContract, 'judgements'> {
  return extractFields(`合同\n\n甲方：某甲有限公司\n乙方：某乙有限公司\n\n第一条 ${clause}\n`);
}

function cases(
  field: keyof Omit<ExtractedContract, 'judgements'>,
  found: string[],
  notFound: string[],
  read = (contract: Omit<ExtractedContract, 'judgements'>) => contract[field] !== null,
) {
  describe(String(field), () => {
    it.each(found)('finds %s', (clause) => expect(read(fields(clause))).toBe(true));
    it.each(notFound)('does not count %s', (clause) => expect(read(fields(clause))).toBe(false));
  });
}

cases(
  'antiAssignment',
  [
    '乙方不得将本协议项下的经销权转让或转授给任何第三方。',
    '承包人不得将其承包的全部工程转包给第三人。',
    '未经委托人同意，代理人不得转委托他人代理。',
    '被许可人不得将本协议项下的权利转让或再许可给任何第三方。',
    '任何一方不得转让本合同项下的权利义务，但经对方书面同意的除外。',
  ],
  [
    '乙方不得将房屋全部或部分转租、转借他人，但经甲方书面同意的除外。',
    '转让方同意将其持有的目标公司百分之十五的股权转让给受让方。',
    '第四条 竞业禁止\n转让方承诺，自本协议签署之日起两年内不从事相同业务。',
    '许可方授予被许可方非独占、不可转让的许可。',
    '乙方不得转让其持有的目标公司股权。',
    '任何一方转让本合同项下的权利无需对方同意。',
  ],
);

cases(
  'terminationForConvenience',
  [
    '租赁期内，任何一方需提前解除本合同的，应提前六十日书面通知对方，并向对方支付相当于一个月租金的违约金。',
    '客户可随时提前十五日书面通知服务方终止本协议，已预付但未使用的费用按比例退还。',
    '委托人或者代理人可以随时解除本合同。',
    '任何一方均可在提前三十日书面通知对方后解除本协议，无需说明理由。',
    '乙方提前三十日以书面形式通知甲方，可以解除本合同。',
    '如任何一方需要提前终止本合同，应提前叁拾日书面通知对方。',
    '承租人有权提前解除本合同，但应提前一个月书面通知出租人。',
    '甲方有权单方解除本合同。',
  ],
  [
    '甲方无正当理由不得提前解除本合同。',
    '乙方无正当理由不得单方解除本合同。',
    '一方严重违反本合同约定，经另一方书面催告后十五日内仍未纠正的，另一方有权解除本合同。',
    '乙方逾期支付租金超过三十日的，甲方有权书面通知乙方解除本合同。',
    '经双方协商一致，可以解除本合同。',
    '期限届满，除非任何一方于当期届满前至少叁拾日以书面方式通知对方不续约，本协议自动延续一年。',
    '因不可抗力致使合同目的不能实现的，任何一方可以随时解除本合同。',
  ],
  (contract) => contract.terminationForConvenience !== null,
);

describe('terminationNoticeDays', () => {
  it('reads the notice of a Chinese right to terminate for convenience', () => {
    expect(fields('客户可随时提前十五日书面通知服务方终止本协议。').terminationNoticeDays?.days).toBe(15);
    expect(fields('任何一方需提前解除本合同的，应提前六十日书面通知对方。').terminationNoticeDays?.days).toBe(60);
  });
});

cases(
  'liabilityCap',
  [
    '因承包人原因导致工期延误的，逾期竣工违约金累计最高不超过签约合同价的百分之五。',
    '服务方对本协议项下任何损失的赔偿总额，以客户在损失发生前三个月内支付的服务费为上限。',
    '乙方仅对甲方的直接经济损失承担赔偿责任。',
  ],
  ['乙方逾期交货的，每逾期一日，应按合同总价的万分之五向甲方支付违约金。', '违约金不足以弥补损失的，违约方还应赔偿差额部分。'],
  (contract) => contract.liabilityCap?.limited === true,
);

cases(
  'liabilityCap',
  [
    '除因故意或重大过失造成的损失外，乙方在本合同项下承担的全部赔偿责任以甲方已支付的服务费总额为限。',
    '本条的责任限制不适用于服务方违反第4条导致客户数据泄露的情形。',
    '承运人的赔偿额以每吨人民币三千元为限，但因承运人故意或者重大过失造成货物损失的，不受上述限额限制。',
  ],
  [
    '除本合同另有约定外，乙方的赔偿责任以合同总价为限。',
    '承运人应当承担赔偿责任，但承运人证明损失是因不可抗力造成的除外。',
    '乙方在本合同项下的赔偿责任总额不超过甲方已支付的咨询费。',
  ],
  (contract) => contract.liabilityCap?.kind === 'uncapped',
);

cases(
  'liquidatedDamages',
  [
    '乙方逾期支付租金超过三十日的，甲方有权解除合同、收回设备，押金不予退还。',
    '给付定金的一方不履行约定的债务的，无权要求返还定金。',
    '月度服务可用性低于99.9%的，服务方应按当月服务费的百分之十扣减费用。',
  ],
  [
    '租赁期满且乙方无违约的，甲方应在十日内无息退还押金。',
    '借款人逾期归还借款的，应按逾期金额每日万分之五支付逾期利息。',
    '甲方可以随时书面通知乙方解除本合同，但应支付乙方已完成工作部分的费用。',
  ],
);

cases(
  'minimumCommitment',
  [
    '甲方每季度向乙方下达的订单数量合计不少于十万件；未达到该数量的，应按差额部分每件人民币一元向乙方支付补偿。',
    '被许可人另按年度净销售额的百分之二支付提成费；每年提成费不足人民币二十万元的，按二十万元支付。',
    '乙方承诺每个协议年度的最低采购额为人民币伍佰万元。',
  ],
  [
    '乙方应为小区公共区域投保公众责任险，保险金额不低于人民币五百万元。',
    '接收方违反本协议的，应支付违约金；违约金不足以弥补损失的，还应赔偿差额部分。',
    '乙方的服务质量经业主满意度调查连续两次低于百分之六十的，甲方有权解除本合同。',
  ],
);

cases(
  'nonCompete',
  [
    '乙方在离职后二年内，不得到与甲方有竞争关系的其他用人单位任职。',
    '转让方承诺两年内不直接或间接从事与目标公司相同或相似的业务。',
    '合作期间及合同终止后一年内，乙方不得使用甲方配方或与之实质相同的配方为任何第三方加工产品。',
    '乙方不得自营或者为他人经营与甲方同类的业务。',
  ],
  [
    '协议有效期内，甲方不得在该区域内另行委托其他经销商销售同类产品。',
    '服务期内，乙方不得为与甲方经营同类产品的其他电商企业提供同类推广服务。',
    '本合同终止后三年内，乙方不得向任何第三方披露甲方的保密信息。',
    '双方确认，乙方不承担竞业限制义务。',
  ],
);

cases(
  'exclusivity',
  [
    '甲方授权乙方在四川省区域内作为甲方产品的独家经销商。',
    '协议有效期内，甲方不得在该区域内另行委托其他经销商销售同类产品。',
    '许可人授予被许可人在中国境内实施该专利的独占许可。',
    '服务期内，乙方不得为与甲方经营同类产品的其他电商企业提供同类推广服务。',
  ],
  [
    '许可方授予被许可方非独占、不可转让的许可。',
    '本许可为普通许可，许可人保留自行使用及许可他人使用该商标的权利。',
    '本代理为一般代理，委托人有权委托其他代理人销售。',
    '被许可人不得将本协议项下的权利转让或再许可给任何第三方。',
    '未经委托人同意，代理人不得转委托他人代理。',
  ],
);

cases(
  'insurance',
  ['乙方应在租赁期间为租赁设备投保机械损失险及第三者责任险，并以甲方为第一受益人。', '承包人应投保建筑工程一切险，保险费由承包人承担。'],
  ['托运人可自行为货物投保货物运输险，本合同对此不作强制要求。', '甲方应依法为乙方缴纳社会保险和住房公积金。', '乙方应自行承担经营风险。'],
);

cases(
  'auditRights',
  [
    '许可方有权在提前十个工作日书面通知后，每年不超过一次对被许可方使用本软件的情况进行核查，被许可方应提供相关记录。',
    '许可人有权查阅被许可人与许可商品有关的生产、销售账册及记录。',
  ],
  ['甲方有权随时检查工程质量。', '乙方应于每年四月前向甲方提供经审计的年度财务报表。'],
);

cases(
  'changeOfControl',
  [
    '如被许可方发生合并、分立或控股股东变更，被许可方应在三十日内书面通知许可方；许可方有权据此终止本合同。',
    '乙方实际控制人发生变更的，甲方有权解除本合同。',
  ],
  ['任何一方变更名称、地址的，应在变更后七日内通知对方。'],
);

cases(
  'ipOwnershipAssignment',
  [
    '乙方在履行本合同过程中为甲方专门开发的软件源代码、文档及其他成果的著作权及其他知识产权归甲方所有。',
    '乙方在加工过程中对配方或工艺作出的任何改进，其知识产权亦归甲方所有。',
    '乙方同意将开发成果的全部知识产权转让给甲方。',
  ],
  [
    '乙方交付的咨询报告、方案等工作成果，其知识产权归乙方所有。',
    '甲方提供的配方、商标、包装设计等知识产权均归甲方所有。',
    '乙方在本合同签订前已拥有的技术的知识产权仍归乙方所有。',
    '相关专利申请费用由乙方承担。',
  ],
);

cases(
  'autoRenewal',
  ['期限届满，本协议自动延续，每次延续期限为壹年。'],
  ['本合同有效期两年，期满后经双方书面同意可以续签。', '协议到期后双方如需继续合作，应另行签订书面协议。'],
);

describe('autoRenewal notice', () => {
  it('reads a notice floor between the end of the term and the number (届满前至少叁拾日)', () => {
    const renewal = fields(
      '期限届满，本协议自动延续，每次延续期限为壹年，除非任何一方于当期届满前至少叁拾日以书面方式通知对方终止。',
    ).autoRenewal;
    expect(renewal?.noticeDays).toBe(30);
  });

  it.each([
    '期限届满前至少三十日任何一方未书面通知对方终止的，本合同自动续期一年。',
    '任何一方未提前至少三十日书面通知对方终止的，本合同期满后自动续期一年。',
    '本合同期满后自动续期一年，任何一方不续期的，应提前至少三十日以书面形式告知对方。',
  ])('reads the floor right before the number as the notice, and the period after it as the renewal term: %s', (clause) => {
    expect(fields(clause).autoRenewal).toMatchObject({ renewalTerm: '1 year', noticeDays: 30 });
  });
});

describe('confidentialityYears', () => {
  it('reads an upper bound (最长不超过十年) and duties that last until the information is public', () => {
    expect(fields('本协议项下的保密义务持续至保密信息公开之日止，但最长不超过十年。').confidentialityYears).toMatchObject({
      years: 10,
      perpetual: false,
    });
    expect(fields('乙方对甲方的配方负有保密义务，直至相关信息为公众所知悉。').confidentialityYears).toMatchObject({
      years: null,
      perpetual: true,
    });
  });

  it('keeps a written period over an open end', () => {
    expect(fields('保密期限为本合同终止后五年。').confidentialityYears).toMatchObject({ years: 5 });
  });
});

cases(
  'confidentiality',
  [
    '双方对本协议内容及合作中获取的对方信息负有保密义务。',
    '甲方向乙方提供的资料，所有权归甲方，乙方应予保密。',
    '接收方不得向任何第三方披露保密信息。',
  ],
  ['下列信息不属于保密信息：接收方在披露前已合法知悉的信息。', '双方确认，本协议项下乙方不负有保密义务。'],
);

/**
 * The Chinese rules on their own. `extractFields` asks them only when the shared rule found
 * nothing, so these cases pin down what each one reads even where a shared rule would answer first.
 */
function rule(name: string, holds: (text: string) => boolean, found: string[], notFound: string[]) {
  describe(name, () => {
    it.each(found)('finds %s', (sentence) => expect(holds(sentence)).toBe(true));
    it.each(notFound)('does not count %s', (sentence) => expect(holds(sentence)).toBe(false));
  });
}

rule(
  'isChineseAntiAssignment',
  isChineseAntiAssignment,
  [
    // The object after the verb, with no 将: "不得…转让本合同".
    '任何一方不得转让本合同项下的权利义务，但经对方书面同意的除外。',
    '乙方不得以任何方式直接或间接转让其在本合同项下的任何权利。',
    // Delegation is passing the contract on whatever follows the verb.
    '被许可方不得转授第三方使用该软件。',
    // No ban, but a transfer without consent is void or does not bind the other party.
    '未经对方书面同意，任何一方擅自转让本合同权利义务的，该转让行为无效。',
    '未经甲方书面同意，乙方转让本合同项下债权的，不对甲方发生效力。',
  ],
  [
    // What is passed on is the samples or the goods, not the contract.
    '乙方不得在本合同期限内将甲方提供的样品转让给第三方。',
    '在本合同有效期内，乙方不得转让甲方交付的样品及包装材料。',
    '根据本协议，乙方不得擅自转让甲方交付的样品。',
    '乙方不得将其持有的本合同项下的股权转让给第三方。',
    // Passing on that needs no consent.
    '甲方不得限制乙方转让本合同项下的权利，乙方转让无需经甲方同意。',
    '甲方不得限制乙方转让本合同项下的权利，乙方可自由转让。',
  ],
);

rule(
  'isChineseAuditRight',
  isChineseAuditRight,
  [
    '许可方有权核查被许可方使用该软件的情况。',
    '供货方有权核查经销商销售该产品的情况。',
    '乙方应妥善保管与本合同有关的账册及记录，并供甲方随时查阅。',
  ],
  [
    // A party's own accounts audited, or audited figures used for settlement: no right of the other.
    '乙方应每年委托会计师事务所对其账目进行审计。',
    '经审计确认的销售数据应作为结算依据，甲方有权据此向乙方收取许可费。',
  ],
);

rule(
  'isChineseChangeOfControl',
  isChineseChangeOfControl,
  ['乙方控股股东变更的，应于变更前三十日书面通知甲方。', '如乙方出售实质性全部资产，甲方有权终止本协议。'],
  [
    // The new shareholding of an investment, with nothing that follows for the contract.
    '本次增资完成后，目标公司的股权结构变更为：甲方持股百分之六十，乙方持股百分之四十。',
    '乙方变更名称或法定代表人的，不视为控股股东变更，但应通知甲方。',
  ],
);

rule(
  'isChineseExclusivity',
  isChineseExclusivity,
  [
    '被许可人对该专利享有独占的实施权。',
    '许可人授予被许可人在中国境内实施该专利的排他许可。',
    '甲方授予乙方的经销权具有排他性。',
    '乙方为甲方在华东地区的唯一经销商。',
    '协议有效期内，甲方不得在该区域内另行指定经销商。',
    '甲方不得在该区域内授权其他公司销售合同产品。',
    '乙方所需的原材料仅从甲方处采购。',
    // An exclusive grant next to a 普通许可 of something else.
    '甲方授予乙方合同产品的独家经销权，并授予乙方使用甲方商标的普通许可。',
  ],
  ['本许可为普通许可，被许可人不得许可其他第三方使用该商标。', '被许可人不得再许可其他任何第三方实施该专利。'],
);

rule(
  'isChineseInsuranceDuty',
  isChineseInsuranceDuty,
  ['承包人应在开工前投保建筑工程一切险。', '乙方就租赁设备投保的财产险，应以甲方及其指定的银行为第一受益人。'],
  ['乙方是否需要购买商业保险，本合同不作要求。'],
);

rule(
  'isChineseIpAssignment',
  isChineseIpAssignment,
  [
    '本项目产生的成果归甲方所有。',
    // The maker named after the owner is not the maker of what the owner gets.
    '合作期间产生的知识产权归甲方所有，乙方应配合甲方完成专利申请。',
    '乙方同意向甲方转让其在本项目中取得的全部专利及专利申请权。',
    '乙方应将上述专利无偿转让给甲方。',
  ],
  ['乙方开发的软件的著作权归乙方所有。', '甲方提供的配方、商标等知识产权均归甲方所有。'],
);

rule(
  'isChineseMinimumCommitment',
  isChineseMinimumCommitment,
  ['乙方承诺每个协议年度的最低采购额为人民币伍佰万元。', '乙方每年采购甲方产品的金额不低于人民币一千万元。'],
  [
    // A floor on quality, not on purchases.
    '乙方交付的产品合格率不低于百分之九十八。',
    '本合同对甲方的最低采购量不作要求。',
  ],
);

rule(
  'isChineseNonCompete',
  isChineseNonCompete,
  ['离职后，乙方应履行竞业限制义务，甲方按月支付竞业限制补偿金。', '合作期间及合同终止后一年内，乙方不得为任何第三方加工同类产品。'],
  [
    '乙方离职后无需再向甲方承担任何竞业限制义务。',
    '甲方同意免除乙方的竞业限制义务。',
    // Quality compared with like products, no restraint.
    '乙方保证所供产品的质量不低于市场同类产品的平均水平。',
    // After the end, a ban on using the mark, not on dealing with others; and a period that is no number.
    '本合同终止后三十日内，乙方不得继续使用甲方的商标。',
    '合同解除后合理期限内，乙方不得为任何第三方加工使用甲方商标的产品。',
  ],
);

rule(
  'isChineseConvenienceTermination',
  isChineseConvenienceTermination,
  [
    '甲方可随时解除本合同；乙方违约的，甲方有权要求赔偿损失。',
    // 无需说明理由 outweighs a stray 情况下 in the same limb.
    '在任何情况下，甲方均可解除本合同而无需说明任何理由。',
    // Each wish (若…拟解除) is taken out before the grounds are read.
    '甲方若拟终止合作、乙方若拟解除本合同的，均应提前六十日书面通知对方。',
    // Reasons of a party's own choosing are no ground.
    '甲方可因任何原因随时解除本合同。',
    '无论何种原因，甲方均可随时解除本合同。',
    '甲方因自身原因需提前解除本合同的，应提前三十日书面通知乙方。',
    '乙方因其原因需要提前终止本协议的，应提前一个月书面通知甲方。',
    '甲方可因自身需要随时解除本合同。',
    '任何一方可因本方原因提前解除本合同，但应提前三十日书面通知对方。',
    // A ban on one party leaves the other's right: the ban counts only on the right it negates.
    '甲方可随时解除本合同，乙方不得解除本合同。',
    '乙方不得解除本合同，甲方可随时解除本合同。',
  ],
  [
    // The contract ending, with no right to end it.
    '本合同终止后，乙方应在七日内退还剩余预付款。',
    '甲方可以随时调整订单数量；本合同终止后，乙方应退还剩余预付款。',
    '甲乙双方均书面同意后，甲方可以随时终止本协议。',
    // Grounds: 如 and 因 name a cause.
    '如乙方擅自转让本合同项下权利，甲方可以随时解除本合同。',
    '因乙方原因致使合同目的无法实现的，甲方可以随时解除本合同。',
    '任何一方解除本合同均无需说明理由，但须经双方协商一致。',
    // The right itself negated, right before it or a little way off.
    '乙方不可随时解除本合同。',
    '乙方无正当理由不得单方解除本合同。',
    '乙方在本合同有效期内不得以任何理由随时解除本合同。',
    '租赁期内，任何一方均不得在提前三十日书面通知后解除本合同。',
    // An English sentence is left to the English rules.
    'Either party may terminate this Agreement at any time upon thirty days written notice.',
  ],
);

function viewOf(clause: string): { text: string; view: TextView } {
  const text = `合同\n\n第一条 ${clause}\n`;
  return { text, view: buildTextView(text, splitClauses(text)) };
}

describe('extractChineseConfidentialityYears', () => {
  const read = (clause: string) => {
    const { text, view } = viewOf(clause);
    const field = extractChineseConfidentialityYears(view);
    return field && { years: field.years, perpetual: field.perpetual, quote: text.slice(field.evidence.start, field.evidence.end) };
  };

  it('reads an upper bound in years or months, with or without 不超过', () => {
    expect(read('本协议项下的保密义务持续至保密信息公开之日止，但最长不超过十年。')).toEqual({
      years: 10,
      perpetual: false,
      quote: '十年',
    });
    expect(read('保密期最长不超过十年。')).toMatchObject({ years: 10 });
    expect(read('保密期最长五年。')).toMatchObject({ years: 5 });
    expect(read('接收方的保密期限最长十年。')).toMatchObject({ years: 10 });
    expect(read('接收方的保密期限最长不超过十八个月。')).toMatchObject({ years: 1.5 });
  });

  it('reads no bound from days, from a period with no 最长 right before it, or from a sentence not on secrecy', () => {
    expect(read('接收方的保密期限最长不超过九十日。')).toBeNull();
    expect(read('保密期限为本协议终止后五年，但甲方最多可将该期限延长两年。')).toBeNull();
    expect(read('本合同有效期最长不超过三年。')).toBeNull();
  });

  it('reads a duty that goes on after the contract as perpetual, unless a period in years or months is written', () => {
    expect(read('本条约定的保密义务在本合同终止后仍有效。')).toEqual({ years: null, perpetual: true, quote: '终止后仍有效' });
    expect(read('接收方应在收到通知后三十日内返还资料，其保密义务在本协议终止后仍然有效。')).toMatchObject({ perpetual: true });
    expect(read('接收方的保密义务在本协议终止后继续有效三年。')).toBeNull();
    expect(read('接收方的保密义务在本协议终止后继续有效六个月。')).toBeNull();
  });
});

describe('extractChineseLiquidatedDamages', () => {
  const read = (clause: string) => {
    const { text, view } = viewOf(clause);
    const field = extractChineseLiquidatedDamages(view);
    return field && { present: field.present, quote: text.slice(field.evidence.start, field.evidence.end) };
  };

  it.each([
    '乙方逾期三十日未支付租金的，履约保证金甲方不予退还。',
    '乙方违约的，其缴纳的保证金归甲方所有。',
    '乙方擅自转租的，甲方有权没收乙方缴纳的履约保证金。',
    '给付定金的一方不履行约定的债务的，无权请求返还定金。',
    '承租人提前退租的，无权要求退还已支付的押金。',
    '响应时间超过四小时的，每次扣减当月服务费的百分之五。',
    '发生重大服务中断的，甲方有权在当月服务费中直接扣除相当于服务费百分之二十的金额。',
    '客户取消预订的，酒店将收取房费百分之五十的取消费。',
  ])('quotes the whole sentence of %s', (clause) => expect(read(clause)).toEqual({ present: true, quote: `第一条 ${clause}` }));

  it('does not count a deposit returned or work paid for', () => {
    expect(read('租赁期满且乙方无违约的，甲方应在十日内无息退还押金。')).toBeNull();
    expect(read('甲方可以随时书面通知乙方解除本合同，但应支付乙方已完成工作部分的费用。')).toBeNull();
  });
});

cases(
  'liabilityCap',
  [
    // The cap far from 赔偿: the whole reach of both gaps.
    '乙方在本合同项下的赔偿金额，无论该等索赔系基于违约、侵权或其他任何法律理论而提出，在任何情况下均不超过甲方已支付的合同价款。',
    '每次事故乙方最高赔偿人民币五十万元。',
    // Caps on the penalty.
    '逾期交货违约金的累计金额不超过合同总价的百分之十。',
    '逾期违约金累计总额以合同总价的百分之五为上限。',
  ],
  ['乙方逾期交货的，应按合同总价的百分之一支付违约金。'],
  (contract) => contract.liabilityCap?.limited === true,
);

cases(
  'liabilityCap',
  [
    '本条限制不适用于乙方违反保密义务给甲方造成的损失。',
    '前述限制对乙方的故意行为不适用，乙方应赔偿甲方全部损失。',
    '乙方对因其违反保密义务给甲方造成的损失承担无限责任。',
  ],
  ['乙方对因其违反保密义务给甲方造成的损失承担赔偿责任。'],
  (contract) => contract.liabilityCap?.kind === 'uncapped',
);
