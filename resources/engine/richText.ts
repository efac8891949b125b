/**
 * HTML of the rich-text editor: its text, and a cleaning before it is shown (the API sanitises what it stores; this
 * keeps the console safe from whatever an older row holds). Browser only (DOMParser).
 */

/** Tags kept as they are; any other element is replaced by its content (script-like ones are dropped whole). */
const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'div',
  'span',
]);
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'link', 'meta', 'svg', 'math']);

/** A link target that is safe to follow (http, https, mailto or a relative path). */
export function safeHref(href: string): string | null {
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

function clean(node: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 8) {
      child.remove();
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      el.remove();
      continue;
    }
    clean(el);
    if (!ALLOWED.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      if (tag === 'a' && attr.name === 'href') continue;
      el.removeAttribute(attr.name);
    }
    if (tag === 'a') {
      const href = safeHref(el.getAttribute('href') ?? '');
      if (href) {
        el.setAttribute('href', href);
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      } else el.removeAttribute('href');
    }
  }
}

/** The HTML with only the editor's formatting tags and safe links left. */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return htmlText(html);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
