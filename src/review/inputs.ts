import { z } from 'zod';
import { badUserInput } from '../platform/errors.js';
import { unstorableCharacter, unstorableCharacterName } from '../platform/text.js';
import type { ExtractedDocument, ExtractionLimits, UploadedDocument } from './documents/extract.js';

/** A contract to review: its `text`, or a `file` (PDF, DOCX, TXT, Markdown) whose text is extracted. */
export interface ReviewInput {
  contractId: string;
  title: string;
  text?: string | null;
  file?: UploadedDocument | null;
  asOf?: Date | null;
}

/** An input whose contract text is known (given, or extracted from its file). */
export type TextReviewInput = Omit<ReviewInput, 'text' | 'file'> & { text: string };

export interface ReviewInputLimits {
  maxTextBytes: number;
  /** An uploaded file's size limit, before extraction (its text then meets `maxTextBytes`). */
  maxFileBytes: number;
  /** Pages of an uploaded PDF, whatever its size (SUANNI_REVIEW_MAX_PAGES). */
  maxPages?: number;
}

/** Reads an uploaded file's text: the gateway's {@link DocumentExtractor}, or `extractDocument` on this thread. */
export type ExtractFile = (file: UploadedDocument, limits: ExtractionLimits) => Promise<ExtractedDocument>;

/**
 * The input with its contract text: `text` as given, or extracted from `file` by `extract`; exactly one of
 * them is required. Throws BAD_USER_INPUT (the field named `field`) when neither, both, or a file
 * that yields no text.
 */
export async function withContractText(
  input: ReviewInput,
  limits: ReviewInputLimits,
  field: string,
  extract: ExtractFile,
): Promise<TextReviewInput> {
  const { file, text, ...rest } = input;
  const hasText = text !== null && text !== undefined;
  if (hasText === Boolean(file)) throw badUserInput('Send exactly one of text or file.', field);
  if (file) {
    const extracted = await extract(file, {
      maxBytes: limits.maxFileBytes,
      maxTextBytes: limits.maxTextBytes,
      maxPages: limits.maxPages,
      field: `${field}.file`,
    });
    return { ...rest, text: extracted.text };
  }
  return { ...rest, text: text! };
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

  problem(input: TextReviewInput): { message: string; field: string } | null {
    const result = this.schema.safeParse(input);
    if (result.success) return null;
    const [issue] = result.error.issues;
    return { message: issue!.message, field: String(issue!.path[0]) };
  }
}
