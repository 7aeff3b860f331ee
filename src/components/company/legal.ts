import type { Settings } from '../../schema/settings';

/** A numbered section of a legal page: its heading, paragraphs and an optional list of points. */
export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
  points?: readonly string[];
}

/** The firm's details a legal text names; all from the settings sheet. */
export interface LegalParty {
  brand: string;
  email: string;
  phone: string;
  address: string;
}

/** Anchor of a section, e.g. "section-3". */
export function sectionId(index: number): string {
  return `section-${index + 1}`;
}

export function legalParty(settings: Settings): LegalParty {
  return {
    brand: settings.brand_name,
    email: settings.email,
    phone: settings.phone,
    address: settings.address,
  };
}
