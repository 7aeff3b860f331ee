/** A moment as staff in Gurgaon read it: "25 Nov 2026, 12:30 pm". */
const FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

export const when = (iso: string): string => FORMAT.format(new Date(iso));
