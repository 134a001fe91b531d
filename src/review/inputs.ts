import { z } from 'zod';
import { unstorableCharacter, unstorableCharacterName } from '../platform/text.js';

/** What one review needs from its submitter. */
export interface ReviewInput {
  contractId: string;
  title: string;
  text: string;
  asOf?: Date | null;
}

export interface ReviewInputLimits {
  maxTextBytes: number;
}

const contractIdPattern = /^[\p{L}\p{N}][\p{L}\p{N}._:/#-]{0,127}$/u;

/** Whether a contract id may be stored as given. */
export const isStorableContractId = (contractId: string): boolean => contractIdPattern.test(contractId);

/**
 * The rules an input must satisfy to be reviewed (zod, like `config.ts`). Fields are checked in
 * the order contractId, title, text; the first problem is reported.
 */
export function reviewInputSchema(limits: ReviewInputLimits) {
  return z.object({
    contractId: z.string().regex(contractIdPattern, 'contractId must be 1-128 letters, digits and . _ : / # -.'),
    title: z.string().superRefine((title, context) => {
      if (!title.trim() || title.length > 300) return void context.addIssue({ code: 'custom', message: 'title must be 1-300 characters.' });
      const character = unstorableCharacter(title);
      if (character) context.addIssue({ code: 'custom', message: `title contains ${unstorableCharacterName[character]}.` });
    }),
    text: z.string().superRefine((text, context) => {
      if (!text.trim()) return void context.addIssue({ code: 'custom', message: 'text must not be empty.' });
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > limits.maxTextBytes)
        return void context.addIssue({ code: 'custom', message: `text is ${bytes} bytes; the limit is ${limits.maxTextBytes}.` });
      const character = unstorableCharacter(text);
      if (character)
        context.addIssue({
          code: 'custom',
          message: `text contains ${unstorableCharacterName[character]}; send the contract as plain text.`,
        });
    }),
  });
}

/** Checks review inputs against the limits; `problem` says why one cannot be reviewed, or null. */
export class ReviewInputCheck {
  private readonly schema: ReturnType<typeof reviewInputSchema>;

  constructor(limits: ReviewInputLimits) {
    this.schema = reviewInputSchema(limits);
  }

  problem(input: ReviewInput): { message: string; field: string } | null {
    const result = this.schema.safeParse(input);
    if (result.success) return null;
    const [issue] = result.error.issues;
    return { message: issue!.message, field: String(issue!.path[0]) };
  }
}
