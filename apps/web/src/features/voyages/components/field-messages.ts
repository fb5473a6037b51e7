/**
 * The contract and the server word a field's message to follow its name ("is required", "must be 7 digits"); under
 * the field it reads as a sentence: "IMO number is required". Other messages ("a vessel with IMO 9074729 already
 * exists", "The first call is day 0") stay as they are.
 */
export function labelledMessage(label: string | undefined, message: string): string {
  return label && /^(is|are|must|should|has|cannot)\b/.test(message) ? `${label} ${message}` : message;
}
