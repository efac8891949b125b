/**
 * HTML of the rich-text editor: its text and the address of a link typed in it (what is shown is cleaned by the API's
 * own sanitiser, domain/html.ts, in RichTextValue).
 */

/** The address of a link typed in the editor: http, https, mailto or a relative path as is; a bare host gets https. */
export function linkHref(href: string): string | null {
  const value = href.trim();
  if (/^(https?:|mailto:)/i.test(value) || /^[/#?]/.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  return `https://${value}`;
}

/** The text of an HTML fragment (tags removed), for "is the editor empty" checks. */
export function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ');
}
