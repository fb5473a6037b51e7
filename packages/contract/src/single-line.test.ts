import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SINGLE_LINE_MESSAGES, singleLine, singleLineProblem } from './single-line';

const name = singleLine(z.string().trim().min(1));

describe('one-line text', () => {
  it.each([
    ['Eve\r\nBcc: victim@example.com', SINGLE_LINE_MESSAGES.control],
    ['tab\there', SINGLE_LINE_MESSAGES.control],
    ['nul\u0000', SINGLE_LINE_MESSAGES.control],
    ['c1\u0085next line', SINGLE_LINE_MESSAGES.control],
    ['Invoice\u202etxt.exe', SINGLE_LINE_MESSAGES.bidi],
    ['isolate\u2066x\u2069', SINGLE_LINE_MESSAGES.bidi],
  ])('refuses %j', (value, message) => {
    expect(singleLineProblem(value)).toBe(message);
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each(['Demo Exports Pvt Ltd', 'Companhia São Paulo Exportação', 'شركة النقل', 'O’Brien & Sons — 100%'])(
    'accepts %j',
    (value) => {
      expect(singleLineProblem(value)).toBeNull();
      expect(name.parse(value)).toBe(value);
    },
  );

  it('a line break at either end is trimmed away, not refused', () => {
    expect(name.parse('\r\nHarbour Traders LLP\n')).toBe('Harbour Traders LLP');
  });
});
