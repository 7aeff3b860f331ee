/**
 * The About Us copy: the firm's standing claims, which change only when its story does; the
 * firm's name, founder and figures that change with the business come from the sheets.
 */

export const ABOUT_KICKER = 'About Us';

export const ABOUT_TITLE = 'Advice you can build on';

export function aboutParagraphs(brand: string): string[] {
  return [
    `${brand} is a Gurugram real-estate advisory for people who buy, sell and lease property that matters: Grade A offices, high-street retail, pre-rented bank branches and luxury homes across Gurugram, Dwarka and Delhi NCR.`,
    'For over 13 years we have helped investors, families and businesses find the right address and the right terms. We have closed more than 1.5B in total sales and work from a live inventory of 500 million in active listings, so we can show you what is really available, not just what is advertised.',
    'We are a founder-led team. Every mandate is reviewed by our founder, every price is checked against recent transactions, and every client has one advisor who stays with them from the first visit to the registry.',
  ];
}

/** The figures of the About Us band, as the firm states them in its brochure. */
export const ABOUT_CLAIMS = [
  { value: '13+', label: 'Years of experience' },
  { value: '1.5B+', label: 'In total sales' },
  { value: '500M', label: 'In active listings' },
  { value: '1', label: 'Founder who reviews every deal' },
] as const;

export function founderParagraphs(name: string): string[] {
  return [
    `${name} started the firm with a simple promise: advise every client as if the money were our own. That means walking the site before recommending it, reading the lease before quoting a yield, and saying no when a property is not right.`,
    `Today ${name} still leads every negotiation for our largest clients and personally meets each new member of the team.`,
  ];
}
