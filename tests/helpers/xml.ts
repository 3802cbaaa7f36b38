// A strict reader of the XML the portal writes (sitemaps): it refuses what is not well-formed (unclosed or
// crossed tags, an unquoted or repeated attribute, a bare "<" or "&", an unknown entity) instead of
// guessing, as an HTML parser would. No DTDs, comments or CDATA: the portal writes none.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const name = '[A-Za-z_][\\w.:-]*';
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes('<')) throw new Error(`bare "<" at ${where}`);
  return raw.replace(/&([^;\s]*);?/g, (whole, entity: string) => {
    if (!whole.endsWith(';')) throw new Error(`bare "&" at ${where}`);
    if (entity in entities) return entities[entity] as string;
    const code = /^#(\d+)$/.exec(entity)?.[1] ?? /^#x([0-9a-f]+)$/i.exec(entity)?.[1];
    if (!code) throw new Error(`unknown entity &${entity}; at ${where}`);
    return String.fromCodePoint(Number.parseInt(code, entity.startsWith('#x') ? 16 : 10));
  });
}

/** The root element of `xml`, which must be one well-formed document with an XML declaration. */
export function parseXml(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error('no XML declaration');
  let at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const tag = new RegExp(`<(/?)(${name})((?:\\s+${name}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, 'y');
  const attr = new RegExp(`(${name})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');
  while (at < xml.length) {
    const next = xml.indexOf('<', at);
    const text = xml.slice(at, next === -1 ? xml.length : next);
    const parent = stack[stack.length - 1];
    if (text.trim()) {
      if (!parent) throw new Error(`text outside the root at ${at}`);
      parent.text += decode(text, at);
    }
    if (next === -1) break;
    tag.lastIndex = next;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${next}: ${xml.slice(next, next + 60)}`);
    const [whole, closing, tagName = '', attrText = '', selfClosing] = m;
    at = next + whole.length;
    if (closing) {
      const open = stack.pop();
      if (attrText.trim() || selfClosing || open?.name !== tagName)
        throw new Error(`</${tagName}> does not close <${open?.name}> at ${next}`);
      continue;
    }
    const element: XmlElement = { name: tagName, attrs: {}, children: [], text: '' };
    for (const a of attrText.matchAll(attr)) {
      const key = a[1] as string;
      if (key in element.attrs) throw new Error(`attribute ${key} twice at ${next}`);
      element.attrs[key] = decode(a[2] ?? a[3] ?? '', next);
    }
    if (parent) parent.children.push(element);
    else if (root) throw new Error(`second root element at ${next}`);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1]?.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}
