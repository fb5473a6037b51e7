/** "YYYY-MM" as a short month and year: "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** How long something has waited, in the largest whole unit: "3 days", "5 h", "12 min", "just now". */
export function formatAge(since: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
}

const ACTION_WORDS: Record<string, string> = {
  CREATED: 'created',
  UPDATED: 'updated',
  APPROVED: 'approved',
  RETURNED: 'returned with a comment',
  ISSUED: 'issued',
  PRINTED: 'printed',
  MAILED: 'e-mailed',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  PRICED: 'priced',
  CONFIRMED: 'confirmed',
  CANCELLED: 'cancelled',
};

const RECORD_NOUNS: Record<string, string> = {
  BILL_OF_LADING: 'Bill of lading',
  QUOTATION: 'Quotation',
  BOOKING: 'Booking',
};

/** One line of recent activity: "Bill of lading LDG26110003 returned with a comment". */
export function activityText(entry: { recordType: string; number: string; action: string }): string {
  const noun = RECORD_NOUNS[entry.recordType] ?? entry.recordType;
  return `${noun} ${entry.number} ${ACTION_WORDS[entry.action] ?? entry.action.toLowerCase()}`;
}
