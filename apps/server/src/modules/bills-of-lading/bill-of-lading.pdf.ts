import type { PrintKind } from '@lading/contract/bill-of-lading-review';
import type { BillOfLading } from '@lading/contract/bills-of-lading';
import { formatAmount2 } from '@lading/contract/decimal';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The bill of lading as a PDF (pdfmake, PDF standard fonts: nothing to load from disk or network).
 * A4 portrait; a diagonal "DRAFT" watermark until the bill is ISSUED or SURRENDERED.
 */

const STANDARD_FONTS = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
};
const STANDARD_FONT_FILES = new Set(Object.values(STANDARD_FONTS.Helvetica));

/**
 * pdfmake (with pdfkit and fontkit, about 2 MB of code) is loaded on the first PDF, not at start-up: most starts
 * print nothing (issue 29, figures 8 and 9).
 */
let pdfmakeLoaded: Promise<typeof import('pdfmake')> | undefined;
function loadPdfmake() {
  pdfmakeLoaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts(STANDARD_FONTS);
    // The document never refers to files or URLs; refuse them all (the standard font names are built into pdfkit).
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_FILES.has(path));
    return pdfmake;
  });
  return pdfmakeLoaded;
}

export type PrintLabel = {
  kind: PrintKind;
  /** 1-based number of this original or copy (ignored for drafts). */
  sequence: number;
};

const INK = '#1b2a41';
const MUTED = '#55606e';
const RULE = '#9aa5b1';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** dd/MM/YYYY (specification section 9) from `YYYY-MM-DD…`. */
export function formatBlDate(value: string | null): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Weights and measurements as stored (2 decimals), rounded half up on the decimal if ever more: never on the float. */
const weight = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatAmount2(value);

const WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];
const inWords = (n: number) => `${n} (${WORDS[n] ?? n})`;

const isFinal = (bill: BillOfLading) => bill.status === 'ISSUED' || bill.status === 'SURRENDERED';

/** The line under the title: what this print is. */
export function printTitle(bill: BillOfLading, label: PrintLabel): string {
  if (label.kind === 'original') return `ORIGINAL ${label.sequence} OF ${bill.noOfOriginals}`;
  if (label.kind === 'copy') return `COPY ${label.sequence} OF ${bill.noOfCopies} — NON-NEGOTIABLE`;
  return isFinal(bill) ? 'NON-NEGOTIABLE COPY' : 'DRAFT — FOR CHECKING ONLY';
}

const caption = (text: string): Content => ({ text: text.toUpperCase(), style: 'caption' });

function partyCell(
  title: string,
  party: {
    name: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
  } | null,
): TableCell {
  if (!party) return { stack: [caption(title), { text: '—', color: MUTED }] };
  return {
    stack: [
      caption(title),
      { text: dash(party.name), bold: true, margin: [0, 1, 0, 1] },
      ...(party.address ? [{ text: party.address }] : []),
      {
        text: [
          party.phone ? `Tel: ${party.phone}` : '',
          party.phone && party.email ? '   ' : '',
          party.email ?? '',
        ]
          .join('')
          .trim(),
        color: MUTED,
      },
    ],
  };
}

const field = (title: string, value: string): TableCell => ({
  stack: [caption(title), { text: value, margin: [0, 1, 0, 0] }],
});

const headerCell = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
  text,
  style: 'th',
  alignment,
});

const boxLayout = {
  hLineWidth: () => 0.6,
  vLineWidth: () => 0.6,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function containerTable(bill: BillOfLading): Content {
  const showTare = !bill.hideTareWeight;
  const showCbm = !bill.hideCbm;
  const headers: TableCell[] = [
    headerCell('Container No.'),
    headerCell('Type'),
    headerCell('Seal No'),
    headerCell('Packages', 'right'),
    headerCell('Gross (kg)', 'right'),
    ...(showTare ? [headerCell('Tare (kg)', 'right')] : []),
    ...(showCbm ? [headerCell('CBM', 'right')] : []),
    headerCell('VGM (kg)', 'right'),
    headerCell('VGM method'),
  ];
  const widths = [
    '*',
    32,
    'auto',
    'auto',
    'auto',
    ...(showTare ? ['auto'] : []),
    ...(showCbm ? ['auto'] : []),
    'auto',
    'auto',
  ];
  const body: TableCell[][] = [headers];
  if (bill.blContainerDetails.length === 0) {
    body.push([{ text: 'Container Not Allocated !', colSpan: headers.length, color: MUTED, italics: true }]);
  }
  for (const c of bill.blContainerDetails) {
    body.push([
      { text: c.containerNumber, bold: true },
      c.containerNickname,
      dash(c.sealNo),
      {
        text: `${dash(c.noOfPacks)}${c.packageTypeName ? ` ${c.packageTypeName}` : ''}`,
        alignment: 'right',
      },
      { text: weight(c.grossWeight), alignment: 'right' },
      ...(showTare ? [{ text: weight(c.containerTareweight), alignment: 'right' as const }] : []),
      ...(showCbm ? [{ text: weight(c.measurement), alignment: 'right' as const }] : []),
      { text: weight(c.vgm), alignment: 'right' },
      dash(c.vgmMethod),
    ]);
  }
  return {
    table: { headerRows: 1, widths, body },
    layout: boxLayout,
  };
}

function cargoTable(bill: BillOfLading): Content {
  const body: TableCell[][] = [
    [
      headerCell('HS code'),
      headerCell('Commodity'),
      headerCell('Package type'),
      headerCell('Package details'),
    ],
  ];
  if (bill.blCargoDetails.length === 0) {
    body.push([{ text: 'No cargo rows declared', colSpan: 4, color: MUTED, italics: true }, '', '', '']);
  }
  for (const c of bill.blCargoDetails) {
    body.push([dash(c.hsnCodeValue), dash(c.commodity), dash(c.packageTypeName), dash(c.packageDetails)]);
  }
  return { table: { headerRows: 1, widths: [50, '*', 90, '*'], body }, layout: boxLayout };
}

function totalsTable(bill: BillOfLading): Content {
  const cells: TableCell[] = [
    field('Total containers', String(bill.totalContainers)),
    field('Total packages', dash(bill.noOfPacks)),
  ];
  if (!bill.hideTotalWeight) {
    cells.push(field(`Net weight (${bill.netWeightUnit})`, weight(bill.netWeight)));
    cells.push(field(`Gross weight (${bill.grossWeightUnit})`, weight(bill.grossWeight)));
  }
  if (!bill.hideCbm) cells.push(field('Measurement (CBM)', weight(bill.measurement)));
  return {
    table: { widths: cells.map(() => '*'), body: [cells] },
    layout: boxLayout,
  };
}

function section(title: string, content: Content): Content {
  return { stack: [{ text: title, style: 'sectionTitle' }, content], margin: [0, 8, 0, 0] };
}

/** The document definition, exported for tests and for anyone who wants to look at the layout as data. */
export function billOfLadingDocument(
  bill: BillOfLading,
  label: PrintLabel,
  now: Date = new Date(),
): TDocumentDefinitions {
  const [notify1, notify2] = bill.blNotifyPartyDetails;
  const notifyParty = (p: typeof notify1) =>
    p ? { name: p.partyNameInBl || p.partyName, address: p.address, phone: p.mobile, email: p.email } : null;
  const title = printTitle(bill, label);
  const port = (name: string | null, code: string | null) =>
    name || code ? `${name ?? ''}${code ? ` (${code})` : ''}`.trim() : '—';

  return {
    compress: true,
    pageSize: 'A4',
    pageMargins: [32, 32, 32, 44],
    info: {
      title: `Bill of lading ${bill.number}`,
      author: 'Lading',
      subject: title,
      creator: 'Lading customer portal',
    },
    ...(isFinal(bill)
      ? {}
      : { watermark: { text: 'DRAFT', color: '#c0392b', opacity: 0.13, bold: true, fontSize: 140 } }),
    defaultStyle: { font: 'Helvetica', fontSize: 8, color: INK, lineHeight: 1.15 },
    styles: {
      brand: { fontSize: 24, bold: true, color: INK },
      docTitle: { fontSize: 15, bold: true, alignment: 'right' },
      printKind: { fontSize: 9, bold: true, alignment: 'right', color: '#c0392b' },
      caption: { fontSize: 6.5, color: MUTED, bold: true, characterSpacing: 0.3 },
      sectionTitle: { fontSize: 9, bold: true, margin: [0, 0, 0, 3] },
      th: { bold: true, fillColor: '#e9edf2', fontSize: 7.5 },
    },
    footer: (currentPage: number, pageCount: number): Content => ({
      margin: [32, 10, 32, 0],
      columns: [
        {
          text: `${bill.number} · ${title} · printed ${formatBlDate(now.toISOString())}`,
          color: MUTED,
          fontSize: 7,
        },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', color: MUTED, fontSize: 7 },
      ],
    }),
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: 'Lading', style: 'brand' },
              { text: 'Ocean freight carrier', color: MUTED },
              { text: `Issuing office: ${dash(bill.issuingOffice)}`, margin: [0, 4, 0, 0] },
            ],
          },
          {
            width: 240,
            stack: [
              { text: 'BILL OF LADING', style: 'docTitle' },
              { text: title, style: 'printKind', margin: [0, 2, 0, 4] },
              {
                table: {
                  widths: ['*', '*'],
                  body: [
                    [field('B/L No.', bill.number), field('B/L date', formatBlDate(bill.blDate))],
                    [field('B/L type', dash(bill.blType)), field('Booking No.', dash(bill.bookingNumber))],
                  ],
                },
                layout: boxLayout,
              },
            ],
          },
        ],
      },
      {
        margin: [0, 10, 0, 0],
        table: {
          widths: ['*', '*'],
          body: [
            [
              partyCell('Shipper', {
                name: bill.shipperNameInBl || bill.shipperName,
                address: bill.shipperAddress,
                phone: bill.shipperPhoneNo,
                email: bill.shipperMailId,
              }),
              partyCell('Consignee', {
                name: bill.consigneeNameInBl || bill.consigneeName,
                address: bill.consigneeAddress,
                phone: bill.consigneePhoneNo,
                email: bill.consigneeMailId,
              }),
            ],
            [
              partyCell('Notify party 1', notifyParty(notify1)),
              partyCell('Notify party 2', notifyParty(notify2)),
            ],
          ],
        },
        layout: boxLayout,
      },
      {
        margin: [0, 8, 0, 0],
        table: {
          widths: ['*', '*', '*', '*'],
          body: [
            [
              field('Vessel / voyage', `${dash(bill.vesselName)} / ${dash(bill.voyageNumber)}`),
              field('Port of loading', port(bill.polName, bill.polCode)),
              field('Port of discharge', port(bill.podName, bill.podCode)),
              field('Shipped on board', formatBlDate(bill.shippedOnBoardDate)),
            ],
            [
              field('Load type / terms', `${dash(bill.loadType)} · ${dash(bill.loadDischargeTerms)}`),
              field('Discharge type', dash(bill.dischargeType)),
              field('Freight', dash(bill.paymentMethod)),
              field('Cargo category', dash(bill.cargoCategory)),
            ],
          ],
        },
        layout: boxLayout,
      },
      section('Containers', containerTable(bill)),
      section('Cargo', cargoTable(bill)),
      {
        margin: [0, 8, 0, 0],
        table: {
          widths: ['*', 170],
          body: [
            [
              {
                stack: [
                  caption('Description of goods'),
                  { text: dash(bill.description), margin: [0, 2, 0, 0] },
                ],
              },
              { stack: [caption('Marks & Nos'), { text: dash(bill.marksAndNos), margin: [0, 2, 0, 0] }] },
            ],
          ],
        },
        layout: boxLayout,
      },
      ...(bill.saidToContain || bill.shipperLoadAndStowCount
        ? [
            {
              text: [
                bill.shipperLoadAndStowCount ? "Shipper's load, stow and count." : '',
                bill.saidToContain ?? '',
              ]
                .join(' ')
                .trim(),
              color: MUTED,
              margin: [0, 3, 0, 0],
            } as Content,
          ]
        : []),
      section('Totals', totalsTable(bill)),
      {
        margin: [0, 8, 0, 0],
        table: {
          widths: ['*', '*', '*'],
          body: [
            [
              field('Number of original B/Ls', inWords(bill.noOfOriginals)),
              field('Number of copies', inWords(bill.noOfCopies)),
              field(
                'Place and date of issue',
                `${dash(bill.issuingOffice)}, ${bill.issuedOn ? formatBlDate(bill.issuedOn) : 'not yet issued'}`,
              ),
            ],
          ],
        },
        layout: boxLayout,
      },
      {
        margin: [0, 14, 0, 0],
        columns: [
          {
            width: '*',
            text:
              'Received by the carrier in apparent good order and condition unless otherwise stated, the goods ' +
              'described above for carriage from the port of loading to the port of discharge. One original bill ' +
              'of lading, duly endorsed, must be surrendered in exchange for the goods; the others then stand void.',
            color: MUTED,
            fontSize: 7,
          },
          {
            width: 180,
            stack: [
              { text: 'Signed for the carrier, Lading', alignment: 'right', bold: true },
              {
                text: isFinal(bill) ? `by ${dash(bill.issuedBy)}` : 'not signed (draft)',
                alignment: 'right',
                color: MUTED,
                margin: [0, 18, 0, 0],
              },
            ],
          },
        ],
      },
    ],
  };
}

export async function renderBillOfLadingPdf(bill: BillOfLading, label: PrintLabel): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  return pdfmake.createPdf(billOfLadingDocument(bill, label)).getBuffer();
}
