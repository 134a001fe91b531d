// How a chosen contract file becomes the file part of a `ReviewInput`.

/** What the server extracts itself once `ReviewInput.file` exists; text files are read here until then. */
export const SERVER_EXTRACTED = ['.pdf', '.docx'];
export const TEXT_FILES = ['.txt', '.md', '.markdown'];
export const ACCEPTED_FILES = [...TEXT_FILES, ...SERVER_EXTRACTED].join(',');

export class UnsupportedFileError extends Error {}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * The contract part of a `ReviewInput` for a chosen file. The one place to switch to uploads:
 * once the schema has `ReviewInput.file: File`, return `{ file }` for every type and `request()`
 * sends it as a GraphQL multipart request.
 */
export async function contractFromFile(file: File): Promise<{ text: string }> {
  const extension = extensionOf(file.name);
  if (TEXT_FILES.includes(extension)) return { text: await file.text() };
  if (SERVER_EXTRACTED.includes(extension)) {
    throw new UnsupportedFileError(`${file.name}: PDF and DOCX contracts need the gateway's file upload (ReviewInput.file), which this server does not offer yet. Paste the text instead.`);
  }
  throw new UnsupportedFileError(`${file.name}: choose a ${ACCEPTED_FILES} file.`);
}
