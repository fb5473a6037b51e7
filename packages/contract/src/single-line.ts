import type { z } from 'zod';

/** Control characters (CR, LF, TAB, NUL, DEL and the C1 range): never part of a one-line field (a name, a reason). */
const CONTROL_CHARACTER = /\p{Cc}/u;
/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they make a name read
 * differently from what it is ("Invoice\u202etxt.exe" shows as "Invoiceexe.txt").
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

export const SINGLE_LINE_MESSAGES = {
  control: 'must be one line of text, without control characters',
  bidi: 'must not contain bidirectional control characters',
} as const;

/** Whether a text may stand in a one-line field: the message to show, or null. */
export function singleLineProblem(value: string): string | null {
  if (CONTROL_CHARACTER.test(value)) return SINGLE_LINE_MESSAGES.control;
  if (BIDI_CONTROL.test(value)) return SINGLE_LINE_MESSAGES.bidi;
  return null;
}

/**
 * A one-line text field (names, reasons): a CR/LF would end up in a mail header or a log line, a bidi control would
 * spoof the name on a screen. Refused with a message naming the field.
 */
export const singleLine = <T extends z.ZodType<string, string>>(schema: T) =>
  schema
    .refine((value) => !CONTROL_CHARACTER.test(value), SINGLE_LINE_MESSAGES.control)
    .refine((value) => !BIDI_CONTROL.test(value), SINGLE_LINE_MESSAGES.bidi);
