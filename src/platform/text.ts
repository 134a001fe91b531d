/**
 * Characters PostgreSQL cannot keep: NUL (U+0000) is refused by `text` and `jsonb` alike
 * (error 22021 / 22P05); an unpaired UTF-16 surrogate is refused by `jsonb` and silently turned
 * into U+FFFD in `text`, so the stored value would differ from the one sent and a later lookup
 * by it would miss.
 */
export type UnstorableCharacter = 'NUL_CHARACTER' | 'UNPAIRED_SURROGATE';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what PostgreSQL text cannot store
const unstorableCharacters = /[\u0000\p{Cs}]/u;

/** Which unstorable character a string holds (NUL first), or null when it can be stored as is. */
export function unstorableCharacter(text: string): UnstorableCharacter | null {
  if (!unstorableCharacters.test(text)) return null;
  return text.includes('\u0000') ? 'NUL_CHARACTER' : 'UNPAIRED_SURROGATE';
}

/** Words for an error message. */
export const unstorableCharacterName: Record<UnstorableCharacter, string> = {
  NUL_CHARACTER: 'a NUL character (U+0000)',
  UNPAIRED_SURROGATE: 'an unpaired UTF-16 surrogate',
};
