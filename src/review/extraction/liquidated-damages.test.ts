import { describe, expect, it } from 'vitest';
import { extractFields } from './extract-fields.js';

const liquidated = (text: string) => extractFields(text).liquidatedDamages !== null;

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
