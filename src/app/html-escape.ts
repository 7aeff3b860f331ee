const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** A string as React writes it in text and in attribute values alike (its escapeTextForBrowser). */
export function escapeHtml(value: string): string {
  return /[&<>"']/.test(value) ? value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char) : value;
}
