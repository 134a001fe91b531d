// How a chosen contract file becomes the contract part of a `ReviewInput`.

/** Contract files the gateway reads itself (`ReviewInput.file`, sent as a GraphQL multipart request). */
export const CONTRACT_FILES = ['.pdf', '.docx', '.txt', '.md', '.markdown'];
export const ACCEPTED_FILES = CONTRACT_FILES.join(',');

export class UnsupportedFileError extends Error {}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * The contract part of a `ReviewInput` for a chosen file: the file itself, which `request()` sends
 * as a GraphQL multipart request; the gateway extracts the text (and refuses an unreadable file
 * with BAD_USER_INPUT naming the problem).
 */
export async function contractFromFile(file: File): Promise<{ file: File }> {
  if (!CONTRACT_FILES.includes(extensionOf(file.name))) throw new UnsupportedFileError(`${file.name}: choose a ${ACCEPTED_FILES} file.`);
  return { file };
}
