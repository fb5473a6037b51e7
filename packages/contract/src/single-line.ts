import type { z } from 'zod';

/** No control character (CR, LF, TAB, NUL, DEL, the C1 range): a one-line field (a name, a reason) never holds one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for.
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
/**
 * No bidirectional embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069): they make a name read
 * differently from what it is ("Invoice\u202etxt.exe" shows as "Invoiceexe.txt").
 */
const WITHOUT_BIDI_CONTROLS = /^[^\u202a-\u202e\u2066-\u2069]*$/;

export const SINGLE_LINE_MESSAGES = {
  control: 'must be one line of text, without control characters',
  bidi: 'must not contain bidirectional control characters',
} as const;

/** Whether a text may stand in a one-line field: the message to show, or null. */
export function singleLineProblem(value: string): string | null {
  if (!WITHOUT_CONTROL_CHARACTERS.test(value)) return SINGLE_LINE_MESSAGES.control;
  if (!WITHOUT_BIDI_CONTROLS.test(value)) return SINGLE_LINE_MESSAGES.bidi;
  return null;
}

/**
 * A one-line text field (names, reasons): a CR/LF would end up in a mail header or a log line, a bidi control would
 * spoof the name on a screen. Refused with a message naming the field; as patterns, so the OpenAPI document states
 * the rule too.
 */
export const singleLine = (schema: z.ZodString) =>
  schema
    .regex(WITHOUT_CONTROL_CHARACTERS, SINGLE_LINE_MESSAGES.control)
    .regex(WITHOUT_BIDI_CONTROLS, SINGLE_LINE_MESSAGES.bidi);
