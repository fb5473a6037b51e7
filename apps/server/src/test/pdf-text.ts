import { inflateSync } from 'node:zlib';

/**
 * The text shown on a PDF's pages, good enough for assertions on what pdfmake writes with the standard fonts:
 * content streams are inflated (FlateDecode) and the hex strings of TJ operators decoded as WinAnsi. Words at the
 * same height join into one line; separate cells on that line are joined with ` | `.
 */
/** WinAnsiEncoding differs from Latin-1 in 0x80–0x9F; these are the characters a bill of lading may use. */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
};
const decodeWinAnsi = (hex: string) =>
  [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');

export function extractPdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const marker = Buffer.from('stream');
  const end = Buffer.from('endstream');
  let from = 0;
  for (;;) {
    const start = pdf.indexOf(marker, from);
    if (start < 0) break;
    if (pdf.subarray(start - 3, start).toString('latin1') === 'end') {
      from = start + marker.length;
      continue;
    }
    let dataStart = start + marker.length;
    if (pdf[dataStart] === 0x0d) dataStart += 1;
    if (pdf[dataStart] === 0x0a) dataStart += 1;
    const dataEnd = pdf.indexOf(end, dataStart);
    if (dataEnd < 0) break;
    const dictionary = pdf.subarray(Math.max(0, start - 300), start).toString('latin1');
    const raw = pdf.subarray(dataStart, dataEnd);
    let content: string;
    try {
      content = (
        dictionary.lastIndexOf('/FlateDecode') > dictionary.lastIndexOf('obj') ? inflateSync(raw) : raw
      ).toString('latin1');
    } catch {
      content = '';
    }
    // pdfmake writes each word as `BT <x> <y> Tm [<hex> kerning <hex>] TJ ET`, its trailing space included.
    let lastY: string | null = null;
    for (const match of content.matchAll(/\S+ (\S+) Tm[^[]*\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
      const word = [...match[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decodeWinAnsi(m[1]!)).join('');
      const y = match[1]!;
      if (y !== lastY || lines.length === 0) lines.push(word);
      else {
        const previous = lines[lines.length - 1]!;
        lines[lines.length - 1] = /[\s/-]$/.test(previous) ? previous + word : `${previous} | ${word}`;
      }
      lastY = y;
    }
    from = dataEnd + end.length;
  }
  return lines.join('\n');
}
