import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;

const liquidated = (text: string) => {
  const field = extractFields(text).liquidatedDamages;
  if (field === null) return false;
  expect(field.present).toBe(true);
  return true;
};

describe('liquidated damages: an agreed sum without its name', () => {
  it.each([
    ['The sum payable under this Section represents a reasonable estimate of the loss Buyer would suffer and is not a penalty.'],
    [
      'The parties agree that the damages would be difficult to ascertain and that the amount set forth herein is a reasonable estimate and not a penalty.',
    ],
    ['A late delivery charge of 2% per week shall be deducted from the invoice amount.'],
  ])('counts %j', (text) => {
    expect(liquidated(text)).toBe(true);
  });

  it.each([
    // Damages "difficult to ascertain" is how an injunction is justified.
    ['Because damages may be difficult to ascertain, an injunction may be sought against the party who has breached this Section.'],
    ['Supplier shall not be liable for any delay in delivery caused by events beyond its reasonable control.'],
    ['The estimate of fees set forth in the proposal is not binding.'],
  ])('does not count %j', (text) => {
    expect(liquidated(text)).toBe(false);
  });
});

describe('liquidated damages: named, termination fees, penalties, balances and delay sums', () => {
  it.each([
    ['Supplier shall pay Buyer USD 500 per day as liquidated damages and not as a penalty.'],
    ['乙方应向甲方支付合同总价10%的违约金。'],
    ['如乙方违约，定金不予退还。'],
    ['Upon early termination, Customer shall pay an early termination fee equal to three months of fees.'],
    ['Customer may end the contract on payment of a cancellation charge of USD 10,000.'],
    ['The Licensee shall pay an exit payment of USD 50,000 on leaving the programme.'],
    ['A break-up fee of USD 2 million is payable if the Company accepts another offer.'],
    ['The Company may impose a penalty of RMB 10,000 for each breach of Section 4.'],
    ['The Supplier shall pay a penalty equal to 1% of the price of the late goods.'],
    ['Payment penalties shall apply to every shipment that misses its window, as agreed in Schedule C.'],
    ['If Customer terminates this Agreement before the end of the Term, Customer shall pay the fees for the balance of the Term.'],
    ['Should the agreement be cancelled, the Distributor is liable for the remaining minimum purchases of the contract years.'],
    ['Supplier shall credit Buyer USD 100 for each day of delay in delivery.'],
    ['The price shall be reduced by 0.5% per week that delivery is late.'],
  ])('counts %j', (text) => {
    expect(liquidated(text)).toBe(true);
  });

  it.each([
    ['Neither party shall have any liability for consequential, incidental or liquidated damages.'],
    ['Seller may charge penalties on late payment with interest at the rate of 1.5% per month.'],
    ['Either party may terminate this Agreement without any penalty or fee on thirty days notice.'],
    ['The officer signs under penalty of perjury that the fees are correct.'],
    ['"Penalty" is defined in Section 1.'],
    ['Buyer shall reimburse Supplier for any fees and penalties paid to the customs authority.'],
    ['Carrier shall invoice Customer for all termination fees charged by third parties.'],
    ['Fees charged by the alternative provider are not covered, including its termination charge.'],
    ['Each party bears its own fines, taxes and penalties and any termination payment they cause.'],
    ['The Supplier shall pay all penalties, fines and interest that arise from its own termination of staff.'],
    ['Licensee is liable for civil penalties and any termination fee imposed by law.'],
    ['A cancellation fee applies to every purchase order cancelled less than ten days before shipment.'],
    ['Purchase orders cancelled late bear a cancellation fee of 5%.'],
    ['The interconnection termination rate and the mobile termination charge are set by the regulator.'],
    ['No termination fee shall be payable by either party.'],
    ['Customer shall pay the remaining balance of the invoice within 30 days.'],
    ['Supplier shall deliver the goods without delay and report the remaining stock weekly.'],
  ])('does not count %j', (text) => {
    expect(liquidated(text)).toBe(false);
  });
});

describe('liquidated damages: each alternative of the rule on its own', () => {
  it.each([
    ['The parties agree that the sums in Schedule 3 are liquidated damages.'],
    ['Customer may cancel on payment of a cancelation charge of USD 10,000.'],
    ['A break charge of USD 5,000 applies if the Customer leaves before the end of the Term.'],
    ['A breakup payment of USD 2 million is due if the Company accepts another offer.'],
    ['If Customer terminates this Agreement early, Customer shall pay the fees for the rest of the Term.'],
    ['If Customer terminates this Agreement early, Customer shall pay the fees for the remainder of the Term.'],
    ['Upon early termination, Customer shall make payment of the remaining fees for the Term.'],
    ['If the Distributor cancels the agreement, it is liable for the balance of the contract period.'],
    ['If the Distributor cancels the agreement, it is liable for the remaining contract year.'],
    ['Should the agreement be cancelled, the Distributor is liable for the remaining minimum commitment.'],
    ['If Customer chooses to end early, Customer shall pay the fees for the balance of the Term.'],
    ['Supplier shall pay Buyer a penalty for each late shipment.'],
    ['A penalty in the amount of USD 1,000 applies to each missed delivery.'],
    ['A penalty at the rate of 2% of the price applies to each missed delivery.'],
    ['A penalty shall be payable for each missed delivery.'],
    ['Buyer may deduct USD 100 for each day of delay.'],
    ['USD 100 shall be deducted for each day of delay.'],
    ['Supplier is liable for USD 500 for each day of delay.'],
    ['Supplier shall pay USD 500 for each full day of delay.'],
    ['Supplier shall pay USD 500 per calendar day of delay.'],
    ['Supplier shall pay USD 500 for every business day of delay.'],
    ['Supplier shall pay USD 500 for each day of such delay.'],
    ['The amount payable is a reasonable estimate of the damage Buyer would suffer.'],
    ['The parties agree that the amounts payable under Section 5 constitute a reasonable estimate and not a penalty.'],
    ['The parties agree that the amounts payable under Section 5 represent a reasonable estimate and not a penalty.'],
    ['The fee is not a penalty.'],
    ['A delay charge of USD 100 applies to every container.'],
    ['A delayed delivery charge of 1% per week applies.'],
    ['A late performance penalty of 1% per week applies.'],
    ['Late performance credits apply to every missed milestone.'],
    ['A late delivery fee of 2% per week applies.'],
    ['A delay credit of 5% of the monthly fee applies.'],
    ['乙方违约的，甲方不予退还乙方已支付的定金。'],
    ['乙方逾期交货的，应向甲方支付罚款。'],
    ['乙方违约的，应向甲方支付赔偿金5万元。'],
  ])('counts %j', (text) => {
    expect(liquidated(text)).toBe(true);
  });

  it.each([
    ['Neither party shall be responsible for liquidated damages.'],
    ['Supplier shall not be liable to Customer for any liquidated damages.'],
    ['Neither party shall be liable for any indirect, special, incidental, consequential or liquidated damages.'],
    ['Neither party shall be liable for any indirect, special, incidental, consequential and liquidated damages.'],
    ['Either party may terminate this Agreement if the other party is late in performing.'],
    ['Customer may terminate this Agreement at any time without payment of any termination fee.'],
    ['Customer may terminate this Agreement without incurring any early termination fee.'],
    ['Customer may terminate this Agreement without the payment of any cancelation charge.'],
    ['Customer may reduce its order quantities and pay the adjusted price without penalty.'],
    ['Customer may reduce its order quantities and pay the adjusted price without any penalty.'],
    ['Customer may reduce its order quantities and pay the adjusted price without the payment of any penalty.'],
    ['Customer may reduce its order quantities and pay the adjusted price without payment of any penalty.'],
    ['The term "late delivery charge" is defined in Section 1.'],
    ['Customer shall pay or reimburse Supplier for any penalties levied by the port authority.'],
    ['Carrier shall invoice Customer for any termination fees that its subcontractors pass on.'],
    ['Any termination fee charged by the other carrier is passed through at cost.'],
    ['Any termination charge imposed by third parties is passed through at cost.'],
    ['Supplier shall pay any fine or penalty imposed by a port authority.'],
    ['Supplier shall pay any cost or penalty imposed by a port authority.'],
    ['Supplier shall pay any loss or penalty imposed by a port authority.'],
    ['Supplier shall pay any damage or penalty imposed by a port authority.'],
    ['Supplier shall pay any judgment or penalty imposed by a port authority.'],
    ['Supplier shall pay any fine, penalty or surcharge imposed by a port authority.'],
    ['Supplier shall pay any penalty or fine imposed by a port authority.'],
    ['Supplier shall pay any penalty or cost imposed by a port authority.'],
    ['Supplier shall pay any penalty or loss imposed by a port authority.'],
    ['A cancelation fee applies to every purchase order cancelled less than ten days before shipment.'],
    ['Each order cancelled late bears a cancellation fee of 5%.'],
    ['Each shipment cancelled late bears a cancellation fee of 5%.'],
    ['Each reservation cancelled late bears a cancelation fee of 5%.'],
    ['The interconnect termination charge is set by the regulator.'],
    ['No cancelation fee shall be payable.'],
  ])('does not count %j', (text) => {
    expect(liquidated(text)).toBe(false);
  });
});

describe('liquidated damages named in a list of sums', () => {
  const found = (text: string) => extractFields(text).liquidatedDamages !== null;
  it('does not count a mention among other sums received, but counts an agreed sum', () => {
    expect(
      found(
        'Any amounts received by a Party as a consequence of letters of guarantee, liquidated damages, or other similar amounts under the Supply Contract shall be shared equally.',
      ),
    ).toBe(false);
    expect(found('The Supplier shall pay to the Buyer, as liquidated damages, or other agreed amount, $1,000 for each day of delay.')).toBe(
      true,
    );
    expect(found('The Supplier shall pay the Buyer $1,000 as liquidated damages and not as a penalty.')).toBe(true);
  });
});

// Invented drafting for each family of CUAD's definition, and the lookalikes a reviewer would confuse with it.
describe('liquidated damages: invented drafting of each family of the definition', () => {
  it.each([
    [
      'If the Contractor fails to complete the Works by the Completion Date, it shall pay the Employer liquidated damages at the rate of $1,000 for each day of delay.',
    ],
    ['The Parties agree that the sum of $50,000 shall be paid by Party B to Party A as liquidated damages upon any breach of Section 7.'],
    ['The Contractor shall pay stipulated damages of $2,000 per calendar day until Substantial Completion.'],
    [
      'In the event of termination by Client prior to the end of the Initial Term, Client shall pay to Provider a termination fee of $25,000.',
    ],
    ['If the Merger Agreement is terminated under Section 8.1(d), the Company shall pay Parent a break-up fee of $10,000,000.'],
    [
      '10.3 Early Termination Fee. If Client terminates this Agreement for convenience, Client will pay Vendor an early termination fee equal to six months of Service Fees.',
    ],
    [
      'Upon any termination of this Agreement by Licensee other than for cause, Licensee shall pay Licensor all fees that would have been payable for the remainder of the Term.',
    ],
    // a fixed sum for a breach or a failure to perform, without the name
    [
      'If Licensee fails to launch the Product by the Launch Date, Licensee shall pay Licensor USD 250,000 as agreed compensation for such delay.',
    ],
    ['The breaching Party shall pay the other Party EUR 10,000 for each breach of the exclusivity obligation.'],
    ['If Supplier fails to deliver the Goods by the Delivery Date, Supplier shall pay Buyer USD 1,000 for each day until delivery.'],
    // a sum per day of delay, the day first
    [
      'For each day by which delivery is delayed, the Seller shall pay the Buyer 0.5% of the price of the delayed Goods, up to a maximum of 10%.',
    ],
  ])('counts %j', (text) => {
    expect(liquidated(text)).toBe(true);
  });

  it.each([
    // late-payment interest and fees are `penaltyRate`
    ['Overdue amounts shall bear interest at the rate of 1.5% per month until paid.'],
    ['For each day that payment is late, interest shall accrue at 0.05% per day on the overdue amount.'],
    ['If Customer fails to pay any invoice when due, Customer shall pay a late charge of $50.'],
    // a fee that is not owed
    ['No early termination fee shall be payable if Customer terminates for cause.'],
    ['Customer shall not be charged any termination fee where the Agreement is terminated by Provider.'],
    ['Either party may terminate this Agreement for convenience on ninety days notice without penalty.'],
    // service credits, shortfalls of a minimum, penalties of the state, a penalty disclaimed
    ["Service credits are the Customer's sole and exclusive remedy for any failure to meet the Service Levels."],
    [
      'Should the Distributor fail to meet the Minimum Purchase, it shall pay the Supplier a shortfall payment equal to 20% of the difference.',
    ],
    [
      'If Distributor fails to purchase the Minimum Quantity in any year, Distributor shall pay Supplier USD 20,000 for each unit of shortfall.',
    ],
    ['Each Party shall be responsible for any fines or penalties imposed by any governmental authority as a result of its non-compliance.'],
    ['Nothing in this Agreement shall be construed as a penalty.'],
    ['Neither party shall be liable for any indirect, consequential, punitive or liquidated damages.'],
    ['In the event of any breach of this Agreement, the breaching party shall indemnify the other party against all losses.'],
    ['Upon termination, Customer shall pay for all Services performed up to the effective date of termination.'],
  ])('does not count %j', (text) => {
    expect(liquidated(text)).toBe(false);
  });
});

describe('liquidated damages: invented drafting with headings, defined fees and other currencies', () => {
  it.each([
    [
      '12.3 Cancellation Charges. If Customer cancels an Order after acceptance, Customer shall pay the cancellation charges in Schedule 4.',
    ],
    [
      'Should Licensee terminate this Agreement prior to the third anniversary of the Effective Date, Licensee shall pay an exit fee of USD 1,000,000.',
    ],
    ['The Parties agree that the Break Fee is a reasonable estimate of the damages Buyer would suffer and is not a penalty.'],
    [
      'If Seller fails to deliver on time, Seller shall pay liquidated damages of 1% of the Contract Price per week of delay, capped at 10%.',
    ],
    ['In the event that the Employee breaches Section 6, the Employee shall pay the Company RMB 100,000.'],
  ])('counts %j', (text) => {
    expect(liquidated(text)).toBe(true);
  });

  it.each([
    ['Interest on late payments shall accrue at the rate of 1% per month.'],
    ["The service credits set out in Schedule 5 shall be Customer's sole remedy for failure to meet the Service Levels."],
    ['Neither Party shall be liable to the other for punitive, exemplary or liquidated damages.'],
    ['Upon termination, the Licensee shall pay all accrued royalties within thirty days.'],
    ['The registration fee is USD 500 and is payable upon signing.'],
    ['If the Customer fails to pay any invoice within 30 days, the Customer shall pay the Supplier USD 100 as an administration charge.'],
  ])('does not count %j', (text) => {
    expect(liquidated(text)).toBe(false);
  });
});
