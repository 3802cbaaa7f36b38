import { DOMParser, DOMSerializer, type Node, Schema } from 'prosemirror-model';
import { linkHref } from './rich-text-link';

/**
 * What a description may hold, and so all the editor can write: paragraphs and line breaks, bold and
 * italic, bulleted and numbered lists, links to web and e-mail addresses, and headings of one level (h3:
 * the page's section title above a description is an h2). `sanitizeDescription` keeps exactly these.
 * Anything else pasted or loaded (older descriptions' h2, h4, blockquote, u) keeps its text only.
 */
export const richTextSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { content: 'inline*', group: 'block', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    heading: {
      content: 'text*',
      group: 'block',
      defining: true,
      parseDOM: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => ({ tag })),
      toDOM: () => ['h3', 0],
    },
    bullet_list: {
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ul' }],
      toDOM: () => ['ul', 0],
    },
    ordered_list: {
      content: 'list_item+',
      group: 'block',
      parseDOM: [{ tag: 'ol' }],
      toDOM: () => ['ol', 0],
    },
    list_item: {
      content: 'paragraph (paragraph | bullet_list | ordered_list)*',
      defining: true,
      parseDOM: [{ tag: 'li' }],
      toDOM: () => ['li', 0],
    },
    text: { group: 'inline' },
    hard_break: {
      inline: true,
      group: 'inline',
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: () => ['br'],
    },
  },
  marks: {
    link: {
      attrs: { href: {} },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (dom) => {
            const href = linkHref(dom.getAttribute('href') ?? '');
            return href ? { href } : false;
          },
        },
      ],
      toDOM: (mark) => ['a', { href: mark.attrs.href as string }, 0],
    },
    strong: {
      parseDOM: [
        { tag: 'strong' },
        { tag: 'b', getAttrs: (dom) => dom.style.fontWeight !== 'normal' && null },
        { style: 'font-weight=400', clearMark: (mark) => mark.type.name === 'strong' },
        { style: 'font-weight', getAttrs: (value) => /^(bold(er)?|[6-9]\d{2})$/.test(value) && null },
      ],
      toDOM: () => ['strong', 0],
    },
    em: {
      parseDOM: [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style=italic' }],
      toDOM: () => ['em', 0],
    },
  },
});

const parser = DOMParser.fromSchema(richTextSchema);
const serializer = DOMSerializer.fromSchema(richTextSchema);

/** The document of a description's HTML, read in an inert document: nothing in it loads or runs. */
export function docOf(html: string): Node {
  const inert = new window.DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return parser.parse(inert.body);
}

/** The HTML a document is saved as; one without any text is an empty string, not `<p></p>`. */
export function htmlOf(doc: Node): string {
  if (!doc.textContent.trim()) return '';
  const box = document.createElement('div');
  box.append(serializer.serializeFragment(doc.content));
  return box.innerHTML;
}
