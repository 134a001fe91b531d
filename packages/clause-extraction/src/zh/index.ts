/** Rules for Chinese contract drafting, hooked into the shared extractors (`../*.ts`) and `../extract-fields.ts`. */
export { extractChineseAntiAssignment } from './anti-assignment.js';
export { extractChineseAuditRights } from './audit-rights.js';
export { extractChineseChangeOfControl } from './change-of-control.js';
export { extractChineseConfidentialityYears } from './confidentiality.js';
export { extractChineseExclusivity } from './exclusivity.js';
export { extractChineseInsurance } from './insurance.js';
export { extractChineseIpAssignment } from './ip-assignment.js';
export { extractChineseLiquidatedDamages } from './liquidated-damages.js';
export { extractChineseMinimumCommitment } from './minimum-commitment.js';
export { extractChineseNonCompete } from './non-compete.js';
