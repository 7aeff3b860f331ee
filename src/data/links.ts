/** Addresses built from sheet values, in one place so every page links alike. */

/** Path of a tenant's page; the tenant name is the key, percent-encoded as browsers send it. */
export function tenantPath(tenant: string): string {
  return `/preRentedList/${encodeURIComponent(tenant)}`;
}

export function localityPath(route: string): string {
  return `/location/${route}`;
}

export function localityTenantPath(route: string, tenant: string): string {
  return `/location/${route}/${encodeURIComponent(tenant)}`;
}

export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailLink(email: string): string {
  return `mailto:${email}`;
}

/** A WhatsApp chat with the brokerage, the visitor's first message already typed. */
export function chatLink(chatNumber: string, text: string): string {
  return `https://wa.me/${chatNumber}?text=${encodeURIComponent(text)}`;
}

/** The page a locality's pre-rented card opens: the locality's own tenant page when it has them, else the tenant's page. */
export function localityRecordPath(
  locality: { route: string; tenant_pages: boolean },
  tenant: string,
): string {
  return locality.tenant_pages ? localityTenantPath(locality.route, tenant) : tenantPath(tenant);
}

/** The chat message a visitor sends about one pre-rented property: the greeting, then the tenant and building. */
export function preRentedEnquiryText(greeting: string, record: { tenant: string; building: string }): string {
  return `${greeting} the pre-rented property leased to ${record.tenant} at ${record.building}.`;
}

/** The contact page, whose form takes an enquiry when the pop-up cannot open (before the page's script runs). */
export const CONTACT_PATH = '/contactUs';

/** Addresses of the listing pages, shared by the route table and the links between them. */
export const LISTING_PATHS = {
  home: '/',
  underConstruction: '/ourProperty',
  residential: '/residential',
  preRented: '/preRentedList',
  table: '/preRentedTable',
  newDevelopment: '/newDevelopment',
  listWithUs: '/listWithUs',
} as const;
