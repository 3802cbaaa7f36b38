// A small XML writer for documents the portal hands to other systems (FA(3) invoices): a tree of elements
// rendered with every text and attribute escaped, so no user data is ever concatenated into markup.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  content: string | XmlElement[];
}

type Child = XmlElement | null | undefined | false;

const namePattern = /^[A-Za-z_][\w.-]*$/;

// XML 1.0 forbids most C0 controls and lone surrogates; C1 controls and DEL are allowed but mean nothing
// on an invoice. All of them are dropped rather than escaped (a character reference would still be invalid).
const unwanted =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without the characters XML cannot carry. */
export function xmlSafe(text: string): string {
  return text.replace(unwanted, '');
}

const textEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const attrEscapes: Record<string, string> = {
  ...textEscapes,
  '"': '&quot;',
  '\n': '&#xA;',
  '\t': '&#x9;',
};

const escapeText = (text: string) => xmlSafe(text).replace(/[&<>\r]/g, (c) => textEscapes[c] ?? c);
const escapeAttr = (text: string) => xmlSafe(text).replace(/[&<>"\r\n\t]/g, (c) => attrEscapes[c] ?? c);

function checkName(name: string): string {
  if (!namePattern.test(name)) throw new Error(`not an XML name: ${name}`);
  return name;
}

/**
 * An element with a text (a string or number) or child elements; children that are null, undefined or
 * false are left out, so optional parts read as `condition && el(...)`.
 */
export function el(
  name: string,
  content: string | number | Child[],
  attrs: Record<string, string> = {},
): XmlElement {
  for (const key of Object.keys(attrs)) checkName(key);
  return {
    name: checkName(name),
    attrs,
    content: Array.isArray(content)
      ? content.filter((child): child is XmlElement => Boolean(child))
      : String(content),
  };
}

function render(element: XmlElement, indent: string, out: string[]): void {
  const attrs = Object.entries(element.attrs)
    .map(([key, value]) => ` ${key}="${escapeAttr(value)}"`)
    .join('');
  const open = `${indent}<${element.name}${attrs}`;
  if (typeof element.content === 'string') {
    out.push(`${open}>${escapeText(element.content)}</${element.name}>`);
  } else if (element.content.length === 0) {
    out.push(`${open}/>`);
  } else {
    out.push(`${open}>`);
    for (const child of element.content) render(child, `${indent}  `, out);
    out.push(`${indent}</${element.name}>`);
  }
}

/** The document: an XML declaration (UTF-8) and the root, indented by two spaces, ending with a newline. */
export function renderXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, '', out);
  return `${out.join('\n')}\n`;
}
