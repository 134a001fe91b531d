import { defineNode } from '../contract.js';
import type { Finding, RiskLevel } from '../state.js';

/** Weight of one finding of each severity in the risk score. */
export const SEVERITY_WEIGHT: Record<RiskLevel, number> = { HIGH: 0.6, MEDIUM: 0.3, LOW: 0.1 };
/** Weight of a contract that tries to instruct the reviewer. */
export const INJECTION_WEIGHT = 0.3;
/** Score thresholds: at least 0.6 is HIGH, at least 0.25 MEDIUM, else LOW. */
export const RISK_THRESHOLDS = { HIGH: 0.6, MEDIUM: 0.25 } as const;

/**
 * score = 1 - Π(1 - weight) over findings (and an injection flag): independent risks combine,
 * the score stays in [0, 1), and one HIGH finding alone makes the contract HIGH.
 */
export function scoreRisk(
  findings: readonly Pick<Finding, 'severity'>[],
  flags: readonly string[],
): { riskScore: number; riskLevel: RiskLevel } {
  const weights = findings.map((finding) => SEVERITY_WEIGHT[finding.severity]);
  if (flags.includes('INSTRUCTION_INJECTION')) weights.push(INJECTION_WEIGHT);
  const riskScore = Number((1 - weights.reduce((remaining, weight) => remaining * (1 - weight), 1)).toFixed(4));
  const riskLevel: RiskLevel = riskScore >= RISK_THRESHOLDS.HIGH ? 'HIGH' : riskScore >= RISK_THRESHOLDS.MEDIUM ? 'MEDIUM' : 'LOW';
  return { riskScore, riskLevel };
}

/** risk: a score in 0..1 and a level by the documented rules above. */
export const riskNode = defineNode({
  name: 'risk',
  description: 'Scores risk from the findings and input flags: 1 - Π(1 - weight); HIGH ≥ 0.6, MEDIUM ≥ 0.25.',
  reads: ['findings', 'flags'],
  writes: ['riskScore', 'riskLevel'],
  async run(input) {
    return scoreRisk(input.findings, input.flags);
  },
  count: (output) => ({ riskScorePermille: Math.round((output.riskScore ?? 0) * 1000) }),
});
