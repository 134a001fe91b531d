/** The CUAD categories that map to an extracted field, in report order (the evaluation and the learned models use this list). */
export const CUAD_CATEGORIES = [
  'Governing Law',
  'Cap on Liability',
  'Uncapped Liability',
  'Liquidated Damages',
  'Termination for Convenience',
  'Renewal Term',
  'Notice Period to Terminate Renewal',
  'Non-Compete',
  'Exclusivity',
  'Insurance',
  'Audit Rights',
  'Change of Control',
  'Anti-Assignment',
  'IP Ownership Assignment',
  'Minimum Commitment',
  'Warranty Duration',
] as const;

export type CuadCategory = (typeof CUAD_CATEGORIES)[number];
