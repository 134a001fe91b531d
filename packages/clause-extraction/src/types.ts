import type { CuadCategory } from './categories.js';

/** Language of a contract as far as extraction cares: Chinese or (anything else) English. */
export type ContractLanguage = 'zh' | 'en';

/**
 * Where a value was found: `[start, end)` character offsets (UTF-16 code units, as JavaScript
 * strings index) into the original text, and the clause that contains `start`.
 */
export interface EvidenceSpan {
  start: number;
  end: number;
  clauseIndex: number;
}

/** A numbered (or preamble) section of a contract; `text === original.slice(start, end)`. */
export interface Clause {
  /** Position in document order, from 0. */
  index: number;
  /** The numbering and title as written (`'11.3 Governing Law'`, `'第五条 违约责任'`); null for the preamble. */
  heading: string | null;
  text: string;
  start: number;
  end: number;
}

/** A contracting party; `role` is the capacity it signs in (`甲方`, `Seller`, `Licensee`) when stated. */
export interface PartyField {
  name: string;
  role: string | null;
  evidence: EvidenceSpan;
}

/** A sum of money as written; `value` already multiplied out (`5万元` is 50000). */
export interface AmountField {
  value: number;
  /** ISO 4217 code (`CNY`, `USD`, `EUR`, `GBP`, `HKD`, `JPY`) or null when the text names none. */
  currency: string | null;
  /** The matched text, verbatim. */
  text: string;
  evidence: EvidenceSpan;
}

export type PenaltyBasis = 'per_day' | 'per_week' | 'per_month' | 'per_year' | 'total';

/** Penalty, liquidated-damages, 违约金 or 滞纳金 rate in percent (`万分之五每日` is 0.05 per_day). */
export interface PenaltyRateField {
  percent: number;
  basis: PenaltyBasis | null;
  evidence: EvidenceSpan;
}

/** Presence of a clause that has no value worth extracting. */
export interface PresenceField {
  present: true;
  evidence: EvidenceSpan;
  /**
   * Absent when the rules found it; `model` when model-assisted extraction found it and the rules had not;
   * `classifier` when a shipped clause classifier (clause-classifier.ts) found it and the rules had not.
   */
  source?: 'model' | 'classifier';
  /**
   * Calibrated probability (0-1) that this finding is right, from the learned clause models (src/judgement/);
   * absent when no models are shipped. A finding under the tenant's operating-point threshold goes to a person.
   */
  confidence?: number;
}

/** A number of calendar days (months count 30, years 365). */
export interface DaysField {
  days: number;
  evidence: EvidenceSpan;
}

/** Governing law, normalised the way CUAD answers are (`New York`, `England and Wales`, `People's Republic of China`). */
export interface GoverningLawField {
  jurisdiction: string;
  evidence: EvidenceSpan;
  /** Calibrated probability that it is right (see PresenceField). */
  confidence?: number;
}

/**
 * Limitation of liability. `limited` is true when the contract caps or excludes some liability
 * (amount caps, exclusion of consequential damages, sole-remedy clauses, time bars on claims).
 * `kind` is `uncapped` when some liability is expressly left unlimited (carve-outs from the
 * limitation, "unlimited liability"), otherwise `capped`.
 */
export interface LiabilityCapField {
  kind: 'capped' | 'uncapped';
  limited: boolean;
  /** The cap as a sum of money when the contract states one. */
  amount: number | null;
  currency: string | null;
  /** The sentence that states the cap (or the carve-out for `uncapped`), whitespace collapsed, at most 300 characters. */
  description: string;
  evidence: EvidenceSpan;
  /** `model` when model-assisted extraction found it and the rules had not, `classifier` when the learned models did. */
  source?: 'model' | 'classifier';
  /** Calibrated probability that it is right: of Uncapped Liability when `kind` is `uncapped`, else of Cap on Liability. */
  confidence?: number;
}

/** Renewal of the term after it expires, automatic or at a party's option. */
export interface AutoRenewalField {
  renews: true;
  /** True when the renewal happens without anyone acting (automatic renewal, evergreen). */
  automatic: boolean;
  /** Normalised like CUAD: `successive 1 year`, `2 years`, `successive 6 months`; null when not stated. */
  renewalTerm: string | null;
  /** Notice needed to stop (or to exercise) the renewal, in days. */
  noticeDays: number | null;
  /** A notice is needed to stop (or exercise) the renewal, even when its length is not readable (redacted). */
  noticeRequired: boolean;
  evidence: EvidenceSpan;
  /** `classifier` when the learned models found the renewal and the rules had not (absent: the rules). */
  source?: 'classifier';
  /** Calibrated probability that the contract renews (CUAD Renewal Term). */
  confidence?: number;
}

/** How disputes are decided: by arbitration or in court, with the institution or court named when one is. */
export interface DisputeResolutionField {
  method: 'arbitration' | 'litigation';
  /** "上海国际仲裁中心", "American Arbitration Association", "courts of the State of New York"; null when none is named. */
  forum: string | null;
  evidence: EvidenceSpan;
}

/** How long confidentiality lasts. */
export interface ConfidentialityYearsField {
  years: number | null;
  perpetual: boolean;
  evidence: EvidenceSpan;
}

/** How long a warranty against defects runs. */
export interface WarrantyDurationField {
  /** Normalised: `1 year`, `6 months`, `90 days` (12 months read as 1 year); null when no length is written. */
  duration: string | null;
  /** Calendar days (a month counts 30, a year 365); null when no length is written. */
  days: number | null;
  evidence: EvidenceSpan;
  /** `classifier` when the learned models found it and the rules had not (absent: the rules). */
  source?: 'classifier';
  /** Calibrated probability that it is right. */
  confidence?: number;
}

/** The eight CLAUDETTE categories of potentially unfair terms of service. */
export type UnfairTermCategory =
  | 'limitation_of_liability'
  | 'unilateral_termination'
  | 'unilateral_change'
  | 'content_removal'
  | 'choice_of_law'
  | 'jurisdiction'
  | 'arbitration'
  | 'contract_by_using';

/** CLAUDETTE's level: 1 clearly fair, 2 potentially unfair, 3 clearly unfair. */
export type UnfairTermLevel = 1 | 2 | 3;

/** One sentence of a terms-of-service text in a CLAUDETTE category. */
export interface UnfairTermField {
  category: UnfairTermCategory;
  level: UnfairTermLevel;
  evidence: EvidenceSpan;
  /** Calibrated probability that the sentence is a term of this category (the learned terms-of-service models). */
  confidence?: number;
}

/** Everything the rules provider extracts from one contract; each field is null when absent. */
export interface ExtractedContract {
  language: ContractLanguage;
  clauses: Clause[];
  parties: PartyField[] | null;
  amounts: AmountField[] | null;
  penaltyRate: PenaltyRateField | null;
  liquidatedDamages: PresenceField | null;
  paymentDays: DaysField | null;
  terminationNoticeDays: DaysField | null;
  terminationForConvenience: PresenceField | null;
  governingLaw: GoverningLawField | null;
  /** Arbitration or litigation, and where. */
  disputeResolution: DisputeResolutionField | null;
  liabilityCap: LiabilityCapField | null;
  autoRenewal: AutoRenewalField | null;
  confidentialityYears: ConfidentialityYearsField | null;
  /** A duty to keep the other party's information secret (its length is `confidentialityYears`). */
  confidentiality: PresenceField | null;
  nonCompete: PresenceField | null;
  /** CUAD "Exclusivity": exclusive appointment, licence or dealing. */
  exclusivity: PresenceField | null;
  /** CUAD "Insurance": a party must hold insurance. */
  insurance: PresenceField | null;
  /** CUAD "Audit Rights": a party may audit or inspect the other's books, records or premises. */
  auditRights: PresenceField | null;
  /** CUAD "Change of Control": consent, notice or termination on a party's change of control. */
  changeOfControl: PresenceField | null;
  /** CUAD "Anti-Assignment": assigning the contract needs consent or is forbidden. */
  antiAssignment: PresenceField | null;
  /** CUAD "IP Ownership Assignment": IP created by one party becomes the other's. */
  ipOwnershipAssignment: PresenceField | null;
  /** CUAD "Minimum Commitment": a minimum purchase, order, sale or payment. */
  minimumCommitment: PresenceField | null;
  /** CUAD "Warranty Duration". */
  warrantyDuration: WarrantyDurationField | null;
  /** Terms-of-service clauses in the CLAUDETTE categories, with their level; null when none. */
  unfairTerms: UnfairTermField[] | null;
  /**
   * The learned models' verdict on every CUAD category, present or not, with its calibrated confidence and the
   * sentences that decided it (src/judgement/); null when no models are shipped.
   */
  judgements: Record<CuadCategory, CategoryJudgement> | null;
}

/** The learned models' verdict on one CUAD category of a contract. */
export interface CategoryJudgement {
  /** Whether the contract has the clause (the verdict the fields follow). */
  present: boolean;
  /** Calibrated probability that the verdict is right: `probability` when present, `1 - probability` when not. */
  confidence: number;
  /** Calibrated probability that the contract has the clause. */
  probability: number;
  /** Who decided: the rules (precise on contracts they never saw) or the learned model. */
  source: 'rules' | 'model';
  /** What the rules alone said. */
  rules: boolean;
  /** The sentences that decided it: the rules' evidence when they found it, else the sentence the model is surest of. */
  evidence: EvidenceSpan[];
}
