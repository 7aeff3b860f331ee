import type { LegalParty, LegalSection } from './legal';

/**
 * Terms and Conditions: the general terms, then one section for each service the site offers
 * (listings, prices, enquiries, appointments), in plain words for a Gurugram brokerage; Indian law governs and the courts at Gurugram, Haryana decide.
 */
export function termsAndConditions({ brand, email }: LegalParty): LegalSection[] {
  return [
    {
      title: 'General terms',
      paragraphs: [`These terms apply to everyone who uses this website, which ${brand} publishes.`],
      points: [
        'The website describes properties and projects for information. It is not an offer, an advertisement of a fixed price or a contract; every transaction is agreed in writing, separately.',
        'Prices, rents, areas, yields and availability come from developers and owners, change often and are confirmed only at the time of booking or signing.',
        'Project details, plans and pictures are indicative. Check each project’s registration and approved plans on the website of the Haryana Real Estate Regulatory Authority (HARERA) before you commit.',
        'Sending an enquiry creates no obligation for you or for us.',
      ],
    },
    {
      title: 'Accurate information',
      paragraphs: [
        'When you fill in a form, give your real name and contact details and describe your requirement honestly, so that we can help you. Do not submit anyone else’s details without their permission.',
      ],
    },
    {
      title: 'Confidentiality',
      paragraphs: [
        'We treat what you tell us about your requirements, budget and property as confidential and use it only as our Privacy Policy describes. Likewise, documents we share with you about a property (such as lease terms) are for your evaluation only and must not be passed on.',
      ],
    },
    {
      title: 'Prohibited access',
      paragraphs: [
        'You may not try to reach parts of the website or of our systems that are not offered to the public, probe or test their security, or get around any measure that limits access.',
      ],
    },
    {
      title: 'Integrity of resources',
      paragraphs: [
        'You may not interfere with the working of the website: no overloading, no harmful code, no automated submission of forms, and no collection of its content by automated means beyond what ordinary search engines do.',
      ],
    },
    {
      title: 'Unauthorised use',
      paragraphs: [
        'Using the website for anything unlawful, misleading or fraudulent, or to send unsolicited messages, is not allowed. We may block access and report misuse to the authorities.',
      ],
    },
    {
      title: 'Liability',
      paragraphs: [
        'We take care to keep the website accurate, but decisions to buy, sell, lease or invest are yours. Before you commit, take independent legal and financial advice and verify title, approvals and terms.',
      ],
    },
    {
      title: 'Indemnification',
      paragraphs: [
        `You agree to compensate ${brand} for any loss or claim caused by your breach of these terms or by your misuse of the website.`,
      ],
    },
    {
      title: 'Acceptance',
      paragraphs: [
        'By using the website you accept these terms. If you do not accept them, please do not use it.',
      ],
    },
    {
      title: 'Intent of the website',
      paragraphs: [
        'The website introduces our services as a real-estate agent and helps you contact us. It does not sell property online, take bookings or accept payments.',
      ],
    },
    {
      title: 'Official website',
      paragraphs: [
        `This is the official website of ${brand}. We never ask for payments into personal accounts; if anyone does so in our name, do not pay and tell us at ${email}.`,
      ],
    },
    {
      title: 'Copyright',
      paragraphs: [
        `The text, design and pictures of this website belong to ${brand} or to the developers who provided them. You may view and print pages for your own use; any other copying needs our written permission.`,
      ],
    },
    {
      title: 'Trademarks',
      paragraphs: [
        'Project names, developer names and logos belong to their owners and are shown only to identify the projects we advise on. Their use implies no endorsement beyond our stated partnerships.',
      ],
    },
    {
      title: 'Links',
      paragraphs: [
        'Links to other websites (developers, maps, videos, social networks, the regulator) are for your convenience. We do not control those sites and are not responsible for their content or privacy practices.',
      ],
    },
    {
      title: 'Use of information',
      paragraphs: [
        'Information you submit is used as our Privacy Policy describes. Information on this website may be used for your own decision-making, not republished as your own.',
      ],
    },
    {
      title: 'No warranty',
      paragraphs: [
        'The website is provided as it is. We do not guarantee that it is complete, current or free of errors, or that it will always be available.',
      ],
    },
    {
      title: 'Exclusion of liability',
      paragraphs: [
        'To the extent Indian law allows, we are not liable for any indirect or consequential loss arising from the use of the website or reliance on its content, including loss of profit or opportunity.',
      ],
    },
    {
      title: 'Submission',
      paragraphs: [
        'Anything you send through the website, other than personal data, may be used by us to improve our services without payment to you. Do not send confidential documents through the forms; we will ask for them separately when needed.',
      ],
    },
    {
      title: 'Availability',
      paragraphs: [
        'We may change, suspend or withdraw any part of the website, and any listed property may be sold, leased or withdrawn by its owner, at any time and without notice.',
      ],
    },
    {
      title: 'Additional terms',
      paragraphs: [
        'A property transaction is governed by the agreements signed for it (such as a brokerage agreement, a lease or an agreement for sale), which prevail over these terms where they differ.',
      ],
    },
    {
      title: 'Variation',
      paragraphs: [
        'We may revise these terms at any time by publishing a new version on this page. The version in force when you use the website applies.',
      ],
    },
    {
      title: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of India. The courts at Gurugram, Haryana have exclusive jurisdiction over any dispute arising from them or from the use of this website.',
      ],
    },
  ];
}
