import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.js';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { extractMinimumCommitment } from './minimum-commitment.js';
import { buildTextView } from './text-view.js';

const committed = (text: string) => extractFields(text).minimumCommitment !== null;

describe('minimum commitment: "no fewer than" and guaranteed amounts', () => {
  it.each([
    ['Each Purchase Order shall be for no fewer than 1,000 cases.'],
    ['Sponsor shall purchase no fewer than twenty (20) advertising spots per month.'],
    ['Company guarantees that Licensor will receive royalties of no less than $100,000 per year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The Products shall be delivered within no fewer than thirty (30) days of the order.'],
    ['Customer shall not be obligated to purchase any minimum quantity of Products.'],
    ['Supplier guarantees that the Products will be delivered at least thirty (30) days before the launch date.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a firm quantity without the word "minimum"', () => {
  it.each([
    ['Customer commits to purchase 500 units per month during the Term.'],
    ['Buyer shall purchase two thousand (2,000) tons of Product in each calendar quarter.'],
    ['Distributor agrees to purchase from Company the quantities of Products set forth in Exhibit B.'],
    ['The first three (3) months of each rolling forecast shall be binding firm purchase orders by Customer.'],
    ['Purchaser shall purchase not less than ninety percent (90%) of the quantities ordered in the binding forecast.'],
    ['Company agrees to purchase a total of $2,000,000 of Products over the Term.'],
    ['Advertiser commits to spend $500,000 on advertising during the Term.'],
    ['Buyer shall pay for any shortfall between the quantity purchased and the Committed Volume.'],
    ['If Customer purchases fewer units than the Annual Volume in any year, Customer shall pay Supplier the difference.'],
    ['Subject to this Section, the first quarter of each Rolling Forecast shall constitute a binding order for the quantities specified.'],
  ])('counts %j', (text) => {
    expect(extractFields(text).minimumCommitment).not.toBeNull();
  });

  it.each([
    ['Supplier shall deliver 500 units per month in accordance with the Forecast.'],
    ['Customer may purchase the quantities of Products it requires from time to time.'],
    ['Distributor shall purchase Products at the prices set forth in Exhibit B.'],
    ['Each rolling forecast shall be a non-binding, good faith estimate of Customer requirements.'],
    ['Buyer agrees to purchase the Shares for $5,000,000 at the Closing.'],
    ['If any such inspection discloses a shortfall, the appropriate party shall promptly pay the amount of such shortfall.'],
    ['Supplier shall use its best efforts to make up any shortfall in shipment quantity as soon as practicable.'],
    ['Supplier shall deliver at least ninety-five percent (95%) of all Products ordered by the requested delivery date.'],
    ['If Supplier fails to supply at least [* * *] of the units of Product ordered by Customer, Customer may terminate this Agreement.'],
  ])('does not count %j', (text) => {
    expect(extractFields(text).minimumCommitment).toBeNull();
  });
});

describe('minimum commitment: each named minimum that a party must meet', () => {
  it.each([
    ['Distributor shall achieve the Minimum Annual Sales for each Contract Year.'],
    ['Distributor must satisfy the Minimum Purchase for each Contract Year.'],
    ['Reseller shall meet the minimum quarterly purchasing level for each quarter.'],
    ['Customer shall pay the Minimum Monthly Fee whether or not any Services are used.'],
    ['Licensee shall pay Licensor the Minimum Guaranteed Royalty for each Royalty Year.'],
    ['Customer shall maintain the Minimum Total Spend during each Contract Year.'],
    ['Company shall pay the minimum initial payments to Licensor on the Effective Date.'],
    ['Licensee must achieve the minimum firm commitment each year.'],
    ['Distributor shall meet the minimum sales targets for the Territory.'],
    ['Reseller shall meet the minimum units for each quarter.'],
    ['Distributor shall meet the minimum number of Products sold each year.'],
    ['Distributor shall meet the minimum performance standards set forth in Exhibit C.'],
    ['Distributor shall maintain the minimum marketing spend for each year.'],
    ['Distributor shall maintain the minimum marketing expenditure for each year.'],
    ['Distributor shall maintain the minimum advertising for each year.'],
    ['Publisher shall deliver the minimum impressions in each month.'],
    ['Supplier shall maintain the minimum capacity reserved for Customer.'],
    ['Customer shall meet the minimum take for each Contract Year.'],
    ['Customer shall meet the minimum buy for each Contract Year.'],
    ['Customer shall pay the minimum service charge each month.'],
    ['Customer shall pay a minimum amount equal to $50,000 per year.'],
    ['Customer shall pay a minimum amount of €20,000 per year.'],
    ['Customer shall pay a minimum amount of £20,000 per year.'],
    ['Customer shall pay a minimum amount of US$20,000 per year.'],
    ['Customer shall pay a minimum amount of USD 20,000 per year.'],
    ['Each Purchase Order must be for the minimum economic lot.'],
    ['Licensee shall pay the minimum royalty percentage on all sales.'],
    ['Advertiser shall buy the minimum monthly page views each month.'],
    ['Advertiser shall buy the minimum monthly impressions each month.'],
    ['Customer shall pay the annual minimum to Licensor.'],
    ['Customer shall pay the monthly minimum to Licensor.'],
    ['Customer shall pay the quarterly minimum to Licensor.'],
    ['Customer shall pay the yearly minimum to Licensor.'],
    ['Customer shall make deficiency payments to Supplier each quarter.'],
    ['Distributor shall meet the sales target for each year.'],
    ['Distributor shall meet the purchase target for each year.'],
    ['Distributor shall meet the revenue target for each year.'],
    ['Supplier guarantees that it will deliver the Products each month.'],
    ['Supplier guarantees it will deliver the Products each month.'],
    ['Licensee shall pay the guaranteed annual fee to Licensor.'],
    ['Licensee shall pay the guaranteed payments to Licensor.'],
    ['Licensee shall pay the guaranteed royalties to Licensor.'],
    ['Licensee shall pay the guaranteed revenue to Licensor.'],
    ['Licensee shall pay the guaranteed sums to Licensor.'],
    ['Licensee shall pay the guaranteed compensation to Licensor.'],
    ['Each order must satisfy the MOQ.'],
    ['This is a take-or-pay agreement and Customer shall pay accordingly.'],
    ['This is a take or pay agreement and Customer shall pay accordingly.'],
    ['Distributor shall meet the sales quota for each year.'],
    ['Distributor shall meet the purchase quota for each year.'],
    ['Distributor shall meet the performance quota for each year.'],
    ['Distributor shall meet the volume quota for each year.'],
    ['Distributor shall meet the revenue quota for each year.'],
    ['Distributor shall meet the annual quota for each year.'],
    ['Distributor shall meet the quota for each year.'],
    ['If Distributor fails to achieve the revenues stated above, Company may terminate.'],
    ['If Distributor does not meet the sales levels above, Company may terminate.'],
    ['If Distributor do not reach the quotas above, Company may terminate.'],
    ['If Distributor did not attain the targets, Company may terminate this Agreement.'],
    ['Distributor shall maintain a minimum of $1,000,000 in purchases.'],
    ['Distributor shall maintain a minimum of 10 stores.'],
    ['Distributor shall maintain a minimum of ten (10) stores.'],
    ['Distributor shall buy, at least the following quantities:'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: floors that are not a commitment to buy, sell or pay', () => {
  it.each([
    ['There is no minimum purchase requirement, and Customer shall pay only for Products actually ordered.'],
    ['Distributor must purchase at least $100,000 of Products in a calendar year to qualify for the volume discount.'],
    ['Reseller shall purchase not less than 1,000 units per year to be eligible for Gold Partner status.'],
    ['Customer shall pay a deposit of not less than $10,000 with each purchase order.'],
    ['Nothing in this Agreement obligates Customer to purchase at least any quantity of Products.'],
    ['Customer shall not be obligated to purchase at least any particular quantity of Products.'],
    ['Customer shall not be required to order at least any quantity of Products.'],
    ['Supplier shall purchase insurance with limits of not less than $5,000,000 per occurrence.'],
    ['Supplier shall pay its employees at least the minimum wage required by law.'],
    ['Supplier shall sell Products only to purchasers of at least the minimum age required by law.'],
    ['All Products purchased shall meet at least the minimum standards set forth in Exhibit A.'],
    ['All Products purchased shall meet at least the minimum specifications set forth in Exhibit A.'],
    ['Supplier shall pay its personnel at least the minimum requirements of applicable law.'],
    ['Supplier shall pay its personnel at least the minimum requirements of law.'],
    ['Customer shall pay into the Account such sums as keep at least a minimum balance of $10,000.'],
    ['Supplier shall procure and maintain at least a minimum credit rating of BBB.'],
    ['Supplier shall procure coverage of not less than $2,000,000 per claim.'],
    ['Supplier shall deliver service levels of not less than 99.9% availability.'],
    ['Supplier shall deliver an SLA of not less than 99.5% each month.'],
    ['Supplier shall guarantee uptime of at least 99.9% each month.'],
    ['Customer shall pay at least thirty percent (30%) of the total order price upon placing each order.'],
    ['Customer shall pay at least 30% of the purchase value upon placing each order.'],
    ['Customer shall pay at least 30% of the contract amount upon signing.'],
    ['Customer shall order Products by written notice given not less than one fortnight before shipment.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: targets only named, cross-references, headings and examples in passing', () => {
  it.each([
    ['Confidential Information includes sales targets, prices and the minimum purchase quantities Distributor shall meet.'],
    ['The parties shall establish sales targets and minimum purchase requirements for each year.'],
    ['The parties shall negotiate the minimum purchase quantities that Distributor must order each year.'],
    ['The parties shall agree on the minimum purchase quantities for each year.'],
    ['The parties shall agree upon the minimum purchase quantities for each year.'],
    ['"Minimum Fee" has the meaning given in Section 7.2 of Schedule B.'],
    ['SCHEDULE 2: MINIMUM ANNUAL PURCHASE AMOUNTS (US$) TO BE MET BY DISTRIBUTOR IN EACH CONTRACT YEAR'],
    ['Minimum Purchase of $1,000,000'],
    ['Customer shall order Products in the quantities it requires (including minimum order quantities of 500 units).'],
    ["Customer shall order Products in accordance with Supplier's terms (includes minimum order quantities of 500 units)."],
    ["Customer shall order Products in accordance with Supplier's terms (e.g., minimum order quantities of 500 units)."],
    ["Customer shall order Products in accordance with Supplier's terms (such as minimum order quantities of 500 units)."],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: floors on time, a hedge, availability, or no floor at all', () => {
  it.each([
    ['Customer shall purchase Products, and Supplier shall ship them at least 30 days after each order.'],
    ['Customer shall purchase Products, and Supplier shall deliver them within not less than 10 business days.'],
    ['Customer shall purchase the Products and Supplier shall deliver them at least [***] in advance of the launch.'],
    ['Customer shall order Products at least [* * *] prior to the requested delivery date.'],
    ['Customer shall order Products not less than ___ before the requested delivery date.'],
    ['Customer shall order Products no less than *** after the forecast is issued.'],
    ['Customer shall purchase Products at least [***] of lead time before delivery.'],
    ['Supplier shall supply the Products with a minimum of delay.'],
    ['Distributor shall at a minimum purchase Products sufficient to meet market demand in the Territory.'],
    ['Supplier shall supply the Service at least ninety-five (95) percent of the time.'],
    ['Supplier shall supply the Service not less than 99.5 percent of the time.'],
    ['Supplier shall supply the Service a minimum of ninety-five (95) percent of the time.'],
    ['Supplier shall ensure the System is available a minimum of 95% of the time.'],
    ['Customer shall pay for Products ordered and shall not be subject to any minimum purchase requirement.'],
    ['Customer shall pay for Products ordered, free of any minimum purchase requirement.'],
    ['Customer shall pay for Products ordered, without any minimum purchase requirement.'],
    ['Customer shall pay for Products ordered, without any individual minimum order quantity.'],
    ['Supplier shall supply the Products at least as fast as it supplies its other customers.'],
    ['Customer shall purchase at least some of its requirements from Supplier.'],
    ['Customer shall purchase at least part of its requirements from Supplier.'],
    ['Customer shall purchase at least partly from Supplier.'],
    ['Customer shall purchase at least in part from Supplier.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a verb of buying, selling or paying before "at least"', () => {
  it.each([
    ['Customer shall purchase at least 1,000 units per year.'],
    ['Customer shall procure not less than 1,000 units per year.'],
    ['Company shall sell no less than 1,000 units per year.'],
    ['Licensee shall pay no fewer than 1,000 units per year.'],
    ['Licensee shall pay not fewer than 1,000 units.'],
    ['Licensee shall spend not less than $500,000 on advertising each year.'],
    ['Buyer shall acquire no less than 1,000 units per year.'],
    ['Licensee shall license at least five (5) titles per year.'],
    ['Distributor shall generate at least $2,000,000 in net sales per year.'],
    ['Distributor shall achieve at least $2,000,000 in net sales per year.'],
    ['Customer shall fund not less than $2,000,000 for the program.'],
    ['Investor shall invest at least $2,000,000 in the Company.'],
    ['Franchisee shall set up at least ten (10) stores.'],
    ['Franchisee shall open at least ten (10) stores.'],
    ['Contractor shall tender not less than 10,000 tons each quarter.'],
    ['Partner shall contribute not less than $2,000,000 to the venture.'],
    ['Partner shall capitalize the venture with at least $21,614,000.'],
    ['Partner shall capitalise the venture with at least $21,614,000.'],
    ['Network shall make available not less than ten programs.'],
    ['Supplier shall produce not less than 10,000 units per year.'],
    ['Buyer shall buy no less than 10,000 units per year.'],
    ['Buyer is buying no less than 10,000 units per year.'],
    ['Buyer shall order at least 10,000 units per year.'],
    ['Buyer shall place orders totalling not less than $1,000,000 in each year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: firm quantities per period, scheduled quantities, shortfalls and binding forecasts', () => {
  it.each([
    ['Customer will purchase 1,000 tonnes of Product every month.'],
    ['Buyer agrees to order five hundred (500) cases of Product per calendar month.'],
    ['Buyer commits to take 10,000 gallons of fuel in each contract year.'],
    ['Customer shall purchase 50 kilograms of the Compound every week.'],
    ['Customer shall purchase 50 kg of the Compound a week.'],
    ['Customer shall purchase 400 pounds of coffee per month.'],
    ['Customer shall purchase 400 lbs of coffee per month.'],
    ['Customer shall purchase 900 litres of Product per quarter.'],
    ['Customer shall purchase 900 liters of Product per quarter.'],
    ['Customer shall purchase 1,000 doses of Vaccine per month.'],
    ['Customer shall purchase 1,000 vials of Vaccine per month.'],
    ['Customer shall purchase 1,000 pieces of Product per year.'],
    ['Customer shall purchase 5 ton of steel per day.'],
    ['Customer shall purchase 1,000 units of Product per month during the Term.'],
    ['Distributor shall order the annual quantities of Products set out in Schedule 2.'],
    ['Distributor will buy the monthly volumes specified in Appendix 1.'],
    ['Distributor shall purchase from Supplier the quarterly amounts of Product stated in Attachment A.'],
    ['Distributor agrees to purchase the volumes listed on Annex 3.'],
    ['Company will purchase a total of $2,000,000 of Products over the Term.'],
    ['Company agrees to buy an aggregate of US$2,000,000 of Products over the Term.'],
    ['Company shall purchase €2,000,000 of Products over the Term.'],
    ['Company shall purchase £2,000,000 of Products over the Term.'],
    ['Buyer shall pay for any shortfall in the volumes purchased below the Annual Volume.'],
    ['Buyer shall pay the shortfall in purchases against the Committed Volume.'],
    ['Buyer shall pay for any shortfall between the units ordered and the Annual Volume.'],
    ['Buyer shall pay Seller for the shortfall in orders below the Annual Volume.'],
    ['If Buyer takes less product than the Annual Contract Quantity, Buyer shall pay the difference.'],
    ['Each Forecast shall be a binding purchase order for the first month.'],
    ['The forecasts for the first quarter will be firm orders.'],
    ['The forecast for the first quarter constitutes a firm commitment of Customer.'],
    ['The forecast for Month 1 is a binding obligation of Customer to purchase.'],
    ['Each forecast shall be deemed a firm and binding purchase order for its first month.'],
    ['The binding portion of each rolling Forecast shall be three months.'],
    ['Customer shall order Products in the binding period of any Forecast.'],
    ['Customer shall purchase during the binding part of such forecasts the quantities stated.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The forecast for Month 1 shall be a non-binding commitment of Customer.'],
    ['Customer shall purchase Products in the non-binding portion of each Forecast.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a named minimum counts when owed, missed, payable or stated', () => {
  it.each([
    ['Distributor shall reach the Minimum Annual Sales in each Contract Year.'],
    ['Distributor will attain the Minimum Annual Sales in each Contract Year.'],
    ['Distributor agrees to procure the Minimum Annual Purchase in each Contract Year.'],
    ['Distributor agree to order the Minimum Annual Purchase in each Contract Year.'],
    ['Supplier undertakes to ship the Minimum Annual Volume in each Contract Year.'],
    ['Distributor commits to generate the Minimum Annual Revenue in each Contract Year.'],
    ['Licensee commit to make the Minimum Royalty Payments in each Contract Year.'],
    ['Licensee is obligated to spend the Minimum Marketing Spend in each Contract Year.'],
    ['Licensees are required to sell the Minimum Annual Sales in each Contract Year.'],
    ['Supplier shall guarantee the Minimum Annual Capacity in each Contract Year.'],
    ['Reseller shall fulfill the Minimum Purchase Commitment in each Contract Year.'],
    ['Reseller shall fulfil the Minimum Purchase Commitment in each Contract Year.'],
    ['Publisher shall provide the Minimum Impressions in each Contract Year.'],
    ['Failure to buy the Minimum Annual Quantity in any Contract Year entitles Supplier to terminate.'],
    ['Failure of the Distributor to purchase the Minimum Annual Quantity entitles Supplier to terminate.'],
    ['If Distributor fails to order the Minimum Annual Quantity, Supplier may terminate this Agreement.'],
    ['If Distributor fails to ship the Minimum Annual Quantity, Supplier may terminate this Agreement.'],
    ['If Licensee fails to generate the Minimum Annual Revenue, Licensor may terminate this Agreement.'],
    ['If Licensee failed to make the Minimum Royalty Payment, Licensor may terminate this Agreement.'],
    ['If Licensee does not pay the Minimum Royalty when due, Licensor may terminate this Agreement.'],
    ['If Distributor does not satisfy the Minimum Annual Quantity, Supplier may terminate this Agreement.'],
    ['The Minimum Royalty for each year is not less than the royalties for the prior year.'],
    ['The Minimum Royalty for each year is the greater of the royalties for the prior year and the Base Royalty.'],
    ['The Minimum Royalty for each year is equal to or greater than the royalties for the prior year.'],
    ['The Minimum Royalty for each year is equal to or more than the royalties for the prior year.'],
    ['Licensor is entitled to receive the Minimum Royalty for each year.'],
    ['The Minimum Purchase Requirements for each year appear in the Business Plan.'],
    ['The Minimum Purchase Obligation for each year is fixed by the Business Plan.'],
    ['The Minimum Royalty payable for each year is fixed by the Business Plan.'],
    ['The Minimum Royalty owed for each year is reduced by any running royalties paid.'],
    ['The Minimum Annual Royalty for each year is $50,000.'],
    ['The Minimum Annual Royalty for each year is US$50,000.'],
    ['The Minimum Annual Royalty for each year is USD 50,000.'],
    ['The Minimum Annual Royalty for each year is €50,000.'],
    ['The Minimum Annual Royalty for each year is £50,000.'],
    ['The Minimum Annual Royalty for each year is [***].'],
    ['The Minimum Annual Royalty for each year is ***.'],
    ['The Minimum Annual Purchase for each year is 10,000 units.'],
    ['The Minimum Annual Royalty for each year is five percent of Net Sales.'],
    ['The Minimum Annual Royalty for each year is 5% of Net Sales.'],
    ['The Minimum Annual Purchase for each year is 10,000 cases.'],
    ['The Minimum Annual Purchase for each year is 400 pieces.'],
    ['The Minimum Annual Purchase for each year is 400 items.'],
    ['The Minimum Annual Purchase for each year is 400 tons.'],
    ['The Minimum Annual Purchase for each year is 400 barrels.'],
    ['The Minimum Annual Purchase for each year is 400 gallons.'],
    ['The Minimum Annual Purchase for each year is 400 pounds.'],
    ['The Minimum Annual Purchase for each year is 400 copies.'],
    ['The Minimum Annual Purchase for each year is 40 orders.'],
    ['The Minimum Marketing Spend is two (2) e-blasts per year.'],
    ['The Minimum Marketing Spend is two (2) e-blasts each quarter.'],
    ['The Minimum Advertising is four (4) times a year.'],
    ['The Minimum Annual Purchase for each year is specified in the Business Plan.'],
    ['The Minimum Annual Purchase for each year is listed in the Business Plan.'],
    ['The Minimum Annual Purchase for each year is stated in the Business Plan.'],
    ['The Minimum Annual Purchase for each year is provided in the Business Plan.'],
    ['The Minimum Annual Purchase for each year is set forth in the Business Plan.'],
    ['The Minimum Annual Purchase for each year appears on Exhibit C.'],
    ['The Minimum Annual Purchase for each year appears on Appendix C.'],
    ['The Minimum Annual Purchase for each year appears in Attachment C.'],
    ['The Minimum Annual Purchase for each year appears in Annex C.'],
    ['The Minimum Annual Purchase for each year appears in Schedule C.'],
    ['The Minimum Annual Purchase for the first year is equal to 5 million.'],
    ['The Minimum Annual Purchase for the first year shall be more than 5 million.'],
    ['The Minimum Annual Purchase for each year is as follows:'],
    ['The Minimum Annual Purchase for each year is the following amounts of Product.'],
    ['The Minimum Annual Purchase is the following schedule of quantities.'],
    ['The Minimum Annual Purchase will be the following sales targets.'],
    ['The Minimum Annual Purchase for each year is:'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The Minimum Royalty shall be credited against running royalties for each year.'],
    ['The Minimum Royalty shall be credited against running royalties due on the 25th day of each year.'],
    ['Royalties in excess of the minimum royalty for each year shall be paid in arrears.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a definition counts for the amount it sets', () => {
  it.each([
    ['"Minimum Annual Purchase" means 10,000 units per Contract Year.'],
    ['"Minimum Royalty" means $50,000 per Royalty Year.'],
    ['"Minimum Royalty" means US$50,000 per Royalty Year.'],
    ['"Minimum Royalty" means USD 50,000 per Royalty Year.'],
    ['"Minimum Royalty" means €50,000 per Royalty Year.'],
    ['"Minimum Royalty" means £50,000 per Royalty Year.'],
    ['"Minimum Royalty" means [***] per Royalty Year.'],
    ['"Minimum Royalty" means *** per Royalty Year.'],
    ['"Minimum Royalty" means five percent of Net Sales in each Royalty Year.'],
    ['"Minimum Royalty" means 5% of Net Sales in each Royalty Year.'],
    ['"Minimum Purchase" means purchases of not less than one hundred thousand Products in each Contract Year.'],
    ['"Minimum Purchase" means purchases of at least one hundred thousand Products in each Contract Year.'],
    ['"Minimum Purchase" means the purchases set forth in the Business Plan.'],
    ['"Minimum Purchase" means the purchases specified in the Business Plan.'],
    ['"Minimum Purchase" means the purchases listed on the Business Plan.'],
    ['"Minimum Purchase" means the purchases stated at the foot of the Business Plan.'],
    ['"Minimum Purchase" means the purchases in Exhibit 4.'],
    ['"Minimum Purchase" means the purchases in Schedule 4.'],
    ['"Minimum Purchase" means the purchases in Appendix 4.'],
    ['"Minimum Purchase" means the purchases in Attachment 4.'],
    ['"Minimum Purchase" means the purchases in Annex 4.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['"Minimum Purchase" shall mean the purchases Distributor must make in each Contract Year.'],
    ['"Minimum Purchase" means the purchases Distributor must make in each Contract Year.'],
    ['"Minimum Purchase" is defined as the purchases Distributor must make in each Contract Year.'],
    ['"Minimum Purchase" means the purchases Distributor must make in 2 Contract Years.'],
    ['"Minimum Purchase" means the Units Distributor must purchase in each Contract Year.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: each word that lets a sentence be read at all', () => {
  it.each([
    ['Customer shall take 10,000 tons of coal per month (the Min Take).'],
    ['The sales quota for each year is $1,000,000.'],
    ['The sales target for each year is $1,000,000.'],
    ['If Distributor does not reach the sales stated in Schedule 2, Company may terminate.'],
    ['If Distributor does not attain the sales stated in Schedule 2, Company may terminate.'],
    ['If Distributor does not achieve the sales stated in Schedule 2, Company may terminate.'],
    ['If Distributor does not meet the sales stated in Schedule 2, Company may terminate.'],
    ['Licensee shall pay not less than $10,000 each year.'],
    ['Licensee shall spend no less than $10,000 each year.'],
    ['Buyer shall pay for any shortfall in the volumes taken below the Annual Volume.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: Chinese minimum purchase or sales (the English rule itself, not the Chinese fallback)', () => {
  const ruleFinds = (text: string) => extractMinimumCommitment(buildTextView(text, splitClauses(text))) !== null;
  it.each([
    ['买方每年最低采购量为1000件。'],
    ['买方每年采购数量不少于1000件。'],
    ['买方每年最低订购额为100万元。'],
    ['买方每年的采购额不低于100万元。'],
  ])('counts %j', (text) => {
    expect(ruleFinds(text)).toBe(true);
  });
});

describe('minimum commitment: lead times, redacted lead times and pointers to a definition elsewhere', () => {
  it.each([
    ['Customer shall order Products not less than thirty (30) days before the requested delivery date.'],
    ['Customer shall order Products no less than 60 calendar days before the requested delivery date.'],
    ['Customer shall order Products a minimum of 90 days before the requested delivery date.'],
    ['Customer shall order Products at least [***] days before the requested delivery date.'],
    ['Customer shall order Products at least *** days before the requested delivery date.'],
    ['Customer shall order Products at least ____ days before the requested delivery date.'],
    ['Customer shall order Products at least one year before the requested delivery date.'],
    ['Customer shall order Products at least twelve consecutive months before the requested delivery date.'],
    ['Customer shall order Products at least four full weeks before the requested delivery date.'],
    ['Customer shall order Products at least 48 hours before the requested delivery time.'],
    ['Customer shall order Products at least 30 minutes before the requested delivery time.'],
    ['Customer shall order Products at least 2 day before the requested delivery time.'],
    ['Customer shall order Products at least 1 month before the requested delivery time.'],
    ['Customer shall order Products at least 1 week before the requested delivery time.'],
    ['Customer shall order Products at least 1 hour before the requested delivery time.'],
    ['Customer shall order Products at least 1 minute before the requested delivery time.'],
    ['Customer shall order Products not less than [***] in advance of the requested delivery date.'],
    ['Customer shall order Products no less than ___ prior to the requested delivery date.'],
    ['Customer shall order Products at least **** after the forecast is issued.'],
    ['Customer shall order Products at least [ * ] of lead time before delivery.'],
    ['Customer shall order Products at least [***]lead time before delivery.'],
    ['Customer shall order Products at least [* * *] before delivery.'],
    ['"Minimum Fee", has the meaning set forth in Exhibit C.'],
    ['"Minimum Fee" shall have the meaning set forth in Exhibit C.'],
    ['"Minimum Fee" has the meaning set forth in Exhibit C.'],
    ['"Minimum Royalties" mean the royalties Licensee must pay in each Royalty Year.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: singular and plural, each qualifier, and words between "minimum" and the noun', () => {
  it.each([
    ['Distributor shall meet the minimum purchase for each Contract Year.'],
    ['Distributor shall place the minimum order for each Contract Year.'],
    ['Distributor shall purchase the minimum quantity for each Contract Year.'],
    ['Distributor shall purchase the minimum quantities for each Contract Year.'],
    ['Distributor shall purchase the minimum volume for each Contract Year.'],
    ['Distributor shall purchase the minimum volumes for each Contract Year.'],
    ['Distributor shall meet the minimum commitment for each Contract Year.'],
    ['Distributor shall meet the minimum commitments for each Contract Year.'],
    ['Distributor shall generate the minimum revenue for each Contract Year.'],
    ['Distributor shall generate the minimum revenues for each Contract Year.'],
    ['Licensee shall pay the minimum royalty for each Contract Year.'],
    ['Licensee shall pay the minimum royalties for each Contract Year.'],
    ['Licensee shall pay the minimum fee for each Contract Year.'],
    ['Licensee shall pay the minimum fees for each Contract Year.'],
    ['Licensee shall pay the minimum payment for each Contract Year.'],
    ['Licensee shall pay the minimum payments for each Contract Year.'],
    ['Distributor shall meet the minimum target for each Contract Year.'],
    ['Distributor shall meet the minimum targets for each Contract Year.'],
    ['Distributor shall meet the minimum annual purchase for each Contract Year.'],
    ['Distributor shall meet the minimum monthly purchase for each month.'],
    ['Distributor shall meet the minimum quarterly purchase for each quarter.'],
    ['Distributor shall meet the minimum yearly purchase for each Contract Year.'],
    ['Distributor shall meet the minimum aggregate purchase for the Term.'],
    ['Distributor shall meet the minimum guaranteed purchase for each Contract Year.'],
    ['Distributor shall meet the minimum total purchase for each Contract Year.'],
    ['Distributor shall meet the minimum firm purchase for each Contract Year.'],
    ['Distributor shall meet the minimum initial purchase upon signing.'],
    ['Licensee shall pay the minimum annual guaranteed royalty for each Contract Year.'],
    ['Customer shall pay the minimum charge each month.'],
    ['Customer shall pay the minimum monthly standby service charge each month.'],
    ['Customer shall order the minimum batch quantity for each shipment.'],
    ['Customer shall order the minimum production batch quantities for each shipment.'],
    ['Customer shall order the minimum contracted gas volume each day.'],
    ['Customer shall order the minimum contracted gas volumes each day.'],
    ['Customer shall order the minimum production lot for each shipment.'],
    ['Customer shall place the minimum weekly order each week.'],
    ['Licensee shall pay the minimum royalty rate percentage on all Net Sales.'],
    ['Licensee shall pay the minimum royalty rate percentages on all Net Sales.'],
    ['Advertiser shall buy the minimum daily page views each month.'],
    ['Customer shall meet its volume commitments each year.'],
    ['Customer shall meet its minimum commitments each year.'],
    ['Customer shall make the deficiency payment to Supplier each quarter.'],
    ['Distributor shall meet the sale target for each year.'],
    ['Distributor shall meet the sales targets for each year.'],
    ['Supplier guarantee that it will deliver the Products each month.'],
    ['Supplier guarantees that will deliver the Products each month.'],
    ['Licensee shall pay the guaranteed fee to Licensor.'],
    ['Licensee shall pay the guaranteed fees to Licensor.'],
    ['Licensee shall pay the guaranteed payment to Licensor.'],
    ['Licensee shall pay the guaranteed royalty to Licensor.'],
    ['Licensee shall pay the guaranteed sum to Licensor.'],
    ['Licensee shall pay the guaranteed minimum annual fee to Licensor.'],
    ['Licensee shall pay the guaranteed revenues to Licensor.'],
    ['Distributor shall meet the sales quotas for each year.'],
    ['If Distributor fail to achieve the targets, Company may terminate this Agreement.'],
    ['If Distributor failed to meet the revenue, Company may terminate this Agreement.'],
    ['If Distributor fails to meet the target, Company may terminate this Agreement.'],
    ['If Distributor fails to meet the volume, Company may terminate this Agreement.'],
    ['If Distributor fails to meet the minimum, Company may terminate this Agreement.'],
    ['If Distributor fails to meet the purchase, Company may terminate this Agreement.'],
    ['If Distributor fails to meet the order, Company may terminate this Agreement.'],
    ['If Distributor fails to meet the quota, Company may terminate this Agreement.'],
    ['If Distributor does not achieve the forecast net sales of Products in the Territory, Company may terminate.'],
    ['If Distributor does not meet in any year the targets, Company may terminate this Agreement.'],
    ['Distributor shall maintain a minimum of €1,000,000 in purchases.'],
    ['Distributor shall maintain a minimum of £1,000,000 in purchases.'],
    ['Distributor shall buy, not less than the following amounts:'],
    ['Distributor shall buy, no less than the following volumes:'],
    ['Distributor shall buy, at least the following numbers:'],
    ['Distributor shall buy, at least the following levels:'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: each form of the verb before "at least", with no quantity per period', () => {
  it.each([
    ['Buyer shall purchase at least 10,000 units during the Term.'],
    ['Buyer purchases at least 10,000 units of Product during the Term under this Agreement.'],
    ['Buyer shall order at least 10,000 units during the Term.'],
    ['Buyer will be ordering at least 10,000 units of Product during the Term under this Agreement.'],
    ['Buyer shall buy at least 10,000 units during the Term.'],
    ['Buyer buys at least 10,000 units of Product during the Term under this Agreement and the Supply Agreement.'],
    ['Buyer is buying at least 10,000 units during the Term.'],
    ['Contractor shall tender at least 10,000 tons during the Term.'],
    ['Contractor has tendered at least 10,000 tons during the Term.'],
    ['Partner shall contribute at least $2,000,000 to the venture.'],
    ['Partner contributes at least $2,000,000 to the venture under this Agreement and the Operating Agreement.'],
    ['Customer shall commit at least $2,000,000 to the program during the Term.'],
    ['Customer shall guarantee at least $2,000,000 in annual revenue.'],
    ['Customer guarantees at least $2,000,000 in annual revenue to Supplier under this Agreement during the Term.'],
    ['Customer has guaranteed at least $2,000,000 in annual revenue to Supplier under this Agreement during the Term.'],
    ['The Company sold at least 1,000 units in the prior year and shall continue to do so.'],
    [
      'Buyer shall purchase, during each of the first three Contract Years following the Effective Date of this Agreement, at least 10,000 units.',
    ],
    ['Buyer shall purchase at least 10,000 units, or a minimum of 5,000 cases, during the Term.'],
    ['Buyer shall purchase a minimum of 10,000 units during the Term.'],
    ['Buyer shall purchase not fewer than 10,000 units during the Term.'],
    ['Franchisee shall open a minimum of five stores during the Term.'],
    ['Franchisee shall open a minimum of twenty-five stores during the Term.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: the forms a firm quantity, a shortfall payment or a binding forecast takes', () => {
  it.each([
    ['Customer shall promptly purchase 1,000 units of Product each month.'],
    ['The Customers agree to purchase 1,000 units of Product each month.'],
    ['The Customers commit to purchase 1,000 units of Product each month.'],
    ['The Customers undertake to purchase 1,000 units of Product each month.'],
    ['Customer undertakes to purchase 1,000 units of Product each month during the Term of this Agreement.'],
    ['Customer shall purchase one thousand five hundred (1,500) units of Product each month.'],
    ['Customer shall purchase 1,500 metric tons of ore in each calendar year.'],
    ['Customer shall purchase 1 tonne of Product every day.'],
    ['Customer shall purchase 1 kilogram of Product every day.'],
    ['Customer shall purchase 2,000 units of Product per week.'],
    ['Distributor shall purchase the amounts set out on Schedule 4.'],
    ['Distributor shall purchase the quantities of Product set forth in Schedule 4.'],
    ['Distributor shall purchase the quantities of the Licensed Product set forth in Schedule 4.'],
    ['Company shall purchase USD2,000,000 of Products over the Term.'],
    ['Company shall purchase $ 2,000,000 of Products over the Term.'],
    ['Company shall buy in the aggregate $2,000,000 of Products over the Term.'],
    ['Buyer shall pay for any shortfall in the quantity purchased below the Annual Volume.'],
    ['Buyer shall pay for any shortfall in the quantities purchased below the Annual Volume.'],
    ['Buyer shall pay for any shortfall in the volume purchased below the Annual Volume.'],
    ['Buyer shall pay for any shortfall in the units purchased below the Annual Volume.'],
    ['Buyer shall pay for any shortfall in annual contract volume below the Annual Volume.'],
    ['Buyer shall make a payment equal to the shortfall between the volume purchased and the Annual Volume.'],
    ['If Buyer purchases less than the Annual Volume, Buyer shall pay Seller the difference.'],
    ['The Forecasts are binding commitments of Customer.'],
    ['The forecast will be binding and firm purchase orders for the first month.'],
    ['The forecasted quantities shall be firm orders of Customer.'],
    ['The forecasts for the first month shall be firm obligations of Customer.'],
    ['The forecast shall be a firm commitment of Customer for the first month.'],
    ['Customer shall purchase the binding part of each Forecast.'],
    ['Customer shall purchase the binding part of such Forecast.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Customer shall purchase 500 units in total.'],
    ['Customer shall purchase 500 units of Product.'],
    ['Customer shall purchase the quantities of Product set forth in its purchase orders.'],
  ])('does not count %j (a quantity with no period, or quantities the buyer sets itself)', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: more ways a named minimum is owed, payable or stated', () => {
  it.each([
    ['Licensee is required to pay the Minimum Royalty for each Royalty Year.'],
    ['Licensees are obligated to pay the Minimum Royalty for each Royalty Year.'],
    ['The Licensees undertake to pay the Minimum Royalty for each Royalty Year.'],
    ["Distributor shall at Distributor's own cost purchase the Minimum Annual Quantity in each Contract Year."],
    ['Distributor shall at its own cost, purchase the Minimum Annual Quantity in each Contract Year.'],
    ['The Minimum Annual Purchase must be met in each Contract Year.'],
    ['If Licensee did not pay the Minimum Royalty when due, Licensor may terminate this Agreement.'],
    ['If the Licensees do not pay the Minimum Royalty when due, Licensor may terminate this Agreement.'],
    ['If Distributor fails to satisfy the Minimum Annual Quantity, Supplier may terminate this Agreement.'],
    ['The Minimum Purchase Requirement for each year appears in the Business Plan.'],
    ['The Minimum Purchase Obligations for each year are fixed by the Business Plan.'],
    ['The Minimum Annual Purchase for each year is 10,000 per year.'],
    ['The Minimum Annual Purchase for each year is 1 unit.'],
    ['The Minimum Annual Purchase for each year is 1 ton.'],
    ['The Minimum Annual Purchase for the first year is equal to (5) million.'],
    ['The Minimum Annual Royalty for each year is [ ***].'],
    ['"Minimum Purchase" means the purchases set out in the Business Plan.'],
    ['"Minimum Purchase" means the purchases listed in the Business Plan.'],
    ['"Minimum Royalty" means [ *** ] per Royalty Year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: standards, service levels, prepayments, no obligation, and fill rates', () => {
  it.each([
    ['All Products purchased shall meet at least the minimum standard set forth in Exhibit A.'],
    ['All Products purchased shall meet at least the minimum specification set forth in Exhibit A.'],
    ['Supplier shall pay its personnel at least the minimum requirement of applicable law.'],
    ['Supplier shall provide a service level of not less than 99.9% each month.'],
    ['Customer shall pay at least 30 percent of the order price upon placing each order.'],
    ['Customer is not required to purchase at least any quantity of Products.'],
    ['Customer is not obligated to order at least any quantity of Products.'],
    ['Nothing herein shall obligate Customer to purchase at least any quantity of Products.'],
    ['Supplier shall deliver at least 95% of Products ordered within the agreed lead time.'],
    ['Supplier shall deliver at least 95% of the Products ordered within the agreed lead time.'],
    ['Supplier shall supply not less than 98% of the quantities of Product ordered by Customer in each month.'],
    ['Supplier shall deliver on time at least 95% of all Products ordered by Customer.'],
    ['Supplier shall deliver no less than 95% of all orders on time.'],
    ['Supplier will be supplying at least 95% of all Products ordered on time.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a definition of another term later in the sentence, and a single buying verb', () => {
  it.each([
    ['Distributor shall purchase the Minimum Annual Quantity in each Contract Year; "Contract Year" has the meaning given in Section 1.'],
    [
      'Distributor shall purchase the Minimum Annual Quantity in each Contract Year; "Contract Year" means each twelve-month period from the Effective Date.',
    ],
    [
      'Distributor shall purchase the Minimum Annual Quantity in each Contract Year: "Contract Year" means each twelve-month period from the Effective Date.',
    ],
    ['Customer shall order 1,000 tonnes of Product every month.'],
    ['Customer shall buy 1,000 tonnes of Product every month.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: a minimum still to be agreed or negotiated', () => {
  it.each([
    ['Distributor must purchase such quantities as are to be mutually agreed upon as the minimum purchase for each Contract Year.'],
    ['Distributor must purchase such quantities as are to be agreed as the minimum purchase for each Contract Year.'],
    ['Distributor must purchase such quantities as are negotiated each year as the minimum purchase for that Contract Year.'],
    ['Following good faith negotiations on the minimum purchase quantities, Distributor must order Products accordingly.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: "at a minimum" and "at a minimum of"', () => {
  it.each([
    ['Buyer shall purchase at a minimum of 500 units during the Term.'],
    ['Licensee shall pay, at a minimum, the Minimum Royalty set forth in Exhibit B.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([["Customer shall order Products in accordance with Supplier's terms (e.g. minimum order quantities of 500 units)."]])(
    'does not count %j',
    (text) => {
      expect(committed(text)).toBe(false);
    },
  );
});

// Issue 16: amounts written with a word for the currency, a currency code, or in a short sentence.
describe('minimum commitment: "a minimum amount of 20,000 dollars", "a minimum of US$1,000,000"', () => {
  it.each([
    ['Customer shall purchase a minimum amount of 20,000 dollars of Products each year.'],
    ['Customer shall pay a minimum amount of 20,000 dollars per year.'],
    ['Customer shall purchase a minimum of US$1,000,000 of Products each year.'],
    ['Customer shall purchase a minimum of USD 500,000 of Products each year.'],
    ['Customer shall purchase a minimum of HK$500,000 of Products each year.'],
    ['Customer guarantees at least $1,000,000 in annual revenue.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Supplier shall answer each query with a minimum of delay.'],
    ['Supplier shall ship with a minimum of packaging waste.'],
    ['Minimum guarantees.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

// Issue 16: floors owed without a buying verb before them.
describe('minimum commitment: the passive, payments that may not fall below a sum, money set aside', () => {
  it.each([
    ['At least 1,000 units shall be purchased by Distributor in each calendar quarter.'],
    ['No less than 50% of the Joint Venture Products should be sold overseas.'],
    ['Not fewer than 200 units must be ordered by Customer in each month.'],
    ['The royalty payable shall not be less than $10,000 per quarter.'],
    ['The commission will never be less than $0.05 per unit regardless of price.'],
    ['The license fees shall not be less than 5% of Net Sales.'],
    ['In no event shall the annual royalties be less than $50,000.'],
    ['In no event will the fees payable for any year be less than US$50,000.'],
    ['Distributor shall devote at least $100,000 to advertising the Products each year.'],
    ['Licensee shall allocate not less than 250,000 dollars to marketing the Products.'],
    ['The Company agrees to use not less than five million U.S. Dollars (US$5,000,000) of the proceeds to fund exploration activities.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Consultant shall devote at least 20 hours per week to the Services.'],
    ['In no event shall the notice period be less than 30 days.'],
    ['Payments shall be made not less than 30 days after invoice.'],
    ['Licensee shall use not less than commercially reasonable efforts to market the Products.'],
    ['The price of each unit shall not be less than the cost of its materials.'],
    ['Buyer may cancel any order that is less than 100 units.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

// Issue 16: a floor on services a party must render.
describe('minimum commitment: a floor on services rendered', () => {
  it.each([
    ['Talent shall render at least eight (8) service days during each Contract Year.'],
    ['Celebrity shall appear at no less than four (4) events per year on behalf of Company.'],
    ["NTC will provide training to the Distributor's personnel on its premises as reasonably necessary, but no less than once annually."],
    ['Company shall provide a minimum of four (4) e-mail blasts per year.'],
    // A defined term in capitals reads the same.
    ['NTC will provide Product Training to the Distributor no less than once annually.'],
    ['Publisher shall deliver not fewer than 12 advertisements in each calendar quarter.'],
    ['Agency shall provide at least three (3) production days in each Contract Year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Licensor shall provide at least ninety (90) days notice of any change.'],
    ['Supplier shall deliver the Products at least 30 days before the launch.'],
    ['Supplier shall provide the Services with at least the same level of care as before.'],
    ['Company shall provide reports to Distributor at least once a year.'],
    ['The Products shall be delivered no less than ten (10) days before the event.'],
    ['Seller shall provide the Buyer with at least 5 business days to inspect.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

// Issue 16: "open for a minimum of" a time says how long something stays open, not how many are opened.
describe('minimum commitment: open for a time, or opening a number of outlets', () => {
  it.each([
    ['Franchisee shall open at least ten (10) Restaurants in the Territory.'],
    ['Franchisee shall open for business at least 5 new stores each year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['"Qualified Session" means a session in which the End User has kept the browser open for a minimum of [* ] during a day.'],
    ['The End User has kept the browser open for at least [***] during a session.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

// Issue 16: money owed "in an amount equal to at least" a sum, however far the verb.
describe('minimum commitment: "in an amount equal to at least" a sum', () => {
  it.each([
    [
      'The Operating Company shall capitalize the Manufacturing Company through the contribution of equity received by it from T&L pursuant to Article 3.1 in an amount equal to at least $21,614,000.',
    ],
    [
      'Each Member shall contribute to the capital of the Company, in cash or in kind as set out in Section 4.2, in an amount not less than $500,000.',
    ],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Licensee shall maintain a letter of credit in an amount equal to at least $500,000 for the benefit of Licensor.'],
    ['Any sum paid late shall bear interest, and the Company shall fund the reserve account from its own revenues.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: each wording of a floor owed without a buying verb before it', () => {
  it.each([
    ['Licensee shall dedicate at least $50,000 to promotion of the Products each year.'],
    ['Licensee shall expend not less than 100,000 euros on advertising each year.'],
    ['Distributor shall allocate a minimum of $75,000 to cooperative advertising.'],
    ['At least 500 units must be purchased by Distributor in each quarter.'],
    ['Not less than $1,000,000 shall be invested by Investor in the Project.'],
    ['The compensation will not be less than $5,000 per month.'],
    ['In no event shall the commissions payable to Agent be less than $2,000 per quarter.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: advertising units and service days counted without a verb', () => {
  it.each([
    ['The advertising inventory (which shall consist of a minimum of one advertisement per page) shall be sold by Agent.'],
    ['A. At least eight (8) "Service Days", including production days and personal appearances.'],
    ['Publisher guarantees delivery; in total not less than 2,000,000 impressions per year on the Site.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Each advertisement shall be at least two inches wide and shall be approved by Company.'],
    ['Company may place banner ads on at least some of the pages of the Site.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a floor on the shelf life delivered', () => {
  it.each([
    ['Supplier will deliver Product to Buyer with minimum expiry dating remaining of [***]% of the approved shelf-life.'],
    ['Manufacturer shall supply the Product with at least seventy-five percent (75%) of the shelf life upon Delivery.'],
    ['The remaining shelf-life of each Product shall be not less than eighteen (18) months at delivery.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Buyer shall store the Product in accordance with its labelled shelf life.'],
    ['Either party may give notice at least thirty (30) days before the expiry of the current Term.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: falling short of a minimum', () => {
  it.each([
    ['If the Actual Output of the Systems was less than the Minimum Output during such period, then Operator shall pay the shortfall.'],
    ['If the Total Adjusted Capital falls below the Specified Minimum Percentage, Parent shall contribute cash to the Company.'],
    ['If the Minimum Efficiency Level has not been met during such period, Owner may make a claim under Section 2.5.'],
    // An insurance department is a regulator, not an insurance limit.
    [
      "If the capital as required by the State's insurance department falls below the Specified Minimum Percentage, Parent shall contribute cash.",
    ],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The minimum term of each Statement of Work is twelve (12) months.'],
    ['If the limits of such insurance fall below the minimum amounts required, Supplier shall notify Company.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: output promised against the buyer’s demand', () => {
  it.each([
    ['Buyer will provide demand projections for the Product and Supplier will produce enough Product to meet such demand projections.'],
    ['Manufacturer shall manufacture sufficient quantities of the Product to meet Distributor’s forecasts.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['Supplier shall have sufficient personnel to meet its obligations under this Agreement.'],
    ['Each party shall provide sufficient information to meet the requirements of applicable law.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: falling short of a stated amount, fees owed for a minimum time, other floor wordings', () => {
  it.each([
    ['In the event Distributor purchases an amount less than $45,000.00, this Agreement will automatically terminate.'],
    [
      'If the Distributor fails to sell [one million dollars (US$1,000,000)] worth of Products within eighteen months, the Parties will discuss termination.',
    ],
    ['If Publisher misses any quarterly guaranteed click-through amount, Publisher will make good the difference within thirty days.'],
    ['If Publisher does not deliver the shortfall within sixty (60) days, Advertiser may terminate this Agreement.'],
    ['Notwithstanding the foregoing, Customer is obligated to pay the License Fee to Licensor for a minimum of 36 months.'],
    ['Once the monthly License Fee for a Unit has started, it will continue for a minimum of 36 consecutive months.'],
    ['Distributor will commit to an annual advertising budget equal to or greater than $500,000.'],
    ['A minimum of a $250,000.00 purchase order must be received by Company by the first of each month.'],
    ['Minimum yearly purchases of [***] units in each contract year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['If Customer orders less than 1,000 units in a single order, the unit price set out in Exhibit A applies.'],
    ['If Supplier fails to deliver the Products on time, Buyer may cancel the order.'],
    ['The Products shall be delivered in good condition and Supplier shall make good any damage in transit.'],
    ['Customer shall pay the fees within thirty (30) days of the invoice date.'],
    ['This Agreement shall continue for at least twelve (12) months unless terminated earlier.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: invented drafting of each family (minimum purchases, royalties and fees, take-or-pay, targets, order sizes)', () => {
  it.each([
    ['Distributor shall purchase from Supplier a minimum of 5,000 units of the Products during each calendar quarter.'],
    ['During each Contract Year, the Buyer agrees to buy not less than 20,000 tons of Coal from the Seller.'],
    ['The Customer shall order Products having an aggregate purchase price of no less than $2,000,000 in each year of the Term.'],
    ['Licensee shall pay to Licensor a minimum annual royalty of $50,000, payable in advance on January 1 of each year.'],
    [
      'In each Royalty Year, Licensee will pay Licensor the greater of (a) the royalties earned under Section 4.1 and (b) the Minimum Royalty set forth in Schedule C.',
    ],
    ['The Minimum Annual Royalty for each Contract Year shall be as follows: Year 1: $25,000; Year 2: $40,000; Year 3: $60,000.'],
    [
      'If the royalties paid for any calendar year are less than the Guaranteed Minimum Royalty, Licensee shall pay the difference within thirty (30) days after the end of such year.',
    ],
    ['Company A shall pay Company B a guaranteed minimum payment of US$100,000 per quarter regardless of actual sales.'],
    ['The Purchaser shall take or pay for 80% of the Annual Contract Quantity in each Contract Year.'],
    [
      'If Buyer takes less than the Minimum Annual Quantity in any year, Buyer shall pay Seller a shortfall payment equal to the deficiency multiplied by the Contract Price.',
    ],
    [
      'Should the volumes shipped by Shipper in any Quarter fall short of the Minimum Volume Commitment, Shipper shall pay a deficiency payment for the shortfall.',
    ],
    [
      "Distributor must achieve the minimum sales targets set out in Exhibit D; if Distributor fails to do so, Company may terminate this Agreement on thirty days' notice.",
    ],
    [
      "In the event Reseller fails to meet the Annual Minimum Purchase Requirement, Supplier may convert Reseller's exclusive appointment into a non-exclusive one.",
    ],
    [
      "If the Distributor does not purchase at least $500,000 of Products in any calendar year, the Company may terminate the Distributor's exclusivity in the Territory.",
    ],
    ['Each purchase order shall be for a minimum of 500 cases.'],
    ['The minimum order quantity for each Purchase Order is 1,000 units.'],
    ['Orders must be placed in minimum lots of 250 kilograms.'],
    ['Licensee shall spend at least $250,000 per year on advertising and promotion of the Licensed Products.'],
    [
      'The Minimum Purchase Commitment for the first Contract Year is 10,000 units and shall increase by 10% in each subsequent Contract Year.',
    ],
    ['Party B undertakes to purchase from Party A no fewer than 3,000 Devices per month during the Term.'],
    ['Customer commits to a minimum monthly spend of $15,000 on the Services.'],
    ['The annual purchase commitment of the Buyer shall be 50,000 barrels.'],
    [
      'ARTICLE 5 MINIMUM PURCHASE OBLIGATIONS 5.1 Distributor shall purchase the minimum quantities of Product specified in Schedule 2 in each Year.',
    ],
    ['Subject to Section 7.3, the Reseller will place orders totalling at least EUR 1,000,000 in each calendar year.'],
    [
      "The Company agrees to purchase, and the Supplier agrees to sell, 100% of the Company's requirements of Product, but in no event less than 1,000 units per month.",
    ],
    ['Minimum Fees. Customer shall pay a minimum monthly fee of $5,000 regardless of usage.'],
    ['The Licensee guarantees to the Licensor minimum royalties of £20,000 per annum.'],
    [
      'Beginning with the second Contract Year, Distributor shall meet the following annual minimum purchase levels: Year 2: 1,000 Units; Year 3: 1,500 Units.',
    ],
    ['Client shall purchase at least 100 hours of Consulting Services per month.'],
    ['Advertiser shall purchase no less than 1,000,000 impressions during each calendar quarter.'],
    [
      'Notwithstanding anything to the contrary, in no event shall the aggregate royalties payable in any calendar year be less than $75,000.',
    ],
    ['The monthly fees payable by Customer shall not be less than $10,000 per month.'],
    ["Buyer's failure to purchase the Minimum Quantity in any Contract Year shall entitle Seller to terminate this Agreement."],
    [
      '4.2 Minimum Purchases. Beginning in the second Contract Year, Retailer will be required to purchase Products with a Net Invoice Value of at least $3,000,000 per Contract Year.',
    ],
    ['(b) not less than 2,500 Units shall be ordered by Distributor in each calendar quarter;'],
    ['Section 6.1 Annual Minimums. For each Contract Year, Licensee shall pay Licensor the Annual Minimum specified in Exhibit C.'],
    ['The Minimum Purchase Amount (as defined in Section 1.14) shall be purchased by Acme in each calendar year.'],
    ['Acme Corp. ("Buyer") hereby commits to purchase from Widget Ltd. ("Seller") 12,000 Widgets per year.'],
    ['Buyer shall purchase and Seller shall sell the Contract Quantity, being not less than 500 MT per month.'],
    ['The Minimum Annual Guarantee for each License Year is set forth below.'],
    [
      'Licensee agrees that the total royalties paid to Licensor for each calendar year shall be at least $100,000, and Licensee shall pay any shortfall together with the royalty report for the fourth quarter.',
    ],
    [
      "If, in any Contract Year, Customer's aggregate purchases are less than the Annual Commitment, Customer shall pay to Supplier an amount equal to the shortfall.",
    ],
    ['Failure by Distributor to achieve the Minimum Sales Quota for two consecutive quarters shall constitute grounds for termination.'],
    [
      'Should Licensee fail to achieve Net Sales of at least $1,000,000 in any Year, Licensor may, at its option, convert the license granted hereunder to a non-exclusive license.',
    ],
    ['Customer shall be invoiced a minimum charge of $2,000 per month for the Services.'],
    ["Distributor's minimum purchase commitment for each year of the Term is listed in Schedule B."],
    ['Each order placed by Company shall be in a minimum quantity of 100 units per SKU.'],
    ['Company shall pay Provider a monthly minimum fee of $25,000, whether or not any Services are requested.'],
    ['The Minimum Commitment: Customer agrees to purchase Services with fees of no less than $1.2 million over the Term.'],
    ['Licensee shall be obligated to pay minimum royalties in the amounts set forth in Schedule 3.'],
    ['Customer will purchase a minimum of 40% of its annual requirements of Product from Supplier.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  // Price floors, insurance limits, notice, wages, "at a minimum", the seller's own stock, non-binding forecasts, net worth,
  // options, discount tiers and head counts: floors a reviewer would confuse with a commitment to buy.
  it.each([
    ['Distributor shall resell the Products at a price not less than the minimum resale price set out in Schedule A.'],
    ['In no event shall the price per unit be less than $10.00.'],
    ['Licensee shall maintain commercial general liability insurance with limits of not less than $1,000,000 per occurrence.'],
    ['Supplier shall carry product liability insurance in a minimum amount of $5,000,000.'],
    ["Either party may terminate this Agreement upon not less than ninety (90) days' prior written notice."],
    ["The Company shall give the Distributor a minimum of 30 days' notice of any price increase."],
    ['Contractor shall pay its employees at least the applicable minimum wage.'],
    ['The Supplier shall, at a minimum, comply with all applicable laws and the Quality Agreement.'],
    ['At a minimum, the report shall include the number of units sold and the royalties due.'],
    ['Supplier shall maintain an inventory of at least two months of the Products at its warehouse.'],
    ['Seller shall keep a minimum safety stock of 5,000 units of each Product.'],
    ['The forecasts provided by Buyer are non-binding estimates only and do not constitute a commitment to purchase.'],
    ['Customer shall provide a rolling twelve-month forecast, which shall be for planning purposes only and shall not be binding.'],
    ['Guarantor shall maintain a minimum tangible net worth of $10,000,000 at all times.'],
    ['The Borrower shall maintain a minimum balance of $50,000 in the Account.'],
    ['Nothing in this Agreement shall obligate Distributor to purchase any minimum quantity of Products.'],
    ['There is no minimum purchase requirement under this Agreement.'],
    ['The Company is not required to order any minimum quantity of Products.'],
    ['Records shall be retained for at least five (5) years after the end of the Term.'],
    ['This Agreement shall continue for an initial term of at least three years.'],
    ['The Licensee shall be at least 18 years of age.'],
    ['Supplier shall deliver at least 95% of all Products ordered by the requested delivery date.'],
    ['The system shall be available at least 99.5% of the time, measured monthly.'],
    ['Each party shall use at least the same degree of care it uses to protect its own confidential information.'],
    ['Payment is due within thirty days, and late payments shall bear interest at not less than 1.5% per month.'],
    ['The Manufacturer shall have a production capacity of at least 10,000 units per month.'],
    ['Supplier shall supply the quantities of Product ordered by Buyer in accordance with the accepted Purchase Orders.'],
    ['Buyer may, but shall not be obligated to, purchase additional units at the prices set forth in Exhibit B.'],
    ['The minimum specifications for the Products are set out in Exhibit A.'],
    ['The Distributor shall hold at least 10% of the outstanding shares of the Company.'],
    ['The Board shall consist of a minimum of five directors.'],
    ['Volume discounts apply to orders of at least 1,000 units, as set forth in Schedule B.'],
    ['To qualify for the rebate, Distributor must purchase at least 10,000 units in a calendar year.'],
    ['The parties shall negotiate in good faith minimum purchase quantities for the Renewal Term.'],
    ['The Supplier shall respond to service calls within a minimum of four hours.'],
    ['Shipper shall give Carrier at least twelve (12) hours notice before each pickup.'],
    ["Supplier shall provide at least ninety (90) days' written notice of any discontinuation of a Product."],
    ['All purchase orders must be submitted at least 60 days prior to the requested delivery date.'],
    ['The minimum price at which Distributor may resell the Products shall be determined by the Company.'],
    ['Distributor shall sell each Product at not less than the suggested retail price.'],
    ['Supplier shall maintain a minimum inventory of three months of forecasted demand at its facility.'],
    ['Licensee shall maintain a net worth of not less than $5,000,000 during the Term.'],
    ['The Company shall devote at least twenty hours per week to the business of the Joint Venture.'],
    ['Consultant shall perform the Services with at least the degree of skill and care of a reputable consultant.'],
    ['The Contractor shall employ at least three qualified engineers on the Project.'],
    ['The Parties shall meet at least once per quarter to review the marketing plan.'],
    ['Supplier shall provide Distributor with at least 50 sample units free of charge each year.'],
    ['Distributor may return up to 10% of the Products purchased in the preceding quarter.'],
    ['The Borrower shall maintain a debt service coverage ratio of not less than 1.25 to 1.00.'],
    ['Each Party shall hold at least 40% of the equity of the Joint Venture Company.'],
    ['The Supplier shall manufacture the Products in minimum batch sizes as determined by its production schedule.'],
    ['The warranty period shall be a minimum of twelve months from the date of delivery.'],
    ['The Manufacturer guarantees that the Products will meet the minimum specifications set out in Exhibit A.'],
    ['This Agreement shall remain in effect for at least 5 years unless terminated earlier.'],
    ['Purchaser may elect to purchase a minimum of 1,000 additional units at the discounted price.'],
    ['Buyer shall not be obligated to purchase any minimum quantity, and all quantities shall be set in Purchase Orders.'],
    ['The Distributor shall maintain a sales force of at least five (5) full-time sales representatives dedicated to the Products.'],
    ['Reseller will employ a minimum of two trained technicians to support the Products in the Territory.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: take-or-pay and ship-or-pay, lists, headings run in, exceptions and defined parties', () => {
  it.each([
    ['3.4 Take-or-Pay. Buyer shall pay for the Annual Contract Quantity whether or not Buyer takes delivery of such quantity.'],
    ['Shipper agrees to a ship-or-pay commitment of 10,000 barrels per day.'],
    ['(c) purchase from the Supplier not less than the Minimum Annual Volume specified in Schedule 4;'],
    [
      'The Distributor hereby undertakes to achieve the following minimum sales volumes: (i) Year 1: 10,000 units; (ii) Year 2: 15,000 units.',
    ],
    [
      '7.1 Minimum Royalties. Beginning January 1, 2025, Licensee shall pay Licensor minimum annual royalties of $200,000, against which earned royalties shall be credited.',
    ],
    ['The Licensee shall pay to the Licensor, for each Contract Year, a Guaranteed Minimum Payment of EUR 250,000.'],
    ['Except as provided in Section 9.2, Buyer shall purchase at least 75% of the quantities set out in its Forecast for each quarter.'],
    [
      'Reseller agrees that it will order no fewer than 50 Licenses in each calendar month during the Term, failing which Vendor may terminate this Agreement.',
    ],
    ['Minimum Order Value: each Purchase Order must have a value of at least USD 10,000.'],
    ['The Customer must purchase Services in an amount of at least $50,000 during each Subscription Year.'],
    ['Sponsor shall buy a minimum of 20 advertising spots per month on the Network.'],
    ['Party B shall purchase a minimum quantity of 500 tons of the Products from Party A every month.'],
    ["Notwithstanding anything herein, Distributor's purchases of Products shall total not less than $1,000,000 in each year of the Term."],
    ['In consideration of the exclusivity granted in Section 2, Licensee guarantees minimum sales of 100,000 units per year.'],
    ['The monthly minimum charge under this Agreement is $3,000.'],
    ["If Customer's annual spend falls below the Minimum Annual Spend, Customer shall pay the difference to Provider."],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  // A requirements contract, a royalty rate, an option, a disclaimer of commitment, non-binding forecasts, other minimums,
  // how often (not how much) a party pays, delivers or reports, and interest or price floors.
  it.each([
    ['Buyer shall purchase all of its requirements for the Products exclusively from Seller.'],
    ['Licensee shall pay a royalty of 5% of Net Sales of Licensed Products.'],
    ['Customer may purchase Products from time to time by submitting Purchase Orders.'],
    ['Nothing in this Agreement shall be construed as a commitment by Buyer to purchase any quantity of Products.'],
    ['Any forecast provided under this Section 7 is an estimate only and shall not constitute a purchase commitment.'],
    ['The minimum age for participants in the promotion is 18.'],
    ['Company shall provide at least one (1) set of product samples to Distributor.'],
    ['The Parties shall hold at least four (4) meetings of the Steering Committee each year.'],
    ['Supplier shall perform quality inspections on at least 10% of each production lot.'],
    ['The minimum standards of quality for the Products are described in Exhibit C.'],
    ['Licensor shall maintain at least two years of spare parts inventory for the Products.'],
    ['All payments shall be made in U.S. dollars within thirty (30) days of invoice.'],
    ['The Distributor shall achieve the performance standards set out in the Service Level Agreement.'],
    ['Each invoice shall set out at least the quantity delivered, the unit price and the total price.'],
    ['Distributor shall keep accurate records of all sales for at least three (3) years.'],
    ['The Company shall maintain a minimum cash balance of $1,000,000 at all times.'],
    ['Licensee shall pay all royalties due at least quarterly.'],
    ['Distributor shall pay the invoices at least once a month.'],
    ['Supplier shall deliver the Products at least once per week to the Facility.'],
    ['Company shall deliver to Licensor at least annually a report of Net Sales.'],
    ['The Licensee shall pay interest at a rate of at least 2% above the base rate on late payments.'],
    ['Supplier shall supply replacement parts for at least five years after the last sale.'],
    ['The Contractor shall provide services with at least the same level of priority as for its other customers.'],
    ['Each party shall purchase and maintain insurance with limits of at least $2,000,000.'],
    ['Customer shall order Products at least four weeks before the requested delivery date.'],
    ['Buyer shall purchase the Products at the prices set out in Exhibit A, which shall be reviewed at least annually.'],
    ['Seller shall sell the Products to Buyer at a price not less than its cost of manufacture.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a named minimum "is not met", and an amount guaranteed in the passive', () => {
  it.each([
    ['If the Minimum Annual Purchase Commitment is not met in any Contract Year, Supplier may terminate this Agreement.'],
    ['In the event the Minimum Sales Target for the second Year (as adjusted) is not achieved, Company may appoint other distributors.'],
    ['Licensor will be guaranteed a minimum of $50,000 in royalties per year.'],
    ['Publisher shall be guaranteed 2,000,000 impressions per quarter on the Network.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The Agent shall be guaranteed 5 days of notice before any change to the schedule.'],
    ['The Licensee is guaranteed 30 business days to cure any breach.'],
    ['Licensee is guaranteed access to the Platform during the Term.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: list lead-ins, plural minimums, prohibitions below a floor, conditions and obligations named', () => {
  it.each([
    ['During each Contract Year, Distributor shall purchase the following minimum quantities of Product:'],
    ['Annual Minimums: Year 1 - $100,000; Year 2 - $150,000; Year 3 - $200,000.'],
    [
      'Except as otherwise provided in Section 12.3, Licensee shall not purchase less than 5,000 units of the Product in any calendar quarter.',
    ],
    ['Reseller may not order fewer than 100 units in any single Purchase Order.'],
    ["The Purchaser's obligation to purchase the Minimum Quantity shall survive any suspension under Section 8."],
    ["Provided that Distributor purchases at least 10,000 units per year, Distributor's appointment shall remain exclusive."],
    ['The annual minimum purchase amounts are set forth in Appendix 3.'],
    ['Company X shall be required to order at least 25 pallets each month.'],
    ['SECTION 4. MINIMUM PURCHASE REQUIREMENT. Customer agrees that it shall purchase a minimum of 200 Systems during the Initial Term.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  // Other minimums (a term, an advertised price, stock the seller keeps, bids), a cancellation window and a disclaimer.
  it.each([
    ['The minimum term of each Statement of Work is twelve months.'],
    ['The Distributor shall not sell the Products below the minimum advertised price.'],
    ['Distributor shall maintain at all times a minimum stock of Products sufficient to meet customer demand.'],
    ['The Company shall keep at least 2,000 units of finished Product in its warehouse as safety stock.'],
    ['A minimum of three bids must be obtained for any subcontract exceeding $50,000.'],
    ['Customer may cancel any Purchase Order at least 30 days before the scheduled shipment date.'],
    ['Forecasts are provided for planning purposes only and Buyer has no obligation to purchase the forecast quantities.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a minimum a party is expressly not held to', () => {
  it.each([
    ['If Distributor does not purchase a minimum of 1,000 units in any year, Company may terminate this Agreement.'],
    ['Distributor shall purchase a minimum of 1,000 units per year and shall not be required to purchase any Accessories.'],
    [
      'The Distributor shall not be required to purchase any minimum quantity in the first Contract Year, but shall purchase at least 5,000 units in each later Contract Year.',
    ],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ["The minimum order quantities listed in the Supplier's catalogue do not apply to purchases under this Agreement."],
    ['Distributor shall not be bound by any minimum purchase requirement.'],
    ['This Agreement does not impose any minimum purchase obligation on Customer.'],
    ['There shall be no minimum royalty payable under this Agreement.'],
    ['Minimum order quantities, if any, shall be agreed by the parties in each Statement of Work.'],
    ['Customer is under no obligation to order any minimum quantity of Services.'],
    ['Neither party shall be required to purchase a minimum volume of Products hereunder.'],
    ['No minimum purchase commitment applies to the Distributor during the Term.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: hosting, advertising, licence and hospital drafting, and minimums of other kinds', () => {
  it.each([
    ['Customer commits to a Minimum Monthly Commitment of $20,000 for the Hosting Services during the Initial Term.'],
    ['Publisher guarantees Advertiser a minimum of 5,000,000 impressions during the Campaign Period.'],
    [
      'If the aggregate fees paid by Client in any Contract Year are less than the Annual Minimum Fee, Client shall pay the deficiency within 30 days.',
    ],
    ['Licensee shall pay Licensor an annual license fee of no less than $250,000, irrespective of actual usage.'],
    ['Hospital agrees to purchase a minimum of 80% of its requirements for the Products from Vendor during the Term.'],
    ['Company shall place orders for a minimum aggregate quantity of 50,000 Cartridges in each Calendar Year.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  // "Minimum necessary" information, system requirements, performance standards, a credit rating, a test score, a bid
  // increment, an advertisement's size, recycled content and a fund's investment policy.
  it.each([
    [
      'Business Associate shall use or disclose only the minimum necessary Protected Health Information to accomplish the intended purpose.',
    ],
    ['The Software shall run on hardware meeting the minimum system requirements set out in the Documentation.'],
    ['Each Product shall satisfy the minimum quality standards set forth in Exhibit B.'],
    ['Contractor shall comply with the minimum requirements of the Quality Agreement.'],
    ['The Company shall maintain a minimum credit rating of BBB- throughout the Term.'],
    ['Licensee shall achieve a minimum score of 80% on the certification examination before providing support.'],
    ['The minimum bid increment shall be $100.'],
    ['Each advertisement shall have a minimum size of 300 x 250 pixels.'],
    ['Supplier shall use at least 30% recycled content in the packaging.'],
    ['The Fund shall invest at least 80% of its net assets in equity securities.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: an omitted or reserved section, a heading run into another clause, notice of a change', () => {
  it.each([
    ['5.3 Minimum Purchases. [Intentionally Omitted].'],
    ['Section 5.3 Minimum Purchases [Reserved].'],
    ['9. INSURANCE. Party B shall maintain product liability insurance of not less than $5,000,000 per occurrence.'],
    ["Party A shall give Party B not less than sixty (60) days' written notice of any change to the Minimum Order Quantity."],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a payment floor put as "in no event", and a price held to a measure', () => {
  it.each([
    ['Royalties payable under this Section shall in no event be less than $25,000 per calendar quarter.'],
    ['The commissions earned by Agent under this Agreement shall under no circumstances be less than US$10,000 per month.'],
    ['The aggregate purchase price of Products ordered by Distributor in each Contract Year shall be not less than $1,000,000.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The Purchase Price shall be not less than fair market value.'],
    ['The exercise price shall in no event be lower than the closing market price on the grant date.'],
    ['The fees charged by Supplier shall in no event be less than the fees charged to other customers.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: an option or a waived duty set off by commas', () => {
  it.each([
    ['Licensee may, but is not required to, purchase at least 1,000 units each quarter.'],
    ['Licensee may, at its sole option, purchase at least 1,000 units each quarter.'],
    ['Buyer is not required to, and shall not be deemed to, purchase any minimum quantity.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });

  it.each([
    ['Distributor may, in any quarter, order fewer units, but shall purchase at least 5,000 units in each Contract Year.'],
    [
      'Customer is not obligated to purchase any minimum quantity in the first year, but in each later year shall purchase a minimum of 2,000 units.',
    ],
  ])('still counts the duty beside it: %j', (text) => {
    expect(committed(text)).toBe(true);
  });
});

describe('minimum commitment: "at a minimum" before a figure, a named commitment stated as a figure, rate floors', () => {
  it.each([
    ['Buyer will purchase, at a minimum, 100,000 pounds of resin per quarter.'],
    ['Customer shall order, at a minimum, five thousand (5,000) units each quarter.'],
    ['The annual volume commitment of Customer is 5,000,000 kWh.'],
    ['The purchase price of Products ordered in each Contract Year shall be at least $1,000,000 in the aggregate.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['At a minimum, the report shall include the sales by territory.'],
    ['Distributor shall, at a minimum, purchase the products listed in Exhibit A.'],
    ['The royalty rate shall be at least 5% of Net Sales.'],
    ['Customer shall receive at least a 10% discount on all orders.'],
    ['A minimum of two authorized signatures is required for each Purchase Order.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: making good a shortfall without naming the minimum', () => {
  it.each([
    ['If the Publisher does not make good the difference within thirty (30) days, the Advertiser may suspend its payments.'],
    [
      'Should the Network fail to deliver the guaranteed impressions, the Advertiser may require the Network to "make good" the undelivered impressions.',
    ],
    ['Supplier shall make good any shortfall in the quantities delivered in the following month.'],
  ])('counts %j', (text) => {
    expect(committed(text)).toBe(true);
  });

  it.each([
    ['The parties shall make good faith efforts to reschedule the Event.'],
    ['Licensee shall make good any damage caused to the premises.'],
    ['The Network will use reasonable efforts to "make good" any impressions lost to a force majeure event.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: a firm spend, and a ceiling that is no floor', () => {
  it.each([['Customer will spend $500,000 on advertising in each Contract Year.'], ['Buyer shall purchase 500 units per month.']])(
    'counts %j',
    (text) => {
      expect(committed(text)).toBe(true);
    },
  );

  it.each([
    ['Buyer shall purchase up to 500 units per month at the prices in Exhibit A.'],
    ['Buyer shall purchase at most 500 units per month.'],
    ['Buyer may purchase up to 500 units per month.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});

describe('minimum commitment: taking delivery of at least an amount', () => {
  it('counts a floor on what must be taken', () => {
    expect(committed('The Buyer is obligated to take delivery of not less than 50,000 barrels of crude oil per month.')).toBe(true);
  });

  it.each([
    ['Buyer shall take delivery of the Products at least once per week.'],
    ['Buyer shall take delivery within at least 10 days of notice.'],
  ])('does not count %j', (text) => {
    expect(committed(text)).toBe(false);
  });
});
