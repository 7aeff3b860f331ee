import type { LegalParty, LegalSection } from './legal';

/**
 * The Privacy Policy: what we collect and from where, how we use, share, keep and protect it,
 * and how the policy changes, in plain words, written for a Gurugram brokerage under India's
 * Digital Personal Data Protection Act, 2023.
 */
export function privacyPolicy({ brand, email, phone, address }: LegalParty): LegalSection[] {
  return [
    {
      title: 'Introduction',
      paragraphs: [
        `${brand} ("we", "us") is a real-estate brokerage in Gurugram, Haryana. This policy explains what personal data we collect when you use this website or contact us, why we collect it, who we share it with, how long we keep it and how we protect it.`,
        'We process personal data in line with the Digital Personal Data Protection Act, 2023 (DPDP Act) and the rules made under it. By sending us an enquiry you consent to the uses described here for the purpose you contacted us for; you can withdraw that consent at any time (see section 6).',
      ],
    },
    {
      title: 'Sources of personal data',
      paragraphs: ['We collect personal data only from you, when you choose to give it to us:'],
      points: [
        'the enquiry pop-up and the project enquiry forms: your name, email address and phone number, and any requirement you describe;',
        'the appointment form: the project, date, budget and home size you are interested in;',
        'the Contact Us, List With Us and Join Our Team forms: your name, contact details, your message, details of your property or your years of experience;',
        'phone calls, WhatsApp chats, emails and visits to our office.',
      ],
    },
    {
      title: 'Non-personal data',
      paragraphs: [
        'Like every website, our web server receives technical information that does not identify you by itself: the pages requested, the time, the browser and device type, and the address of the page that linked to us. We use it only to keep the site working, secure and fast.',
        'This website does not use advertising cookies and does not build profiles of visitors. Videos and maps from third parties load only when you choose to play or open them; those providers then apply their own privacy policies.',
      ],
    },
    {
      title: 'How we use your data',
      paragraphs: ['We use the personal data you give us only to:'],
      points: [
        'answer your enquiry, call you back and arrange site visits or meetings;',
        'show you properties that match what you asked for, and keep you informed about them;',
        'list, market and negotiate the property you ask us to sell or lease;',
        'consider your application to join our team;',
        'keep the records that Indian law, including the Real Estate (Regulation and Development) Act, 2016, requires of a registered agent.',
      ],
    },
    {
      title: 'Sharing',
      paragraphs: [
        'We never sell your personal data. We share it only when the purpose you contacted us for needs it: with the developer or owner of a property you are interested in (so that a visit or a booking can be arranged), with service providers who process it for us under contract (email delivery, lead management and hosting), or when the law, a court or a regulator such as HARERA requires it.',
        'Our service providers may store data on servers outside India, in countries the Government of India has not restricted, and only under the safeguards the DPDP Act requires.',
      ],
    },
    {
      title: 'Retention and your rights',
      paragraphs: [
        'We keep an enquiry for as long as we are helping you and for up to three years after our last contact, so that we can answer questions about a transaction. Records of completed transactions are kept for as long as tax and real-estate law require. Job applications are kept for one year. After that, the data is deleted or anonymised.',
        `You have the right to see the personal data we hold about you, to have it corrected or completed, to have it erased, to withdraw your consent, to nominate someone to act for you, and to have a grievance answered. Write to ${email}, call ${phone} or write to us at ${address}; we answer within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.`,
      ],
    },
    {
      title: 'Security',
      paragraphs: [
        'This website is served only over an encrypted connection (HTTPS). Forms send their contents directly to our lead and email services; access to the data they receive is limited to the staff who need it to serve you, with individual accounts.',
        'If an enquiry cannot reach us at once (you are offline, or our system is busy), your browser keeps it on your device, in this website’s own storage, and sends it as soon as it can: when you are back online or open another page of the site. It is deleted from your device once we confirm we have received it, and in any case after 30 days; clearing this site’s data in your browser deletes it too. The address and campaign tags of the link that brought you here are kept by your browser only until you close the tab.',
        'No method of storage or transmission is completely secure. If a breach of personal data ever occurs, we will inform the people affected and the Data Protection Board of India as the DPDP Act requires.',
      ],
    },
    {
      title: 'Policy updates',
      paragraphs: [
        'We may update this policy when the law or the way we work changes. The current version is always on this page. When a change affects how we use data you have already given us, we will tell you before it applies.',
      ],
    },
  ];
}
