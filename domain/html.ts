/**
 * The rich-text sanitiser (the API cleans what it stores, the console what it shows; pure, no DOM): HTML in, HTML out that holds only a small whitelist of tags
 * and no attribute but a link's address.
 *
 * Kept: p, br, b, strong, i, em, u, ul, ol, li, h1-h4, blockquote, and a with an http, https or mailto href (written
 * back with rel="noopener noreferrer nofollow"). Every other tag is dropped with its attributes (on*, style, class,
 * src...) and its text kept, except the elements whose content is not text (script, style, iframe, object, template,
 * svg, math...), dropped whole. Comments, doctypes and processing instructions go. Text is re-escaped, unclosed tags
 * are closed, stray end tags ignored, nesting deeper than MAX_DEPTH flattened. The output is what a browser parses
 * back to the same tree: nothing in it can run script.
 */

const KEEP = new Set([
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
]);
/** Elements dropped with everything inside them. */
const DROP_WHOLE = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'select',
  'svg',
  'math',
  'head',
]);
const VOID = new Set(['br']);
/** The deepest nesting kept; deeper tags are dropped and their text kept. */
export const MAX_DEPTH = 20;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Decodes character references (numeric, and the few named ones that matter for a URL scheme). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

const escapeText = (s: string) =>
  s
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A link address that is safe to keep: http, https or mailto, after decoding, without control characters. */
export function safeHref(raw: string): string | null {
  // Browsers drop ASCII tab/newline anywhere in a URL and trim C0 controls and spaces around it.
  const url = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // eslint-disable-next-line no-control-regex
  if (!url || url.length > 2000 || /[\u0000-\u001f\u007f]/.test(url)) return null;
  if (/^mailto:[^\s]+$/i.test(url)) return url;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return null;
  return url;
}

/** One attribute of a tag: name and its (still encoded) value. */
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

interface Tag {
  name: string;
  end: boolean;
  attrs: Map<string, string>;
  /** Index after the tag's `>`. */
  next: number;
}

/** Reads a tag starting at `i` (`<` or `</` followed by a letter); null when it never closes. */
function readTag(html: string, i: number): Tag | null {
  const end = html[i + 1] === '/';
  let j = i + (end ? 2 : 1);
  const nameMatch = /[a-zA-Z][^\s/>]*/y;
  nameMatch.lastIndex = j;
  const m = nameMatch.exec(html);
  if (!m) return null;
  j = nameMatch.lastIndex;
  const attrs = new Map<string, string>();
  while (j < html.length) {
    const c = html[j];
    if (c === '>') return { name: m[0].toLowerCase(), end, attrs, next: j + 1 };
    if (c === '/' || /\s/.test(c)) {
      j++;
      continue;
    }
    ATTR.lastIndex = j;
    const a = ATTR.exec(html);
    if (!a) {
      j++;
      continue;
    }
    const name = a[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, a[2] ?? a[3] ?? a[4] ?? '');
    j = ATTR.lastIndex;
  }
  return null;
}

/** Sanitises rich-text HTML as described above. */
export function sanitizeHtml(input: string): string {
  const html = input.replace(/\r\n?/g, '\n');
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  const closeTo = (name: string) => {
    const at = open.lastIndexOf(name);
    if (at < 0) return;
    while (open.length > at) out.push(`</${open.pop()}>`);
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(html.slice(i)));
      break;
    }
    if (lt > i) out.push(escapeText(html.slice(i, lt)));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    const next = html[i + 1] ?? '';
    if (next === '!' || next === '?' || (next === '/' && !/[a-zA-Z]/.test(html[i + 2] ?? ''))) {
      // Doctype, processing instruction, `</ ...>`: a bogus comment up to the next `>`.
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    if (!/[a-zA-Z/]/.test(next)) {
      out.push('&lt;');
      i++;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) break; // A tag that never closes: the browser drops the rest too.
    i = tag.next;
    if (DROP_WHOLE.has(tag.name)) {
      if (tag.end) continue;
      // Skip to its end tag (the content is not text); without one, everything after it goes.
      const close = new RegExp(`</${tag.name}[\\s/>]`, 'ig');
      close.lastIndex = i;
      const found = close.exec(html);
      if (!found) break;
      const after = html.indexOf('>', found.index);
      i = after < 0 ? html.length : after + 1;
      continue;
    }
    if (tag.name === 'plaintext') break;
    if (!KEEP.has(tag.name)) continue;
    if (tag.end) {
      if (!VOID.has(tag.name)) closeTo(tag.name);
      continue;
    }
    if (VOID.has(tag.name)) {
      out.push(`<${tag.name}>`);
      continue;
    }
    if (open.length >= MAX_DEPTH) continue;
    if (tag.name === 'a') {
      if (open.includes('a')) closeTo('a'); // Links do not nest.
      const href = safeHref(tag.attrs.get('href') ?? '');
      out.push(href ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer nofollow">` : '<a>');
    } else {
      out.push(`<${tag.name}>`);
    }
    open.push(tag.name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
